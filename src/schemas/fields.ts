import { splitNames } from '../domain/name-list'
import { isSafeUrl } from '../domain/safe-url'
import { slugify } from '../domain/slug'
import { z } from './zod'

/** Shared limits, also used by the forms' maxLength attributes. */
export const limits = {
  title: 200,
  /** A page's address (slug); 200 letters percent-encode to at most 1,800 characters. */
  slug: 200,
  shortText: 500,
  longText: 10_000,
  url: 2_048,
  listItems: 20,
  tag: 50,
  bullet: 1_000,
  date: 100,
  name: 200,
  email: 320,
  message: 5_000,
  username: 100,
  password: 1_024,
  passwordMin: 8,
  /** An authentication code: six digits, or a recovery code (`abcd-efgh-ijkl-mnop`). */
  code: 64,
  /** The opaque challenge between the password and the code. */
  challenge: 100,
} as const

/**
 * Code points that are not characters at all: the Unicode noncharacters
 * (U+FDD0–U+FDEF and the last two of every plane, U+FFFE, U+FFFF, …
 * U+10FFFF), which XML may not carry (a feed holding U+FFFF is no longer
 * XML), and lone surrogates, which no encoding can write.
 */
const noncharacters = [
  '\\ufdd0-\\ufdef\\ufffe\\uffff',
  ...Array.from({ length: 16 }, (_, plane) => {
    const hex = (plane + 1).toString(16)
    return `\\u{${hex}fffe}\\u{${hex}ffff}`
  }),
  '\\ud800-\\udfff',
].join('')
/**
 * Characters no field may hold, for what they do rather than what they
 * show: C1 controls (U+0080–U+009F), the bidirectional embeddings,
 * overrides and isolates that turn text around (U+202A–U+202E,
 * U+2066–U+2069, and the marks U+200E, U+200F, U+061C), invisible
 * characters that make two equal-looking names differ or hide text (zero
 * width space U+200B, word joiner and invisible operators U+2060–U+2064,
 * U+180E, the byte order mark U+FEFF, soft hyphen U+00AD, U+034F, the
 * interlinear annotation marks U+FFF9–U+FFFB). The zero width joiner and
 * non-joiner (U+200D, U+200C) stay: emoji sequences and Persian, Arabic and
 * Indic writing need them. The noncharacters above are refused too.
 */
const formatCharacters =
  noncharacters +
  '\\u0080-\\u009f\\u00ad\\u034f\\u061c\\u180e\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff\\ufff9-\\ufffb'
/**
 * A single-line field (names, titles, tags, emails, URLs): no C0 control
 * at all (no line break, tab or NUL: a name with CR LF would become
 * header lines of an alert mail), nor line and paragraph separators
 * (U+2028, U+2029), nor the characters above.
 */
const singleLine = new RegExp(`^[^\\u0000-\\u001f\\u007f\\u2028\\u2029${formatCharacters}]*$`, 'u')
/** A multi-line field (a message, a Markdown text): line breaks and tabs, no other control. */
const multiLine = new RegExp(
  `^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f${formatCharacters}]*$`,
  'u',
)
const notAllowedMessage = (label: string) => `${label} contains a character that is not allowed.`
const lineBreakMessage = (label: string) => `${label} must be on one line.`

function typeError(label: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? `${label} is required.`
      : `${label} must be ${expected}.`
}

/** Whether a field holds one line (the default) or several. */
export interface TextOptions {
  multiline?: boolean
}

/**
 * A trimmed string of at most `max` characters, without control or
 * format characters (see above): what every text field starts from. A
 * single-line field refuses line breaks too, with its own message.
 */
function text(label: string, max: number, options: TextOptions = {}) {
  const base = z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
  if (options.multiline) return base.regex(multiLine, notAllowedMessage(label))
  return base
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), lineBreakMessage(label))
    .regex(singleLine, notAllowedMessage(label))
}

/** A required, trimmed string: blank counts as missing. */
export function requiredText(label: string, max: number, options: TextOptions = {}) {
  return text(label, max, options).min(1, `${label} is required.`)
}

/** An optional trimmed string that defaults to empty. */
export function optionalText(label: string, max: number, options: TextOptions = {}) {
  return text(label, max, options)
    .nullish()
    .transform((value) => value ?? '')
}

/** An optional trimmed string whose blank value is stored as null. */
export function nullableText(label: string, max: number, options: TextOptions = {}) {
  return text(label, max, options)
    .nullish()
    .transform((value) => (value ? value : null))
}

/**
 * A page's address (its slug), as the owner types it: blank, null or
 * absent is left out (the address follows the title); anything else is written the way
 * the title would be (`My Café` → `my-cafe`), so the form can show what
 * will be published. It must keep at least one letter or digit.
 */
export function addressField(label: string) {
  return text(label, limits.slug)
    .refine(
      (value) => value === '' || /[\p{L}\p{Nd}]/u.test(value),
      `${label} must hold at least one letter or digit.`,
    )
    .nullish()
    .transform((value) => (value ? slugify(value) : undefined))
    .optional()
}

/** A required e-mail address. */
export function emailAddress(label: string) {
  return requiredText(label, limits.email).pipe(z.email(`${label} must be a valid email address.`))
}

export function safeUrl(label: string) {
  return text(label, limits.url).refine(
    (value) => isSafeUrl(value),
    `${label} must be an http(s) URL or a path starting with /.`,
  )
}

/** An optional URL: blank (even only spaces, as other optional text) or absent becomes null. */
export function nullableUrl(label: string) {
  return z
    .union([z.string().regex(/^\s*$/), safeUrl(label)], {
      error: `${label} must be an http(s) URL or a path starting with /.`,
    })
    .nullish()
    .transform((value) => (value?.trim() ? value : null))
}

/**
 * A list of strings, absent meaning empty; blank items are dropped. A list
 * of names (`names`: skills) also splits each item on its separating commas
 * (src/domain/comma-list.ts), as a one-line list field does: no name holds one.
 */
export function stringList(
  label: string,
  itemMax: number,
  item = requiredText(label, itemMax),
  options: { names?: boolean } = {},
) {
  return z
    .array(z.string({ error: `Each item of ${label} must be text.` }), {
      error: typeError(label, 'a list'),
    })
    .nullish()
    .transform((items) => {
      const kept = (items ?? []).map((value) => value.trim()).filter((value) => value !== '')
      return options.names ? splitNames(kept) : kept
    })
    .pipe(
      z.array(item).max(limits.listItems, `${label} can hold at most ${limits.listItems} items.`),
    )
}

export function urlList(label: string) {
  return stringList(label, limits.url, safeUrl(label))
}

export const idSchema = z.coerce
  .number({ error: 'The id must be a number.' })
  .int('The id must be a whole number.')
  .positive('The id must be a positive number.')
  .max(2_147_483_647, 'The id is out of range.')

/** The timestamps every stored row answers with, after its own fields (ISO strings). */
export const timestamps = {
  created_at: z.string(),
  updated_at: z.string(),
}

/**
 * The version of an editable row as a read answers it (`version`, and the
 * `ETag` of a signed-in read of one item): a whole number that changes with
 * every save. Nothing to compute from it: compare it for equality only.
 */
export const versionSchema = z.number().int()

/**
 * The `version` a write was loaded from: a save over a newer one is a 409
 * and changes nothing. Absent: no check, the save replaces whatever is
 * stored (clients written before versions keep working).
 */
export const expectedVersion = z
  .number({ error: 'Version must be the number a read answered as `version`.' })
  .int('Version must be a whole number.')
  .nonnegative('Version must be a whole number.')
  .max(Number.MAX_SAFE_INTEGER, 'Version is out of range.')
  .optional()

import { isSafeUrl } from '../domain/safe-url'
import { z } from './zod'

/** Shared limits, also used by the forms' maxLength attributes. */
export const limits = {
  title: 200,
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

/** PostgreSQL text cannot hold NUL: refuse it up front (a 400, not a driver error). */
const noNul = /^[^\0]*$/
const noNulMessage = (label: string) => `${label} contains a character that is not allowed.`

function typeError(label: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? `${label} is required.`
      : `${label} must be ${expected}.`
}

/** A trimmed string of at most `max` characters, without NUL: what every text field starts from. */
function text(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .regex(noNul, noNulMessage(label))
    .max(max, `${label} must be at most ${max} characters.`)
}

/** A required, trimmed string: blank counts as missing. */
export function requiredText(label: string, max: number) {
  return text(label, max).min(1, `${label} is required.`)
}

/** An optional trimmed string that defaults to empty. */
export function optionalText(label: string, max: number) {
  return text(label, max)
    .nullish()
    .transform((value) => value ?? '')
}

/** An optional trimmed string whose blank value is stored as null. */
export function nullableText(label: string, max: number) {
  return text(label, max)
    .nullish()
    .transform((value) => (value ? value : null))
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

/** A list of strings, absent meaning empty; blank items are dropped. */
export function stringList(label: string, itemMax: number, item = requiredText(label, itemMax)) {
  return z
    .array(z.string({ error: `Each item of ${label} must be text.` }), {
      error: typeError(label, 'a list'),
    })
    .nullish()
    .transform((items) =>
      (items ?? []).map((value) => value.trim()).filter((value) => value !== ''),
    )
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

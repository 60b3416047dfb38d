import { ACCENT_PATTERN, DEFAULT_ACCENT } from '../domain/accent-names'
import { normaliseOrcid, ORCID_FORMAT_ERROR } from '../domain/orcid'
import {
  emailAddress,
  expectedVersion,
  limits,
  optionalText,
  requiredText,
  safeUrl,
  stringList,
  versionSchema,
} from './fields'
import { imageInfoSchema } from './media'
import { z } from './zod'

/** `@user@instance` (the leading @ optional when typed; stored with it). */
export const FEDIVERSE_ACCOUNT = /^@?[A-Za-z0-9_.-]{1,64}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/
/** A DID as Bluesky's handles use them: `did:plc:` or `did:web:`. */
export const ATPROTO_DID = /^did:(plc:[a-z2-7]{24}|web:[A-Za-z0-9.:%-]+)$/

/** A link of the owner's (Mastodon, a blog…), rendered with rel="me". */
export const profileLinkSchema = z.object({ label: z.string(), url: z.string() })
export type ProfileLink = z.infer<typeof profileLinkSchema>

export const profileSchema = z.object({
  name: z.string(),
  /** Null: not given. */
  birth_year: z.number().nullable(),
  /** Computed from birth_year and today's date on every read, never stored; null when hidden. */
  age: z.number().nullable(),
  /** Off: no age line, even with a birth year. */
  show_age: z.boolean(),
  email: z.string(),
  /** The study lines: each empty one is left out of the home page. */
  university: z.string(),
  major: z.string(),
  focus: z.string(),
  minor: z.string(),
  /** As the owner wrote it; empty: the greeting is made from the name. */
  headline: z.string(),
  /** What pages show: the headline, or "Hi, I'm {name}!" when it is empty. */
  greeting: z.string(),
  /** Markdown. */
  bio: z.string(),
  /** The bio rendered and sanitised as project descriptions are; empty when there is none. */
  bio_html: z.string(),
  skills: z.array(z.string()),
  location: z.string(),
  links: z.array(profileLinkSchema),
  linkedin_url: z.string(),
  github_url: z.string(),
  photo_url: z.string(),
  /** The photo's info when photo_url is an upload, else null. */
  photo: imageInfoSchema.nullable(),
  /** The site's accent colour, `#rrggbb` (src/domain/accent.ts). */
  accent_color: z.string(),
  /** `@user@instance`, or empty: the pages' `fediverse:creator`. */
  fediverse_account: z.string(),
  /** The Bluesky DID the domain answers at /.well-known/atproto-did, or empty. */
  atproto_did: z.string(),
  /** The owner's ORCID iD (`0000-0002-1825-0097`), or empty. */
  orcid: z.string(),
  version: versionSchema,
})
export type Profile = z.infer<typeof profileSchema>

/** A colour as `#rrggbb` (what `<input type="color">` gives), stored lower-case. */
export function accentColor(label: string) {
  return z
    .string({ error: `${label} must be a colour like ${DEFAULT_ACCENT}.` })
    .trim()
    .regex(ACCENT_PATTERN, `${label} must be a colour like ${DEFAULT_ACCENT}.`)
    .transform((value) => value.toLowerCase())
}

/** The earliest birth year accepted; the latest is this year (an age of 0). */
export const MIN_BIRTH_YEAR = 1900

/**
 * `PUT /api/profile`: every field `GET /api/profile` answers but the
 * computed age. The home page builds its sentences around the study lines
 * ("I'm a {major} major at {university}.", "My focus is on {focus}.", "I'm
 * currently pursuing a minor in {minor}."), so each is a phrase, not a sentence.
 */
export const profileInput = z.object({
  name: requiredText('Name', limits.name),
  /** Blank: the greeting follows the name. */
  headline: optionalText('Greeting headline', limits.title),
  /** Blank or absent: no birth year, no age line. */
  birth_year: z
    .union([z.literal(''), z.null(), z.coerce.number({ error: 'Birth year must be a year.' })], {
      error: 'Birth year must be a year.',
    })
    .optional()
    .transform((year) => (year === '' || year === undefined ? null : year))
    .pipe(
      z
        .number()
        .int('Birth year must be a whole year.')
        .min(MIN_BIRTH_YEAR, `Birth year must be ${MIN_BIRTH_YEAR} or later.`)
        .refine((year) => year <= new Date().getFullYear(), 'Birth year cannot be in the future.')
        .nullable(),
    ),
  email: emailAddress('Email'),
  university: optionalText('University', limits.title),
  major: optionalText('Major', limits.title),
  focus: optionalText('Focus', limits.shortText),
  minor: optionalText('Minor', limits.title),
  linkedin_url: safeUrl('LinkedIn URL'),
  github_url: safeUrl('GitHub URL'),
  photo_url: safeUrl('Photo URL'),
  // The fields below are optional so that clients written before them keep
  // working: left out, each stays as it is.
  accent_color: accentColor('Accent colour').optional(),
  show_age: z.boolean({ error: 'Show my age must be true or false.' }).optional(),
  bio: optionalText('About', limits.longText, { multiline: true }).optional(),
  skills: stringList('Skills', limits.tag, undefined, { names: true }).optional(),
  location: optionalText('Location', limits.title).optional(),
  links: z
    .array(
      z.object({
        label: requiredText('Link label', limits.title),
        url: safeUrl('Link URL'),
      }),
      { error: 'Links must be a list of { label, url }.' },
    )
    .max(limits.listItems, `Links can hold at most ${limits.listItems} items.`)
    .optional(),
  fediverse_account: optionalText('Fediverse account', limits.title)
    .refine(
      (value) => value === '' || FEDIVERSE_ACCOUNT.test(value),
      'Fediverse account must look like @you@mastodon.social.',
    )
    .transform((value) => (value && !value.startsWith('@') ? `@${value}` : value))
    .optional(),
  atproto_did: optionalText('Bluesky DID', limits.title)
    .refine(
      (value) => value === '' || ATPROTO_DID.test(value),
      'Bluesky DID must look like did:plc:abc123 (Bluesky: Settings → Account → Handle → I have my own domain).',
    )
    .optional(),
  /** Typed bare or as its orcid.org address; stored bare, its check character verified. */
  orcid: optionalText('ORCID iD', limits.title)
    .refine((value) => value === '' || normaliseOrcid(value) !== null, ORCID_FORMAT_ERROR)
    .transform((value) => (value === '' ? '' : (normaliseOrcid(value) ?? '')))
    .optional(),
})
export type ProfileInput = z.input<typeof profileInput>
export type ProfileData = z.output<typeof profileInput>

/** A save of the profile: its fields and, optionally, the `version` the form was loaded from. */
export const profileUpdateInput = profileInput.extend({ version: expectedVersion })

/** The greeting pages show: the headline as written, or one made from the current name. */
export function greetingOf(profile: { name: string; headline: string }): string {
  if (profile.headline.trim()) return profile.headline
  // No name yet (a new site, as visitors see it): no greeting rather than "Hi, I'm !".
  return profile.name.trim() ? `Hi, I'm ${profile.name}!` : ''
}

import { ACCENT_PATTERN, DEFAULT_ACCENT } from '../domain/accent-names'
import { emailAddress, limits, requiredText, safeUrl } from './fields'
import { imageInfoSchema } from './media'
import { z } from './zod'

export const profileSchema = z.object({
  name: z.string(),
  birth_year: z.number(),
  /** Computed from birth_year and today's date on every read, never stored. */
  age: z.number(),
  email: z.string(),
  university: z.string(),
  major: z.string(),
  focus: z.string(),
  minor: z.string(),
  headline: z.string(),
  linkedin_url: z.string(),
  github_url: z.string(),
  photo_url: z.string(),
  /** The photo's info when photo_url is an upload, else null. */
  photo: imageInfoSchema.nullable(),
  /** The site's accent colour, `#rrggbb` (src/domain/accent.ts). */
  accent_color: z.string(),
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
  headline: requiredText('Greeting headline', limits.title),
  birth_year: z.coerce
    .number({ error: 'Birth year must be a year.' })
    .int('Birth year must be a whole year.')
    .min(MIN_BIRTH_YEAR, `Birth year must be ${MIN_BIRTH_YEAR} or later.`)
    .refine((year) => year <= new Date().getFullYear(), 'Birth year cannot be in the future.'),
  email: emailAddress('Email'),
  university: requiredText('University', limits.title),
  major: requiredText('Major', limits.title),
  focus: requiredText('Focus', limits.shortText),
  minor: requiredText('Minor', limits.title),
  linkedin_url: safeUrl('LinkedIn URL'),
  github_url: safeUrl('GitHub URL'),
  photo_url: safeUrl('Photo URL'),
  // Optional, so that clients written before it keep working: left out, it stays as it is.
  accent_color: accentColor('Accent colour').optional(),
})
export type ProfileInput = z.input<typeof profileInput>
export type ProfileData = z.output<typeof profileInput>

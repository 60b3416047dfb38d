import { z } from 'zod'

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
})
export type Profile = z.infer<typeof profileSchema>

import { z } from 'zod'
import { imageInfoSchema } from './media'

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
})
export type Profile = z.infer<typeof profileSchema>

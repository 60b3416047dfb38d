import { z } from 'zod'
import {
  idSchema,
  limits,
  nullableUrl,
  requiredText,
  stringList,
  timestamps,
  urlList,
} from './fields'
import { imageInfoSchema } from './media'

export const projectInput = z.object({
  title: requiredText('Title', limits.title),
  description: requiredText('Short description', limits.shortText),
  long_description: requiredText('Long description', limits.longText),
  website_url: nullableUrl('Website URL'),
  image_urls: urlList('Image URLs'),
  tags: stringList('Tags', limits.tag),
  is_featured: z
    .boolean({ error: 'Featured must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
})
export type ProjectInput = z.input<typeof projectInput>
export type ProjectData = z.output<typeof projectInput>

export const projectUpdateInput = projectInput.extend({ id: idSchema })

export const projectSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  long_description: z.string(),
  /** long_description rendered from Markdown on the server, sanitised (server/markdown). */
  long_description_html: z.string(),
  website_url: z.string().nullable(),
  image_urls: z.array(z.string()),
  /** One per image URL, in the same order: an upload's info (srcset, size, alt), or null. */
  images: z.array(imageInfoSchema.nullable()),
  tags: z.array(z.string()),
  is_featured: z.boolean(),
  ...timestamps,
})
export type Project = z.infer<typeof projectSchema>

export const projectSlugInput = z.object({
  slug: z.string().trim().min(1, 'The slug is required.').max(300, 'The slug is too long.'),
})

import {
  addressField,
  expectedVersion,
  idSchema,
  limits,
  nullableText,
  nullableUrl,
  requiredText,
  stringList,
  timestamps,
  urlList,
  versionSchema,
} from './fields'
import { repoSchema, repoSyncSchema } from './github'
import { imageInfoSchema } from './media'
import { seoInputFields, seoOutputFields } from './seo'
import { z } from './zod'

export const projectInput = z.object({
  title: requiredText('Title', limits.title),
  /** The page's address (`/projects/{slug}`); blank, null or absent: it follows the title. */
  slug: addressField('Address'),
  description: requiredText('Short description', limits.shortText),
  long_description: requiredText('Long description', limits.longText, { multiline: true }),
  website_url: nullableUrl('Website URL'),
  image_urls: urlList('Image URLs'),
  tags: stringList('Tags', limits.tag),
  is_featured: z
    .boolean({ error: 'Featured must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
  /** False: a draft, seen only by the signed-in admin. Absent: published (clients of the spec). */
  is_published: z
    .boolean({ error: 'Published must be true or false.' })
    .nullish()
    .transform((value) => value ?? true),
  repo_url: nullableUrl('Repository URL'),
  role: nullableText('Role', limits.title),
  /** Free text, like a timeline event's dates ("Spring 2024", "2023 – 2024"). */
  period: nullableText('Period', limits.date),
  ...seoInputFields,
})
export type ProjectInput = z.input<typeof projectInput>
export type ProjectData = z.output<typeof projectInput>

export const projectUpdateInput = projectInput.extend({ id: idSchema, version: expectedVersion })

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
  is_published: z.boolean(),
  repo_url: z.string().nullable(),
  role: z.string().nullable(),
  period: z.string().nullable(),
  /** The GitHub repository `repo_url` names, as last fetched; null until then (and for visitors once it is gone). */
  repo: repoSchema.nullable(),
  /** For the signed-in owner only, when `repo_url` is a GitHub repository: how its fetch stands. */
  repo_sync: repoSyncSchema.optional(),
  ...seoOutputFields,
  version: versionSchema,
  ...timestamps,
})
export type Project = z.infer<typeof projectSchema>

/** The published project after another in the lists' order, wrapping; null when there is none. */
export const nextProjectSchema = z.object({ slug: z.string(), title: z.string() }).nullable()
export type NextProject = z.infer<typeof nextProjectSchema>

export const projectSlugInput = z.object({
  slug: z.string().trim().min(1, 'The slug is required.').max(300, 'The slug is too long.'),
})

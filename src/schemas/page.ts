/**
 * The owner's own pages (Now, Uses, Talks, Reading): `/{slug}`, Markdown,
 * a draft or published state, and a layout: "plain" (a column) or "list"
 * (the body, then the owner's items: title, link, note).
 */
import {
  addressField,
  expectedVersion,
  idSchema,
  limits,
  nullableUrl,
  optionalText,
  requiredText,
  timestamps,
  versionSchema,
} from './fields'
import { seoInputFields, seoOutputFields } from './seo'
import { z } from './zod'

export const pageStatuses = ['draft', 'published'] as const
export type PageStatus = (typeof pageStatuses)[number]

export const pageLayouts = ['plain', 'list'] as const
export type PageLayout = (typeof pageLayouts)[number]

/** Items a list page can hold. */
export const PAGE_ITEMS_MAX = 100

export const pageItemInput = z.object({
  title: requiredText('Item title', limits.title),
  url: nullableUrl('Item link'),
  note: optionalText('Item note', limits.shortText),
})
export type PageItem = z.output<typeof pageItemInput>

export const pageInput = z.object({
  title: requiredText('Title', limits.title),
  /** The page's address (`/{slug}`); blank, null or absent: it follows the title. */
  slug: addressField('Address'),
  body: optionalText('Text', limits.longText, { multiline: true }),
  layout: z
    .enum(pageLayouts, { error: 'Layout must be "plain" or "list".' })
    .nullish()
    .transform((value) => value ?? 'plain'),
  items: z
    .array(pageItemInput, { error: 'Items must be a list.' })
    .max(PAGE_ITEMS_MAX, `Items can hold at most ${PAGE_ITEMS_MAX} entries.`)
    .nullish()
    .transform((value) => value ?? []),
  status: z.enum(pageStatuses, { error: 'Status must be "draft" or "published".' }),
  ...seoInputFields,
})
export type PageInput = z.input<typeof pageInput>
export type PageData = z.output<typeof pageInput>

export const pageUpdateInput = pageInput.extend({ id: idSchema, version: expectedVersion })

export const pageItemSchema = z.object({
  title: z.string(),
  url: z.string().nullable(),
  note: z.string(),
})

export const pageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  /** body rendered from Markdown on the server, sanitised (server/markdown). */
  body_html: z.string(),
  /** The body's plain text, cut at a word within 200 characters: link previews' description. */
  description: z.string(),
  layout: z.enum(pageLayouts),
  items: z.array(pageItemSchema),
  status: z.enum(pageStatuses),
  ...seoOutputFields,
  version: versionSchema,
  ...timestamps,
})
export type Page = z.infer<typeof pageSchema>

export const pageSlugInput = z.object({
  slug: z.string().trim().min(1, 'The slug is required.').max(300, 'The slug is too long.'),
})

export const pageRevisionInput = z.object({ id: idSchema, rev: idSchema })

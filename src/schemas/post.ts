import {
  addressField,
  expectedVersion,
  idSchema,
  limits,
  nullableUrl,
  requiredText,
  stringList,
  timestamps,
  versionSchema,
} from './fields'
import { z } from './zod'

export const postStatuses = ['draft', 'published'] as const
export type PostStatus = (typeof postStatuses)[number]

/**
 * Where a post stands for the admin's list: a draft; scheduled (published
 * with a time still to come, or not yet claimed by the publishing job);
 * or published (live for everyone).
 */
export const postStates = ['draft', 'scheduled', 'published'] as const
export type PostState = (typeof postStates)[number]

/** An ISO 8601 date-time with an offset (`2026-11-26T09:00:00Z`, `…+01:00`); blank or absent: null. */
const publishedAt = z
  .union([
    z.iso.datetime({ offset: true, error: 'Publication time must be a date and time.' }),
    z.string().regex(/^\s*$/),
  ])
  .nullish()
  .transform((value) => (value?.trim() ? new Date(value).toISOString() : null))

export const postInput = z.object({
  title: requiredText('Title', limits.title),
  /** The page's address (`/notes/{slug}`); blank, null or absent: it follows the title. */
  slug: addressField('Address'),
  summary: requiredText('Summary', limits.shortText),
  body: requiredText('Body', limits.longText, { multiline: true }),
  tags: stringList('Tags', limits.tag),
  cover_url: nullableUrl('Cover URL'),
  status: z.enum(postStatuses, { error: 'Status must be "draft" or "published".' }),
  /** With status "published": in the future, a scheduled post; absent or past, live now. */
  published_at: publishedAt,
})
export type PostInput = z.input<typeof postInput>
export type PostData = z.output<typeof postInput>

export const postUpdateInput = postInput.extend({ id: idSchema, version: expectedVersion })

export const postSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  /** body rendered from Markdown on the server, sanitised (server/markdown). */
  body_html: z.string(),
  tags: z.array(z.string()),
  cover_url: z.string().nullable(),
  status: z.enum(postStatuses),
  state: z.enum(postStates),
  /** When it goes (or went) live, ISO; null for a draft without a time. */
  published_at: z.string().nullable(),
  reading_minutes: z.number(),
  version: versionSchema,
  ...timestamps,
})
export type Post = z.infer<typeof postSchema>

/** A neighbour in the published list (previous: older, next: newer). */
export const postLinkSchema = z.object({ slug: z.string(), title: z.string() }).nullable()

export const postNeighboursSchema = z.object({ previous: postLinkSchema, next: postLinkSchema })
export type PostNeighbours = z.infer<typeof postNeighboursSchema>

export const postSlugInput = z.object({
  slug: z.string().trim().min(1, 'The slug is required.').max(300, 'The slug is too long.'),
})

export const postListInput = z
  .object({
    tag: z.string().trim().max(limits.tag, 'The tag is too long.').nullish(),
  })
  .nullish()

/** Posts on one page of /notes. */
export const POSTS_PER_PAGE = 20

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
import { seoInputFields, seoOutputFields } from './seo'
import { z } from './zod'

export const noteStatuses = ['draft', 'published'] as const
export type NoteStatus = (typeof noteStatuses)[number]

/**
 * Where a note stands for the admin's list: a draft; scheduled (published
 * with a time still to come, or not yet claimed by the publishing job);
 * or published (live for everyone).
 */
export const noteStates = ['draft', 'scheduled', 'published'] as const
export type NoteState = (typeof noteStates)[number]

/** An ISO 8601 date-time with an offset (`2026-11-26T09:00:00Z`, `…+01:00`); blank or absent: null. */
const publishedAt = z
  .union([
    z.iso.datetime({ offset: true, error: 'Publication time must be a date and time.' }),
    z.string().regex(/^\s*$/),
  ])
  .nullish()
  .transform((value) => (value?.trim() ? new Date(value).toISOString() : null))

export const noteInput = z.object({
  title: requiredText('Title', limits.title),
  /** The page's address (`/notes/{slug}`); blank, null or absent: it follows the title. */
  slug: addressField('Address'),
  summary: requiredText('Summary', limits.shortText),
  body: requiredText('Body', limits.longText, { multiline: true }),
  tags: stringList('Tags', limits.tag),
  cover_url: nullableUrl('Cover URL'),
  status: z.enum(noteStatuses, { error: 'Status must be "draft" or "published".' }),
  /** With status "published": in the future, a scheduled note; absent or past, live now. */
  published_at: publishedAt,
  /** Email it to the newsletter's confirmed subscribers once it is live (absent: as stored, or no). */
  email_subscribers: z.boolean({ error: 'Email to subscribers must be true or false.' }).optional(),
  /**
   * "Discussion on": the Mastodon or Bluesky post about the note; its replies, likes and
   * reposts are fetched as conversations. Blank or absent: none.
   */
  discussion_url: nullableUrl('Discussion on')
    .refine(
      (value) => value === null || /^https?:\/\//i.test(value),
      'Discussion on must be the address of a Mastodon or Bluesky post (https://…).',
    )
    .optional(),
  ...seoInputFields,
})
export type NoteInput = z.input<typeof noteInput>
export type NoteData = z.output<typeof noteInput>

export const noteUpdateInput = noteInput.extend({ id: idSchema, version: expectedVersion })

export const noteSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Whether it is (or was) emailed to the newsletter's subscribers. */
  email_subscribers: z.boolean(),
  body: z.string(),
  /** body rendered from Markdown on the server, sanitised (server/markdown). */
  body_html: z.string(),
  tags: z.array(z.string()),
  cover_url: z.string().nullable(),
  status: z.enum(noteStatuses),
  state: z.enum(noteStates),
  /** When it goes (or went) live, ISO; null for a draft without a time. */
  published_at: z.string().nullable(),
  reading_minutes: z.number(),
  /** The Mastodon or Bluesky post where it is discussed, or null. */
  discussion_url: z.string().nullable(),
  ...seoOutputFields,
  version: versionSchema,
  ...timestamps,
})
export type Note = z.infer<typeof noteSchema>

/** A neighbour in the published list (previous: older, next: newer). */
export const noteLinkSchema = z.object({ slug: z.string(), title: z.string() }).nullable()

export const noteNeighboursSchema = z.object({ previous: noteLinkSchema, next: noteLinkSchema })
export type NoteNeighbours = z.infer<typeof noteNeighboursSchema>

export const noteSlugInput = z.object({
  slug: z.string().trim().min(1, 'The slug is required.').max(300, 'The slug is too long.'),
})

export const noteListInput = z
  .object({
    tag: z.string().trim().max(limits.tag, 'The tag is too long.').nullish(),
  })
  .nullish()

/** Notes on one page of /notes. */
export const NOTES_PER_PAGE = 20

/**
 * Notes (blog notes): the rules and queries. A note is public from the
 * moment `went_live_at` is set, by the write that publishes it now or by the
 * publishing job when its scheduled time has come (server/services/note-publishing.ts);
 * every public read asks for that column, so pages, the API, feeds, the
 * sitemap and search agree on what is live. Slugs follow the projects' house
 * rules: claimed under an advisory lock, former slugs kept so old links
 * redirect, the content version bumped in the write's own transaction.
 */
import { and, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Note, NoteData, NoteNeighbours, NoteState } from '../../src/schemas/note'
import { isLive, noteKind } from '../content/note'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { checkVersion, nextUpdatedAt, versionOf } from '../db/row-version'
import { noteSlugs, notes } from '../db/schema'
import { NotFoundError } from '../errors'
import { markdownToPlainText } from '../markdown/plain-text'
import { renderMarkdown } from '../markdown/render'
import { iso } from './rows'
import { slugAfterSave } from './slugs'
import { moveToTrash } from './trash'

/** Words a reader reads in a minute, for the "N min read" figure. */
export const WORDS_PER_MINUTE = 220

/** Ids the note page uses around the body: a heading in the body never takes one. */
export const notePageIds = ['main', 'note-title', 'note-nav']

/** How a note's body renders: its top heading an h2, under the page's h1 title. */
export const bodyRendering = { reservedIds: notePageIds, headingBase: 2 } as const

export interface NoteAudience {
  /** The signed-in admin: drafts and scheduled notes too. */
  drafts: boolean
}
export const readers: NoteAudience = { drafts: false }

const notFound = () => new NotFoundError('Note not found.')

/** What makes a note public: claimed as live (and still published). */
export { isLive }

const visibleTo = (audience: NoteAudience): SQL | undefined =>
  audience.drafts ? undefined : isLive

/** The columns that leave the server (never the search document). */
const columns = {
  id: notes.id,
  slug: notes.slug,
  title: notes.title,
  summary: notes.summary,
  body: notes.body,
  tags: notes.tags,
  cover_url: notes.cover_url,
  discussion_url: notes.discussion_url,
  seo_description: notes.seo_description,
  share_image: notes.share_image,
  canonical_url: notes.canonical_url,
  noindex: notes.noindex,
  status: notes.status,
  published_at: notes.published_at,
  went_live_at: notes.went_live_at,
  email_subscribers: notes.email_subscribers,
  created_at: notes.created_at,
  updated_at: notes.updated_at,
}
type Stored = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null
}

export function readingMinutes(body: string): number {
  const words = markdownToPlainText(body, Number.MAX_SAFE_INTEGER).split(/\s+/).filter(Boolean)
  return Math.max(1, Math.round(words.length / WORDS_PER_MINUTE))
}

function stateOf(row: Pick<Stored, 'status' | 'went_live_at'>): NoteState {
  if (row.status === 'draft') return 'draft'
  return row.went_live_at ? 'published' : 'scheduled'
}

function toNote(row: Stored): Note {
  const { went_live_at: _live, ...rest } = row
  return {
    ...rest,
    body_html: renderMarkdown(row.body, bodyRendering),
    state: stateOf(row),
    published_at: row.published_at ? iso(row.published_at) : null,
    reading_minutes: readingMinutes(row.body),
    version: versionOf(row.updated_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** Newest first: by publication time; drafts without one by their last edit. */
const newestFirst = [
  desc(sql`coalesce(${notes.published_at}, ${notes.updated_at})`),
  desc(notes.id),
]

export interface NoteListOptions {
  /** Only notes with this tag (any case). */
  tag?: string | null
  /** At most this many (the feeds' 20). */
  limit?: number
}

export async function listNotes(
  db: Db,
  audience: NoteAudience = readers,
  options: NoteListOptions = {},
): Promise<Note[]> {
  const tag = options.tag?.trim()
  const tagged = tag
    ? sql`exists (select 1 from unnest(${notes.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`
    : undefined
  const query = db
    .select(columns)
    .from(notes)
    .where(and(visibleTo(audience), tagged))
    .orderBy(...newestFirst)
  const rows = options.limit ? await query.limit(options.limit) : await query
  return rows.map(toNote)
}

/** Whether any note is live: the header links to Notes from then on. */
export async function hasLiveNotes(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: notes.id }).from(notes).where(isLive).limit(1)
  return row !== undefined
}

export async function getNoteById(
  db: Db,
  id: number,
  audience: NoteAudience = readers,
): Promise<Note> {
  const [row] = await db
    .select(columns)
    .from(notes)
    .where(and(eq(notes.id, id), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return toNote(row)
}

async function storedBySlug(db: Db, slug: string, audience: NoteAudience): Promise<Stored> {
  // No slug holds NUL, and PostgreSQL refuses it in a query: answer "not found" ourselves.
  if (slug.includes('\0')) throw notFound()
  const [row] = await db
    .select(columns)
    .from(noteSlugs)
    .innerJoin(notes, eq(notes.id, noteSlugs.note_id))
    .where(and(eq(noteSlugs.slug, slug), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return row
}

/** Resolves a current or former slug (the caller redirects a former one). */
export async function getNoteBySlug(
  db: Db,
  slug: string,
  audience: NoteAudience = readers,
): Promise<Note> {
  return toNote(await storedBySlug(db, slug, audience))
}

/**
 * The live notes either side of this one in time: `previous` the older,
 * `next` the newer (compared through the column, so the time reaches
 * PostgreSQL as a timestamp: a Date inside raw SQL does not). For a draft or a scheduled note (the admin's preview):
 * none.
 */
export async function getNoteNeighbours(
  db: Db,
  slug: string,
  audience: NoteAudience = readers,
): Promise<NoteNeighbours> {
  const current = await storedBySlug(db, slug, audience)
  if (stateOf(current) !== 'published' || !current.published_at) {
    return { previous: null, next: null }
  }
  const at = current.published_at
  const link = { slug: notes.slug, title: notes.title }
  const [previous] = await db
    .select(link)
    .from(notes)
    .where(
      and(
        isLive,
        or(lt(notes.published_at, at), and(eq(notes.published_at, at), lt(notes.id, current.id))),
      ),
    )
    .orderBy(desc(notes.published_at), desc(notes.id))
    .limit(1)
  const [next] = await db
    .select(link)
    .from(notes)
    .where(
      and(
        isLive,
        or(gt(notes.published_at, at), and(eq(notes.published_at, at), gt(notes.id, current.id))),
      ),
    )
    .orderBy(notes.published_at, notes.id)
    .limit(1)
  return { previous: previous ?? null, next: next ?? null }
}

/** Every tag of the live notes, each once (first spelling), for the tag filter. */
export async function liveTags(db: Db): Promise<string[]> {
  const rows = await db.select({ tags: notes.tags }).from(notes).where(isLive)
  const seen = new Map<string, string>()
  for (const tag of rows.flatMap((row) => row.tags)) {
    if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag)
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b))
}

/**
 * The publication columns a write stores: a draft keeps its time (if any)
 * and is not live; a published note without a time, or with one already
 * past, is live now (keeping the time it first went live); with a time to
 * come it is scheduled, and not live until the job claims it.
 */
function publication(
  data: NoteData,
  now: Date,
  current?: Pick<Stored, 'published_at' | 'went_live_at'>,
): { published_at: Date | null; went_live_at: Date | null } {
  const requested = data.published_at ? new Date(data.published_at) : null
  if (data.status === 'draft') return { published_at: requested, went_live_at: null }
  if (requested && requested.getTime() > now.getTime()) {
    return { published_at: requested, went_live_at: null }
  }
  // Already live and staying so: its first moment live stands.
  if (current?.went_live_at) {
    return {
      published_at: requested ?? current.published_at ?? current.went_live_at,
      went_live_at: current.went_live_at,
    }
  }
  return { published_at: requested ?? now, went_live_at: now }
}

export interface NoteWriteContext {
  db: Db
  now: () => Date
}

export async function createNote(ctx: NoteWriteContext, data: NoteData): Promise<Note> {
  return writeContent(ctx.db, async (tx) => {
    const slug = await slugAfterSave(tx, noteKind, data.slug, data.title, null)
    const now = ctx.now()
    const [row] = await tx
      .insert(notes)
      .values({
        ...data,
        ...publication(data, now),
        slug,
        created_at: now,
        updated_at: now,
      })
      .returning(columns)
    if (!row) throw new Error('insert returned no row')
    await tx.insert(noteSlugs).values({ slug, note_id: row.id })
    return toNote(row)
  })
}

/** Replaces the note's fields; with `version`, a save over another version is a 409 (see projects). */
export async function updateNote(
  ctx: NoteWriteContext,
  id: number,
  data: NoteData,
  version?: number,
): Promise<Note> {
  return writeContent(ctx.db, async (tx) => {
    const [current] = await tx
      .select(columns)
      .from(notes)
      .where(eq(notes.id, id))
      .for('update')
      .limit(1)
    if (!current) throw notFound()
    await checkVersion(version, current.updated_at, async () => toNote(current), {
      id,
      ...data,
      version,
    })
    const slug = await slugAfterSave(tx, noteKind, data.slug, data.title, current)
    const now = ctx.now()
    const [row] = await tx
      .update(notes)
      .set({
        ...data,
        ...publication(data, now, current),
        slug,
        updated_at: nextUpdatedAt(current.updated_at, now),
      })
      .where(eq(notes.id, id))
      .returning(columns)
    if (!row) throw notFound()
    if (slug !== current.slug) {
      await tx.insert(noteSlugs).values({ slug, note_id: id }).onConflictDoNothing()
    }
    return toNote(row)
  })
}

/**
 * Moves a note to the Trash (its slugs with it, still reserved for it): from
 * then on its page and API answer 404, until it is restored within 30 days.
 */
export async function deleteNote(db: Db, id: number): Promise<void> {
  return writeContent(db, async (tx) => {
    await moveToTrash(tx, 'note', id)
  })
}

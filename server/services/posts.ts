/**
 * Notes (blog posts): the rules and queries. A post is public from the
 * moment `went_live_at` is set, by the write that publishes it now or by the
 * publishing job when its scheduled time has come (server/services/post-publishing.ts);
 * every public read asks for that column, so pages, the API, feeds, the
 * sitemap and search agree on what is live. Slugs follow the projects' house
 * rules: claimed under an advisory lock, former slugs kept so old links
 * redirect, the content version bumped in the write's own transaction.
 */
import { and, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Post, PostData, PostNeighbours, PostState } from '../../src/schemas/post'
import { isLive, noteKind } from '../content/note'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { checkVersion, nextUpdatedAt, versionOf } from '../db/row-version'
import { postSlugs, posts } from '../db/schema'
import { NotFoundError } from '../errors'
import { markdownToPlainText } from '../markdown/plain-text'
import { renderMarkdown } from '../markdown/render'
import { iso } from './rows'
import { slugAfterSave } from './slugs'
import { moveToTrash } from './trash'

/** Words a reader reads in a minute, for the "N min read" figure. */
export const WORDS_PER_MINUTE = 220

/** Ids the post page uses around the body: a heading in the body never takes one. */
export const postPageIds = ['main', 'post-title', 'post-nav']

/** How a post's body renders: its top heading an h2, under the page's h1 title. */
export const bodyRendering = { reservedIds: postPageIds, headingBase: 2 } as const

export interface PostAudience {
  /** The signed-in admin: drafts and scheduled posts too. */
  drafts: boolean
}
export const readers: PostAudience = { drafts: false }

const notFound = () => new NotFoundError('Post not found.')

/** What makes a post public: claimed as live (and still published). */
export { isLive }

const visibleTo = (audience: PostAudience): SQL | undefined =>
  audience.drafts ? undefined : isLive

/** The columns that leave the server (never the search document). */
const columns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  summary: posts.summary,
  body: posts.body,
  tags: posts.tags,
  cover_url: posts.cover_url,
  status: posts.status,
  published_at: posts.published_at,
  went_live_at: posts.went_live_at,
  created_at: posts.created_at,
  updated_at: posts.updated_at,
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

function stateOf(row: Pick<Stored, 'status' | 'went_live_at'>): PostState {
  if (row.status === 'draft') return 'draft'
  return row.went_live_at ? 'published' : 'scheduled'
}

function toPost(row: Stored): Post {
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
  desc(sql`coalesce(${posts.published_at}, ${posts.updated_at})`),
  desc(posts.id),
]

export interface PostListOptions {
  /** Only posts with this tag (any case). */
  tag?: string | null
  /** At most this many (the feeds' 20). */
  limit?: number
}

export async function listPosts(
  db: Db,
  audience: PostAudience = readers,
  options: PostListOptions = {},
): Promise<Post[]> {
  const tag = options.tag?.trim()
  const tagged = tag
    ? sql`exists (select 1 from unnest(${posts.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`
    : undefined
  const query = db
    .select(columns)
    .from(posts)
    .where(and(visibleTo(audience), tagged))
    .orderBy(...newestFirst)
  const rows = options.limit ? await query.limit(options.limit) : await query
  return rows.map(toPost)
}

/** Whether any post is live: the header links to Notes from then on. */
export async function hasLivePosts(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(isLive).limit(1)
  return row !== undefined
}

export async function getPostById(
  db: Db,
  id: number,
  audience: PostAudience = readers,
): Promise<Post> {
  const [row] = await db
    .select(columns)
    .from(posts)
    .where(and(eq(posts.id, id), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return toPost(row)
}

async function storedBySlug(db: Db, slug: string, audience: PostAudience): Promise<Stored> {
  // No slug holds NUL, and PostgreSQL refuses it in a query: answer "not found" ourselves.
  if (slug.includes('\0')) throw notFound()
  const [row] = await db
    .select(columns)
    .from(postSlugs)
    .innerJoin(posts, eq(posts.id, postSlugs.post_id))
    .where(and(eq(postSlugs.slug, slug), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return row
}

/** Resolves a current or former slug (the caller redirects a former one). */
export async function getPostBySlug(
  db: Db,
  slug: string,
  audience: PostAudience = readers,
): Promise<Post> {
  return toPost(await storedBySlug(db, slug, audience))
}

/**
 * The live posts either side of this one in time: `previous` the older,
 * `next` the newer (compared through the column, so the time reaches
 * PostgreSQL as a timestamp: a Date inside raw SQL does not). For a draft or a scheduled post (the admin's preview):
 * none.
 */
export async function getPostNeighbours(
  db: Db,
  slug: string,
  audience: PostAudience = readers,
): Promise<PostNeighbours> {
  const current = await storedBySlug(db, slug, audience)
  if (stateOf(current) !== 'published' || !current.published_at) {
    return { previous: null, next: null }
  }
  const at = current.published_at
  const link = { slug: posts.slug, title: posts.title }
  const [previous] = await db
    .select(link)
    .from(posts)
    .where(
      and(
        isLive,
        or(lt(posts.published_at, at), and(eq(posts.published_at, at), lt(posts.id, current.id))),
      ),
    )
    .orderBy(desc(posts.published_at), desc(posts.id))
    .limit(1)
  const [next] = await db
    .select(link)
    .from(posts)
    .where(
      and(
        isLive,
        or(gt(posts.published_at, at), and(eq(posts.published_at, at), gt(posts.id, current.id))),
      ),
    )
    .orderBy(posts.published_at, posts.id)
    .limit(1)
  return { previous: previous ?? null, next: next ?? null }
}

/** Every tag of the live posts, each once (first spelling), for the tag filter. */
export async function liveTags(db: Db): Promise<string[]> {
  const rows = await db.select({ tags: posts.tags }).from(posts).where(isLive)
  const seen = new Map<string, string>()
  for (const tag of rows.flatMap((row) => row.tags)) {
    if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag)
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b))
}

/**
 * The publication columns a write stores: a draft keeps its time (if any)
 * and is not live; a published post without a time, or with one already
 * past, is live now (keeping the time it first went live); with a time to
 * come it is scheduled, and not live until the job claims it.
 */
function publication(
  data: PostData,
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

export interface PostWriteContext {
  db: Db
  now: () => Date
}

export async function createPost(ctx: PostWriteContext, data: PostData): Promise<Post> {
  return writeContent(ctx.db, async (tx) => {
    const slug = await slugAfterSave(tx, noteKind, data.slug, data.title, null)
    const now = ctx.now()
    const [row] = await tx
      .insert(posts)
      .values({
        ...data,
        ...publication(data, now),
        slug,
        created_at: now,
        updated_at: now,
      })
      .returning(columns)
    if (!row) throw new Error('insert returned no row')
    await tx.insert(postSlugs).values({ slug, post_id: row.id })
    return toPost(row)
  })
}

/** Replaces the post's fields; with `version`, a save over another version is a 409 (see projects). */
export async function updatePost(
  ctx: PostWriteContext,
  id: number,
  data: PostData,
  version?: number,
): Promise<Post> {
  return writeContent(ctx.db, async (tx) => {
    const [current] = await tx
      .select(columns)
      .from(posts)
      .where(eq(posts.id, id))
      .for('update')
      .limit(1)
    if (!current) throw notFound()
    await checkVersion(version, current.updated_at, async () => toPost(current), {
      id,
      ...data,
      version,
    })
    const slug = await slugAfterSave(tx, noteKind, data.slug, data.title, current)
    const now = ctx.now()
    const [row] = await tx
      .update(posts)
      .set({
        ...data,
        ...publication(data, now, current),
        slug,
        updated_at: nextUpdatedAt(current.updated_at, now),
      })
      .where(eq(posts.id, id))
      .returning(columns)
    if (!row) throw notFound()
    if (slug !== current.slug) {
      await tx.insert(postSlugs).values({ slug, post_id: id }).onConflictDoNothing()
    }
    return toPost(row)
  })
}

/**
 * Moves a post to the Trash (its slugs with it, still reserved for it): from
 * then on its page and API answer 404, until it is restored within 30 days.
 */
export async function deletePost(db: Db, id: number): Promise<void> {
  return writeContent(db, async (tx) => {
    await moveToTrash(tx, 'post', id)
  })
}

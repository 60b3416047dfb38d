/**
 * The owner's own pages (Now, Uses, Reading, Colophon) at `/{slug}`: the rules
 * and queries. A page's address is claimed like a note's (under the kind's
 * lock, former ones kept so old links redirect) and must not be one the
 * site owns (src/domain/reserved-paths.ts): the spec's routes always win.
 * Published pages are public at once; drafts are the signed-in admin's.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm'
import { isReservedPath } from '../../src/domain/reserved-paths'
import type { Page, PageData } from '../../src/schemas/page'
import type { Revision } from '../../src/schemas/revisions'
import { pageKind } from '../content/page'
import type { Db } from '../db/client'
import { type Tx, writeContent } from '../db/content-version'
import { checkVersion, nextUpdatedAt, versionOf } from '../db/row-version'
import { pageSlugs, pages } from '../db/schema'
import { InvalidFieldError, NotFoundError } from '../errors'
import { markdownToPlainText } from '../markdown/plain-text'
import { renderMarkdown } from '../markdown/render'
import { listRevisions, recordRevision, revisionValues } from './revisions'
import { iso } from './rows'
import { slugAfterSave } from './slugs'
import { moveToTrash } from './trash'

/** Ids the page uses around the body: a heading in the body never takes one. */
export const pagePageIds = ['main', 'page-title', 'page-items']

/** How a page's body renders: its top heading an h2, under the page's h1 title. */
const bodyRendering = { reservedIds: pagePageIds, headingBase: 2 } as const

export interface PageAudience {
  /** The signed-in admin: drafts too. */
  drafts: boolean
}
const visitors: PageAudience = { drafts: false }

const notFound = () => new NotFoundError(pageKind.trash.notFound)

/** What makes a page public. */
export const isPublished: SQL = eq(pages.status, 'published')

const visibleTo = (audience: PageAudience): SQL | undefined =>
  audience.drafts ? undefined : isPublished

/** The columns that leave the server (never the search document). */
const columns = {
  id: pages.id,
  slug: pages.slug,
  title: pages.title,
  body: pages.body,
  layout: pages.layout,
  items: pages.items,
  status: pages.status,
  seo_description: pages.seo_description,
  share_image: pages.share_image,
  canonical_url: pages.canonical_url,
  noindex: pages.noindex,
  created_at: pages.created_at,
  updated_at: pages.updated_at,
}
type Stored = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null
}

function toPage(row: Stored): Page {
  return {
    ...row,
    body_html: renderMarkdown(row.body, bodyRendering),
    description: markdownToPlainText(row.body, 200),
    version: versionOf(row.updated_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** The sentence a taken address is refused with. */
export function reservedAddressMessage(slug: string): string {
  return `Address "/${slug}" belongs to the site itself: choose another.`
}

/** Newest edit first. */
export async function listPages(db: Db, audience: PageAudience = visitors): Promise<Page[]> {
  const rows = await db
    .select(columns)
    .from(pages)
    .where(visibleTo(audience))
    .orderBy(desc(pages.updated_at), desc(pages.id))
  return rows.map(toPage)
}

export async function getPageById(
  db: Db,
  id: number,
  audience: PageAudience = visitors,
): Promise<Page> {
  const [row] = await db
    .select(columns)
    .from(pages)
    .where(and(eq(pages.id, id), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return toPage(row)
}

/** Resolves a current or former slug (the caller redirects a former one). */
export async function getPageBySlug(
  db: Db,
  slug: string,
  audience: PageAudience = visitors,
): Promise<Page> {
  // No slug holds NUL, and PostgreSQL refuses it in a query: answer "not found" ourselves.
  if (slug.includes('\0') || isReservedPath(slug)) throw notFound()
  const [row] = await db
    .select(columns)
    .from(pageSlugs)
    .innerJoin(pages, eq(pages.id, pageSlugs.page_id))
    .where(and(eq(pageSlugs.slug, slug), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return toPage(row)
}

/** The address after a save, refused (naming `slug`) when the site owns it. */
async function addressOf(
  tx: Tx,
  data: PageData,
  current: { id: number; slug: string; title: string } | null,
): Promise<string> {
  const slug = await slugAfterSave(tx, pageKind, data.slug, data.title, current)
  if (isReservedPath(slug)) throw new InvalidFieldError('slug', reservedAddressMessage(slug))
  return slug
}

/** What a save stores: the items only for a list page. */
const stored = (data: PageData) => ({
  title: data.title,
  body: data.body,
  layout: data.layout,
  items: data.items,
  status: data.status,
  seo_description: data.seo_description,
  share_image: data.share_image,
  canonical_url: data.canonical_url,
  noindex: data.noindex,
})

export interface PageWriteContext {
  db: Db
  now: () => Date
}

export async function createPage(ctx: PageWriteContext, data: PageData): Promise<Page> {
  return writeContent(ctx.db, async (tx) => {
    const slug = await addressOf(tx, data, null)
    const now = ctx.now()
    const [row] = await tx
      .insert(pages)
      .values({ ...stored(data), slug, created_at: now, updated_at: now })
      .returning(columns)
    if (!row) throw new Error('insert returned no row')
    await tx.insert(pageSlugs).values({ slug, page_id: row.id })
    return toPage(row)
  })
}

/** Replaces the page's fields; with `version`, a save over another version is a 409. */
export async function updatePage(
  ctx: PageWriteContext,
  id: number,
  data: PageData,
  version?: number,
): Promise<Page> {
  return writeContent(ctx.db, async (tx) => {
    const [current] = await tx
      .select(columns)
      .from(pages)
      .where(eq(pages.id, id))
      .for('update')
      .limit(1)
    if (!current) throw notFound()
    await checkVersion(version, current.updated_at, async () => toPage(current), {
      id,
      ...data,
      version,
    })
    const slug = await addressOf(tx, data, current)
    const [row] = await tx
      .update(pages)
      .set({ ...stored(data), slug, updated_at: nextUpdatedAt(current.updated_at, ctx.now()) })
      .where(eq(pages.id, id))
      .returning(columns)
    if (!row) throw notFound()
    if (slug !== current.slug) {
      await tx.insert(pageSlugs).values({ slug, page_id: id }).onConflictDoNothing()
    }
    await recordRevision(tx, 'page', id, current, row, ctx.now())
    return toPage(row)
  })
}

/** Moves a page to the Trash (its slugs still reserved for it): its address answers 404. */
export async function deletePage(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => moveToTrash(tx, 'page', id))
}

/** The page's saves that changed something, newest first. */
export async function pageRevisions(db: Db, id: number): Promise<Revision[]> {
  const [row] = await db.select(columns).from(pages).where(eq(pages.id, id)).limit(1)
  if (!row) throw notFound()
  return listRevisions(db, 'page', id, row)
}

/** Writes a kept version back through the ordinary save (a revision itself); the address stays. */
export async function restorePageRevision(
  ctx: PageWriteContext,
  id: number,
  revisionId: number,
): Promise<Page> {
  const current = await getPageById(ctx.db, id, { drafts: true })
  const values = await revisionValues(ctx.db, pages, 'page', id, revisionId)
  const data = { ...stored(current as PageData), ...values, slug: current.slug } as PageData
  return updatePage(ctx, id, data)
}

/** Published pages' addresses, for the sitemap and the menu. */
export async function publishedPageLinks(
  db: Db,
): Promise<{ id: number; slug: string; title: string; updated_at: string }[]> {
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, title: pages.title, updated_at: pages.updated_at })
    .from(pages)
    .where(isPublished)
    .orderBy(pages.id)
  return rows.map((row) => ({ ...row, updated_at: iso(row.updated_at) }))
}

import { randomBytes } from 'node:crypto'
import { desc, eq, ne, sql } from 'drizzle-orm'
import { normalSitePath } from '../../src/domain/site-path'
import type { ShareLink, ShareLinkInput, ShareLinkStats } from '../../src/schemas/analytics'
import type { Db } from '../db/client'
import { analyticsViews, analyticsVisitors, shareLinks } from '../db/schema'
import { NotFoundError } from '../errors'

/** Lowercase letters and digits: read aloud, typed, and safe in a URL as they are. */
const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
/** 10 characters of 36: 51.7 bits, from the system's CSPRNG. */
export const SHARE_CODE_LENGTH = 10

/** What `?ref=` must look like to be read as a share link's code (anything else is ignored). */
export const shareCodePattern = /^[a-z0-9]{10}$/

/** A new random code. Rejection sampling: every character equally likely. */
export function newShareCode(): string {
  let code = ''
  while (code.length < SHARE_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 252 = 7 × 36: bytes above it would favour the first characters.
      if (byte < 252 && code.length < SHARE_CODE_LENGTH) code += alphabet[byte % 36]
    }
  }
  return code
}

/** Where a link sends people: the short address that redirects (relative to the site). */
export const shareLinkUrl = (code: string) => `/r/${code}`

/** The target page with the link's code, where `/r/{code}` redirects. */
export function shareLinkLocation(targetPath: string, code: string): string {
  const url = new URL(targetPath, 'http://site.invalid')
  url.searchParams.set('ref', code)
  return `${url.pathname}${url.search}${url.hash}`
}

const linkColumns = {
  id: shareLinks.id,
  code: shareLinks.code,
  name: shareLinks.name,
  target_path: shareLinks.target_path,
}

export async function createShareLink(db: Db, input: ShareLinkInput): Promise<ShareLink> {
  // A clash of 52-bit codes is all but impossible; should one happen, draw again.
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .insert(shareLinks)
      .values({ code: newShareCode(), name: input.name, target_path: input.target_path })
      .onConflictDoNothing({ target: shareLinks.code })
      .returning(linkColumns)
    if (row) return { ...row, url: shareLinkUrl(row.code) }
    if (attempt >= 5) throw new Error('no free share link code after 6 draws')
  }
}

export async function deleteShareLink(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(shareLinks)
    .where(eq(shareLinks.id, id))
    .returning({ id: shareLinks.id })
  if (deleted.length === 0) throw new NotFoundError('Share link not found.')
}

/**
 * Where `/r/{code}` leads, or null for a code no link has, or whose stored
 * target does not pass the rule it was created under (a row written
 * straight into the database, or by an older version): the link is a 404,
 * never a redirect to another host.
 */
export async function shareLinkTarget(db: Db, code: string): Promise<string | null> {
  if (!shareCodePattern.test(code)) return null
  const [row] = await db
    .select({ target_path: shareLinks.target_path })
    .from(shareLinks)
    .where(eq(shareLinks.code, code))
    .limit(1)
  const target = row ? normalSitePath(row.target_path) : null
  return target === null ? null : shareLinkLocation(target, code)
}

/** Every link, newest first, with everything that came through it since it was made. */
export async function listShareLinks(db: Db): Promise<ShareLinkStats[]> {
  const links = await db
    .select({
      ...linkColumns,
      created_at: shareLinks.created_at,
      first_seen_at: shareLinks.first_seen_at,
      last_seen_at: shareLinks.last_seen_at,
    })
    .from(shareLinks)
    .orderBy(desc(shareLinks.created_at), desc(shareLinks.id))
  const pages = await db
    .select({
      id: analyticsViews.share_link_id,
      path: analyticsViews.path,
      views: sql<string>`sum(${analyticsViews.views})`,
    })
    .from(analyticsViews)
    .where(ne(analyticsViews.share_link_id, 0))
    .groupBy(analyticsViews.share_link_id, analyticsViews.path)
  const visitors = await db
    .select({ id: analyticsVisitors.share_link_id, visitors: sql<string>`count(*)` })
    .from(analyticsVisitors)
    .where(ne(analyticsVisitors.share_link_id, 0))
    .groupBy(analyticsVisitors.share_link_id)
  const visitorsOf = new Map(visitors.map((row) => [row.id, Number(row.visitors)]))
  const pagesOf = new Map<number, { path: string; views: number }[]>()
  for (const row of pages) {
    const list = pagesOf.get(row.id) ?? []
    list.push({ path: row.path, views: Number(row.views) })
    pagesOf.set(row.id, list)
  }
  return links.map((link) => {
    const viewed = (pagesOf.get(link.id) ?? []).sort(
      (a, b) => b.views - a.views || a.path.localeCompare(b.path),
    )
    return {
      id: link.id,
      code: link.code,
      name: link.name,
      target_path: link.target_path,
      url: shareLinkUrl(link.code),
      created_at: link.created_at.toISOString(),
      views: viewed.reduce((sum, page) => sum + page.views, 0),
      visitors: visitorsOf.get(link.id) ?? 0,
      first_seen: link.first_seen_at?.toISOString() ?? null,
      last_seen: link.last_seen_at?.toISOString() ?? null,
      pages: viewed,
    }
  })
}

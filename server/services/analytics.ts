/**
 * Page views counted on the server: no cookie, no script, no
 * beacon, no personal data kept.
 *
 * The HTTP door (server/http/infra/page-views.ts) decides which answers are page
 * views and calls `record` with what it read from the request. Counting is
 * a few Map increments; the counts go to the database every
 * `ANALYTICS_FLUSH` (the `analytics-flush` job below, on each instance) in
 * one transaction of additive upserts (`views = views + excluded.views`),
 * so several instances on one PostgreSQL add up, and once more when the
 * server stops. A crash loses at most the counts of the last flush period.
 *
 * Unique visitors as in Plausible: the SHA-256 of the day's random salt,
 * the client's IP and its User-Agent, cut to 132 bits. The salt lives
 * in `analytics_salts` for its UTC day only (shared by every instance) and
 * is deleted by the first flush after that day (or the `analytics-salts`
 * job below, whichever comes first), after which a day's hashes
 * cannot be recomputed from an address any more. The IP and User-Agent are
 * hashed as the view is recorded and never kept. `DNT: 1` or `Sec-GPC: 1`:
 * the view counts, the visitor does not (no hash is made at all).
 *
 * `record` hashes the visitor and queues the view; the keys and Map
 * increments are paid in one loop per fold (the flush, a share link's visit,
 * or QUEUE_MAX views, whichever comes first), off the answer's path. A
 * visitor's repeated views are hashed once: the day's SHA-256 is remembered
 * under a 64-bit wyhash of the address and User-Agent seeded from the same
 * salt (so the memo holds neither, and is emptied with the salt).
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { DeviceClass } from '../../src/domain/device-class'
import type { Db } from '../db/client'
import { analyticsSalts, analyticsViews, analyticsVisitors, shareLinks } from '../db/schema'
import type { Job } from '../jobs/runner'
import type { Logger } from '../log'

/** One page view, as the door read it. */
export interface PageView {
  /** The page's path, without its query string. */
  path: string
  /** The referring site's host, '' for none (or this site). */
  referrerHost: string
  device: DeviceClass
  /** `?ref=` of the address, when it looks like a share link's code. */
  shareCode: string | null
  /** The client's address and User-Agent: hashed at once, never kept. */
  ip: string
  userAgent: string
  /** DNT or Global Privacy Control: count the view, not the visitor. */
  optedOut: boolean
}

export interface AnalyticsOptions {
  db: Db
  now: () => Date
  log: Logger
}

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10)

const SEP = '\u0001'
/** Views queued before a fold is forced (memory: a few hundred bytes each). */
const QUEUE_MAX = 5_000
/** Distinct visitors (address and User-Agent) whose hash a fold remembers for the day. */
const HASH_MEMO_MAX = 20_000
const DAY_MS = 86_400_000
/** Views kept waiting for their day's salt at most (each holds an address and a User-Agent). */
const MAX_WAITING = 10_000

/** What counting a view needs once its visitor is hashed. */
type CountedView = Pick<PageView, 'path' | 'referrerHost' | 'device' | 'shareCode'>

/** A view recorded and not yet folded: its visitor's hash made, the address and UA gone. */
interface QueuedView extends CountedView {
  day: string
  ms: number
  hash: string | null
}

/** A day's views under one key: day, path, referrer, device, share code ('' none). */
interface PendingCounts {
  views: Map<string, number>
  /** day, share code ('' = the day's visitors), hash. */
  visitors: Set<string>
  /** When each share code was last (and first) used in this batch. */
  seen: Map<string, { first: Date; last: Date }>
  /**
   * Views without `?ref=` of visitors this instance has not seen come
   * through a link today: by day and hash, the views under their key
   * without a code, and when. Written for the share link the visitor came
   * through on any instance (looked up in `analytics_visitors` as the batch
   * is written), or for none.
   */
  unattributed: Map<string, { views: Map<string, number>; first: Date; last: Date }>
}

const emptyCounts = (): PendingCounts => ({
  views: new Map(),
  visitors: new Set(),
  seen: new Map(),
  unattributed: new Map(),
})

/** What an instance has counted and not yet written, and how to write it. */
export interface Analytics {
  record(view: PageView): void
  /** Writes what is counted so far (one transaction); a failed write keeps the counts for the next. */
  flush(): Promise<void>
  /** Views recorded and not yet written (tests, diagnostics). */
  pendingViews(): number
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const { db, now, log } = options
  let pending = emptyCounts()
  /** Views whose day's salt is being read: recorded once it is there. */
  let waiting: { day: string; at: Date; view: PageView }[] = []
  let salt: { day: string; value: string } | null = null
  let saltLoading: Promise<void> | null = null
  /**
   * The share link each visitor (hash) of the day came through on this
   * instance: their later views that day, without `?ref=`, count for the
   * link too. Forgotten at midnight with the salt. Visits made through
   * another instance are found in the database (`unattributed` above).
   */
  let visits = new Map<string, string>()
  /** The (day, code, hash) triples already written at once (see `creditNow`). */
  let credited = new Set<string>()
  /** The day's hash of each visitor seen, under its seeded wyhash: emptied with the salt. */
  let hashes = new Map<number | bigint, string>()
  let hashSeed = 0n
  let flushing: Promise<void> = Promise.resolve()
  let day = ''
  let dayStart = Number.NaN
  /** Views recorded (their visitor hashed) and not folded into `pending` yet. */
  let queued: QueuedView[] = []

  /** Reads (or makes) the salt of `day`; then counts the views that waited for it. */
  function loadSalt(day: string): Promise<void> {
    saltLoading ??= (async () => {
      try {
        await db
          .insert(analyticsSalts)
          .values({ day, salt: randomBytes(32).toString('base64url') })
          .onConflictDoNothing()
        const [row] = await db
          .select({ salt: analyticsSalts.salt })
          .from(analyticsSalts)
          .where(eq(analyticsSalts.day, day))
        if (!row) throw new Error(`no visitor salt for ${day}`)
        salt = { day, value: row.salt }
        visits = new Map()
        credited = new Set()
        hashes = new Map()
        hashSeed = BigInt.asUintN(64, BigInt(Bun.hash(row.salt)))
      } catch (error) {
        // The views wait (in memory) for the next flush, which tries again.
        log.warn('analytics: the visitor salt could not be read', { error: String(error) })
        return
      } finally {
        saltLoading = null
      }
      const ready = waiting
      waiting = []
      for (const item of ready) {
        // A view of a day whose salt is gone by now (it waited across midnight): no visitor.
        add(item.day, item.at, item.day === day ? item.view : { ...item.view, optedOut: true })
      }
    })()
    return saltLoading
  }

  /**
   * 22 base64url characters (132 bits) of the SHA-256. Bun's one-shot hash:
   * 0.4 µs where node:crypto's createHash took 3.8 (measured on the bench machine).
   */
  function visitorHash(saltValue: string, view: PageView): string {
    const visitor = `${view.ip}\n${view.userAgent}`
    const memo = Bun.hash(visitor, hashSeed)
    let hash = hashes.get(memo)
    if (hash === undefined) {
      hash = Bun.CryptoHasher.hash('sha256', `${saltValue}\n${visitor}`, 'base64url').slice(0, 22)
      if (hashes.size >= HASH_MEMO_MAX) hashes.clear()
      hashes.set(memo, hash)
    }
    return hash
  }

  function add(day: string, at: Date, view: PageView): void {
    if (view.optedOut) {
      count(day, at, view, null)
      return
    }
    if (salt?.day !== day) {
      // The salt of this day is not known yet (first view, or midnight passed).
      // Past MAX_WAITING (the database away for long): views without their visitor.
      if (waiting.length >= MAX_WAITING) {
        add(day, at, { ...view, optedOut: true })
        return
      }
      waiting.push({ day, at, view })
      if (waiting.length === 1) void loadSalt(day)
      return
    }
    count(day, at, view, visitorHash(salt.value, view))
  }

  /** Counts one view of a visitor already hashed (null: opted out, no visitor). */
  function count(day: string, at: Date, view: CountedView, hash: string | null): void {
    let code = view.shareCode ?? ''
    if (hash) {
      if (code) {
        visits.set(hash, code)
        creditNow(day, code, hash)
      } else code = visits.get(hash) ?? ''
    }
    const key = `${day}${SEP}${view.path}${SEP}${view.referrerHost}${SEP}${view.device}${SEP}${code}`
    if (hash && !code) {
      // Perhaps a visitor who came through a link on another instance: decided when written.
      const id = `${day}${SEP}${hash}`
      const entry = pending.unattributed.get(id)
      if (entry) {
        entry.views.set(key, (entry.views.get(key) ?? 0) + 1)
        entry.last = at
      } else pending.unattributed.set(id, { views: new Map([[key, 1]]), first: at, last: at })
      pending.visitors.add(`${day}${SEP}${SEP}${hash}`)
      return
    }
    pending.views.set(key, (pending.views.get(key) ?? 0) + 1)
    if (hash) {
      pending.visitors.add(`${day}${SEP}${SEP}${hash}`)
      if (code) pending.visitors.add(`${day}${SEP}${code}${SEP}${hash}`)
    }
    if (code) {
      const seen = pending.seen.get(code)
      if (seen) seen.last = at
      else pending.seen.set(code, { first: at, last: at })
    }
  }

  /**
   * A visit through a share link is written at once (not at the next
   * flush), once per visitor, link and day: so the visitor's later views,
   * served by any instance, are credited to the link when that instance
   * writes them. A failed write changes nothing: the flush writes the row
   * as well.
   */
  function creditNow(day: string, code: string, hash: string): void {
    const id = `${day}${SEP}${code}${SEP}${hash}`
    if (credited.has(id)) return
    credited.add(id)
    db.insert(analyticsVisitors)
      .select(
        db
          .select({
            day: sql<string>`${day}::date`.as('day'),
            share_link_id: shareLinks.id,
            visitor: sql<string>`${hash}`.as('visitor'),
          })
          .from(shareLinks)
          .where(eq(shareLinks.code, code)),
      )
      .onConflictDoNothing()
      .catch((error: unknown) => {
        credited.delete(id)
        log.debug?.('analytics: share visit not written yet', { error: String(error) })
      })
  }

  function restore(batch: PendingCounts): void {
    for (const [key, count] of batch.views) {
      pending.views.set(key, (pending.views.get(key) ?? 0) + count)
    }
    for (const visitor of batch.visitors) pending.visitors.add(visitor)
    for (const [code, seen] of batch.seen) {
      const current = pending.seen.get(code)
      pending.seen.set(code, current ? { first: seen.first, last: current.last } : seen)
    }
    for (const [id, entry] of batch.unattributed) {
      const current = pending.unattributed.get(id)
      if (!current) {
        pending.unattributed.set(id, entry)
        continue
      }
      for (const [key, count] of entry.views) {
        current.views.set(key, (current.views.get(key) ?? 0) + count)
      }
      current.first = entry.first
    }
  }

  async function write(batch: PendingCounts): Promise<void> {
    const codes = new Set<string>(batch.seen.keys())
    for (const key of batch.views.keys()) {
      const code = key.split(SEP)[4]
      if (code) codes.add(code)
    }
    const ids = new Map<string, number>()
    if (codes.size > 0) {
      const rows = await db
        .select({ id: shareLinks.id, code: shareLinks.code })
        .from(shareLinks)
        .where(inArray(shareLinks.code, [...codes]))
      for (const row of rows) ids.set(row.code, row.id)
    }
    const linkId = (code: string | undefined) => (code ? (ids.get(code) ?? 0) : 0)
    const seenById = new Map<number, { first: Date; last: Date }>()
    const seeLink = (id: number, first: Date, last: Date) => {
      const current = seenById.get(id)
      if (!current) seenById.set(id, { first, last })
      else {
        if (first < current.first) current.first = first
        if (last > current.last) current.last = last
      }
    }
    for (const [code, seen] of batch.seen) {
      const id = ids.get(code)
      if (id !== undefined) seeLink(id, seen.first, seen.last)
    }

    // Views whose keys differ only by an unknown code fall together.
    const views = new Map<string, typeof analyticsViews.$inferInsert>()
    const addViews = (key: string, count: number, share_link_id: number) => {
      const [day = '', path = '', referrer_host = '', device = ''] = key.split(SEP)
      const rowKey = [day, path, referrer_host, device, share_link_id].join(SEP)
      const row = views.get(rowKey)
      if (row) row.views = (row.views ?? 0) + count
      else views.set(rowKey, { day, path, referrer_host, device, share_link_id, views: count })
    }
    for (const [key, count] of batch.views) addViews(key, count, linkId(key.split(SEP)[4]))
    const visitors: (typeof analyticsVisitors.$inferInsert)[] = []
    // Later views of visitors who came through a link on another instance (or earlier here).
    const through = await linksOfVisitors(batch.unattributed.keys())
    for (const [id, entry] of batch.unattributed) {
      const share_link_id = through.get(id) ?? 0
      for (const [key, count] of entry.views) addViews(key, count, share_link_id)
      if (share_link_id !== 0) {
        const [day = '', visitor = ''] = id.split(SEP)
        visitors.push({ day, share_link_id, visitor })
        seeLink(share_link_id, entry.first, entry.last)
      }
    }
    for (const key of batch.visitors) {
      const [day = '', code, visitor = ''] = key.split(SEP)
      const share_link_id = linkId(code)
      if (code && share_link_id === 0) continue
      visitors.push({ day, share_link_id, visitor })
    }
    const today = utcDay(now())

    // Every instance takes the rows' locks in one order (sorted keys): no deadlock between flushes.
    const viewRows = [...views.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row)
    visitors.sort((a, b) =>
      a.day !== b.day
        ? a.day < b.day
          ? -1
          : 1
        : a.share_link_id !== b.share_link_id
          ? (a.share_link_id ?? 0) - (b.share_link_id ?? 0)
          : a.visitor < b.visitor
            ? -1
            : 1,
    )
    await db.transaction(async (tx) => {
      for (const chunk of chunks(viewRows, 500)) {
        await tx
          .insert(analyticsViews)
          .values(chunk)
          .onConflictDoUpdate({
            target: [
              analyticsViews.day,
              analyticsViews.path,
              analyticsViews.referrer_host,
              analyticsViews.device,
              analyticsViews.share_link_id,
            ],
            set: { views: sql`${analyticsViews.views} + excluded.views` },
          })
      }
      for (const chunk of chunks(visitors, 1000)) {
        await tx.insert(analyticsVisitors).values(chunk).onConflictDoNothing()
      }
      const seenLinks = [...seenById].sort(([a], [b]) => a - b)
      for (const [id, seen] of seenLinks) {
        await tx
          .update(shareLinks)
          .set({
            // least/greatest skip nulls: the first flush through a link sets both.
            first_seen_at: sql`least(${shareLinks.first_seen_at}, ${seen.first.toISOString()}::timestamptz)`,
            last_seen_at: sql`greatest(${shareLinks.last_seen_at}, ${seen.last.toISOString()}::timestamptz)`,
          })
          .where(eq(shareLinks.id, id))
      }
      // Yesterday's salt goes as soon as the day is over: its hashes are now unlinkable.
      await tx.delete(analyticsSalts).where(lt(analyticsSalts.day, today))
    })
  }

  /**
   * The share link each of these visitors (`day SEP hash`) came through that
   * day, on any instance: the newest link when several, links since deleted
   * left out.
   */
  async function linksOfVisitors(keys: Iterable<string>): Promise<Map<string, number>> {
    const byDay = new Map<string, string[]>()
    for (const key of keys) {
      const [day = '', hash = ''] = key.split(SEP)
      const list = byDay.get(day)
      if (list) list.push(hash)
      else byDay.set(day, [hash])
    }
    const found = new Map<string, number>()
    for (const [day, hashes] of byDay) {
      for (const chunk of chunks(hashes, 1000)) {
        const rows = await db
          .select({
            visitor: analyticsVisitors.visitor,
            id: sql<number>`max(${analyticsVisitors.share_link_id})`.mapWith(Number),
          })
          .from(analyticsVisitors)
          .innerJoin(shareLinks, eq(shareLinks.id, analyticsVisitors.share_link_id))
          .where(and(eq(analyticsVisitors.day, day), inArray(analyticsVisitors.visitor, chunk)))
          .groupBy(analyticsVisitors.visitor)
        for (const row of rows) found.set(`${day}${SEP}${row.visitor}`, row.id)
      }
    }
    return found
  }

  /** Folds the queued views into the pending counts. */
  function fold(): void {
    const views = queued
    if (views.length === 0) return
    queued = []
    for (const view of views) count(view.day, new Date(view.ms), view, view.hash)
  }

  async function flushOnce(): Promise<void> {
    fold()
    if (!saltLoading && waiting[0]) void loadSalt(waiting[0].day)
    if (saltLoading) await saltLoading
    const batch = pending
    pending = emptyCounts()
    // A past day's salt is deleted by the next write, or by the analytics-salts job (below).
    if (batch.views.size === 0 && batch.visitors.size === 0 && batch.unattributed.size === 0) return
    try {
      await write(batch)
    } catch (error) {
      restore(batch)
      log.warn('analytics: counts not written, kept for the next flush', { error: String(error) })
      throw error
    }
  }

  function flush(): Promise<void> {
    const next = flushing.then(flushOnce, flushOnce)
    flushing = next.catch(() => {})
    return next
  }

  return {
    record(view) {
      const at = now()
      const ms = at.getTime()
      // The day's string, made again only when the clock leaves the day (or goes back).
      if (!(ms >= dayStart && ms < dayStart + DAY_MS)) {
        fold()
        day = utcDay(at)
        dayStart = Date.parse(`${day}T00:00:00Z`)
      }
      if (!view.optedOut && salt?.day !== day) {
        // No salt for the day yet: the view waits for it (in order, after those queued).
        fold()
        add(day, at, view)
        return
      }
      const { path, referrerHost, device, shareCode } = view
      const hash = view.optedOut ? null : visitorHash((salt as { value: string }).value, view)
      queued.push({ day, ms, path, referrerHost, device, shareCode, hash })
      // A share link's visit is credited at once (see creditNow); a full queue is folded now.
      if (shareCode || queued.length >= QUEUE_MAX) fold()
    },
    flush,
    pendingViews: () => {
      let total = waiting.length + queued.length
      for (const count of pending.views.values()) total += count
      for (const entry of pending.unattributed.values()) {
        for (const count of entry.views.values()) total += count
      }
      return total
    },
  }
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size)
}

/**
 * A past day's visitor salt goes as soon as the day is over, even when no
 * instance has a count to write (a flush with counts deletes it too).
 */
export const analyticsSaltsJob: Job = {
  name: 'analytics-salts',
  everyMs: 15 * 60_000,
  async run({ db, now }) {
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, utcDay(now())))
  },
}

/**
 * Each instance writes its own counts every `flushMs` (0: only when asked
 * and at stop), and what is left when the server stops.
 */
export function analyticsFlushJob(analytics: Analytics, flushMs: number): Job {
  return {
    name: 'analytics-flush',
    scope: 'instance',
    everyMs: flushMs,
    run: () => analytics.flush(),
    atStop: () => analytics.flush(),
  }
}

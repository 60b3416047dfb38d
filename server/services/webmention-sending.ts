/**
 * Sending Webmentions (W3C Recommendation, §3.1) through a durable outbox, driven from the
 * database rather than the save path (docs/social-web.md, "Sending"):
 *
 * 1. `queueWebmentions` finds each live note and published project whose current version has
 *    no rows yet, reads the links of its text, and writes one row per link (and per link the
 *    previous version had, so a page that dropped a link tells it too): unique per item,
 *    version and target, so two instances queue it once. It also finds each item that is no
 *    longer public (in the Trash, a draft again, unpublished) whose newest rows are a live
 *    version's, and writes one row per page that version reached, so each fetches the source
 *    again, finds it gone and removes the mention.
 * 2. `sendDueWebmentions` claims one due row at a time (`FOR UPDATE SKIP LOCKED`, a lease in
 *    `next_attempt_at`), discovers the target's endpoint and posts to it
 *    (server/webmention/send.ts, through the outbound fetcher). A 2xx is `sent`; no endpoint is
 *    `no-endpoint`; a 5xx or a network failure is tried again after a growing wait, up to
 *    `MAX_ATTEMPTS`, then `failed`; a 4xx is `failed` at once. What each answered is kept.
 *
 * Versions (`source_version`), every one computed from the rows themselves so that two
 * instances compute the same: a live version is the item's `updated_at` in milliseconds plus
 * the number of times it has gone away (a restore brings back the same `updated_at`, yet must
 * be told again); the n-th time it goes away is the version -n. Nothing else records state.
 */
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import { type AppConfig, defaultSocialSettings } from '../config'
import type { Db } from '../db/client'
import { notes, projects, webmentionOutbox } from '../db/schema'
import type { Job } from '../jobs/runner'
import type { Logger } from '../log'
import { renderMarkdown } from '../markdown/render'
import { OutboundError } from '../outbound/fetch'
import { sendWebmention } from '../webmention/send'
import { isLive } from './notes'
import { iso } from './rows'

export const WEBMENTION_SEND_JOB = 'webmention-send'
const MAX_ATTEMPTS = 6
const LEASE_MS = 60_000
/** The row that says "this version links nowhere", so it is not read again. */
const NO_LINKS = ''

type Row = typeof webmentionOutbox.$inferSelect

/** The absolute http(s) links of rendered HTML that leave this site, each once. */
export function outgoingLinks(html: string, siteUrl: string): string[] {
  const own = new URL(siteUrl).host.toLowerCase()
  const found = new Set<string>()
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]+)"/gi)) {
    const raw = (match[1] ?? '').replaceAll('&amp;', '&')
    try {
      const url = new URL(raw)
      if (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.host.toLowerCase() !== own
      ) {
        url.hash = ''
        found.add(url.toString())
      }
    } catch {
      // Not an absolute address: a path on this site.
    }
  }
  return [...found].slice(0, 100)
}

interface Item {
  type: 'note' | 'project'
  id: number
  slug: string
  text: string
  /** Its `updated_at` in milliseconds. */
  updated: number
}

/** What receivers were last told of an item: how many times it went away, and the last version. */
interface Told {
  type: 'note' | 'project'
  id: number
  /** Gone versions queued so far (-1, -2…): a restore's version moves on by this many ms. */
  gone: number
  /** The version of its newest row: negative when the last thing told is that it went away. */
  last: number
}

const itemKey = (type: string, id: number) => `${type}:${id}`

async function toldSoFar(db: Db): Promise<Map<string, Told>> {
  const rows = await db
    .select({
      type: webmentionOutbox.source_type,
      id: webmentionOutbox.source_id,
      gone: sql<number>`greatest(0, -min(${webmentionOutbox.source_version}))`.mapWith(Number),
      last: sql<number>`(array_agg(${webmentionOutbox.source_version} order by ${webmentionOutbox.id} desc))[1]`.mapWith(
        Number,
      ),
    })
    .from(webmentionOutbox)
    .groupBy(webmentionOutbox.source_type, webmentionOutbox.source_id)
  return new Map(rows.map((row) => [itemKey(row.type, row.id), row]))
}

/**
 * Queues the Webmentions of every live item version not queued yet, and of every item that has
 * gone (to the Trash, out of publication) since its last live version was queued; answers how
 * many rows.
 */
export async function queueWebmentions(db: Db, siteUrl: string, now: Date): Promise<number> {
  const items: Item[] = [
    ...(
      await db
        .select({ id: notes.id, slug: notes.slug, text: notes.body, updated: notes.updated_at })
        .from(notes)
        .where(isLive)
    ).map((row) => ({ type: 'note' as const, ...row, updated: row.updated.getTime() })),
    ...(
      await db
        .select({
          id: projects.id,
          slug: projects.slug,
          text: projects.long_description,
          updated: projects.updated_at,
        })
        .from(projects)
        .where(eq(projects.is_published, true))
    ).map((row) => ({ type: 'project' as const, ...row, updated: row.updated.getTime() })),
  ]
  const told = await toldSoFar(db)
  const base = (type: Item['type'], id: number, version: number, source: string) => ({
    source_type: type,
    source_id: id,
    source_version: version,
    source,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  })
  const insert = async (rows: (typeof webmentionOutbox.$inferInsert)[]) =>
    (
      await db
        .insert(webmentionOutbox)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: webmentionOutbox.id })
    ).length
  let queued = 0
  for (const item of items) {
    // Back from the Trash (or published again) with the same `updated_at`: a version of its own.
    const version = item.updated + (told.get(itemKey(item.type, item.id))?.gone ?? 0)
    const [done] = await db
      .select({ id: webmentionOutbox.id })
      .from(webmentionOutbox)
      .where(
        and(
          eq(webmentionOutbox.source_type, item.type),
          eq(webmentionOutbox.source_id, item.id),
          eq(webmentionOutbox.source_version, version),
        ),
      )
      .limit(1)
    if (done) continue
    const source = `${siteUrl}/${item.type === 'note' ? 'notes' : 'projects'}/${encodeURIComponent(item.slug)}`
    const links = outgoingLinks(renderMarkdown(item.text), siteUrl)
    // The previous live version's targets: a link that was dropped is told too (it then finds none).
    const [previous] = await db
      .select({ version: webmentionOutbox.source_version })
      .from(webmentionOutbox)
      .where(
        and(
          eq(webmentionOutbox.source_type, item.type),
          eq(webmentionOutbox.source_id, item.id),
          lt(webmentionOutbox.source_version, version),
        ),
      )
      .orderBy(desc(webmentionOutbox.source_version))
      .limit(1)
    const earlier =
      previous && previous.version >= 0
        ? (
            await db
              .select({ target: webmentionOutbox.target })
              .from(webmentionOutbox)
              .where(
                and(
                  eq(webmentionOutbox.source_type, item.type),
                  eq(webmentionOutbox.source_id, item.id),
                  eq(webmentionOutbox.source_version, previous.version),
                ),
              )
          )
            .map((row) => row.target)
            .filter((target) => target !== NO_LINKS)
        : []
    const targets = [...new Set([...links, ...earlier])]
    const row = base(item.type, item.id, version, source)
    queued += await insert(
      targets.length > 0
        ? targets.map((target) => ({ ...row, target }))
        : [{ ...row, target: NO_LINKS, status: 'no-endpoint' as const, result: 'No links.' }],
    )
  }
  // Gone since its last live version was queued: tell the pages that version reached.
  const live = new Set(items.map((item) => itemKey(item.type, item.id)))
  for (const [key, item] of told) {
    if (live.has(key) || item.last < 0) continue
    const reached = await db
      .select({ source: webmentionOutbox.source, target: webmentionOutbox.target })
      .from(webmentionOutbox)
      .where(
        and(
          eq(webmentionOutbox.source_type, item.type),
          eq(webmentionOutbox.source_id, item.id),
          eq(webmentionOutbox.source_version, item.last),
          ne(webmentionOutbox.target, NO_LINKS),
          inArray(webmentionOutbox.status, ['sent', 'pending']),
        ),
      )
    // Its links found no endpoint (or refused it): nobody holds a mention to remove.
    if (reached.length === 0) continue
    queued += await insert(
      reached.map(({ source, target }) => ({
        ...base(item.type, item.id, -(item.gone + 1), source),
        target,
      })),
    )
  }
  return queued
}

async function claim(db: Db, now: Date): Promise<Row | null> {
  const [row] = await db
    .update(webmentionOutbox)
    .set({
      attempts: sql`${webmentionOutbox.attempts} + 1`,
      next_attempt_at: new Date(now.getTime() + LEASE_MS),
      updated_at: now,
    })
    .where(
      eq(
        webmentionOutbox.id,
        sql`(select ${webmentionOutbox.id} from ${webmentionOutbox}
             where ${webmentionOutbox.status} = 'pending' and ${webmentionOutbox.next_attempt_at} <= ${now.toISOString()}::timestamptz
             order by ${webmentionOutbox.next_attempt_at}, ${webmentionOutbox.id}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

async function finish(db: Db, row: Row, values: Partial<Row>) {
  await db
    .update(webmentionOutbox)
    .set(values)
    .where(
      and(
        eq(webmentionOutbox.id, row.id),
        eq(webmentionOutbox.attempts, row.attempts),
        eq(webmentionOutbox.status, 'pending'),
      ),
    )
}

/** The wait after `attempts` failures: 1, 2, 4… minutes (the first retry sooner in tests: `retryBaseMs`). */
export function sendRetryDelayMs(attempts: number, baseMs = 60_000): number {
  return Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60_000)
}

/** Sends every due row, one claim at a time. */
export async function sendDueWebmentions(
  deps: { db: Db; log: Logger; config?: AppConfig; retryBaseMs?: number },
  now: () => Date,
  signal?: AbortSignal,
): Promise<number> {
  const social = deps.config?.social ?? defaultSocialSettings
  let sent = 0
  while (!signal?.aborted) {
    const row = await claim(deps.db, now())
    if (!row) break
    const at = now()
    try {
      const result = await sendWebmention(row.source, row.target, {
        ...social.testOutbound,
        allowLoopback: social.allowLoopback,
        timeoutMs: social.fetchTimeoutMs,
        maxBytes: social.fetchMaxBytes,
      })
      if (result.outcome === 'no-endpoint') {
        await finish(deps.db, row, {
          status: 'no-endpoint',
          result: 'The page has no Webmention endpoint.',
          updated_at: at,
        })
      } else if (result.outcome === 'sent') {
        sent++
        await finish(deps.db, row, {
          status: 'sent',
          endpoint: result.endpoint,
          result: `Accepted (${result.status}).`,
          sent_at: at,
          updated_at: at,
        })
      } else if (result.status >= 500 && row.attempts < MAX_ATTEMPTS) {
        await finish(deps.db, row, {
          endpoint: result.endpoint,
          result: `The endpoint answered ${result.status}; trying again.`,
          next_attempt_at: new Date(
            at.getTime() + sendRetryDelayMs(row.attempts, deps.retryBaseMs),
          ),
          updated_at: at,
        })
      } else {
        await finish(deps.db, row, {
          status: 'failed',
          endpoint: result.endpoint,
          result: `The endpoint answered ${result.status}.`,
          updated_at: at,
        })
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const permanent =
        error instanceof OutboundError && ['url', 'address', 'redirects'].includes(error.reason)
      if (permanent || row.attempts >= MAX_ATTEMPTS) {
        await finish(deps.db, row, {
          status: 'failed',
          result: message.slice(0, 500),
          updated_at: at,
        })
      } else {
        await finish(deps.db, row, {
          result: `${message.slice(0, 400)} Trying again.`,
          next_attempt_at: new Date(
            at.getTime() + sendRetryDelayMs(row.attempts, deps.retryBaseMs),
          ),
          updated_at: at,
        })
      }
      deps.log.info('webmention not sent', { id: row.id, error: message })
    }
  }
  return sent
}

/** What was sent, newest first (the owner's Conversations screen). */
export async function sentWebmentions(db: Db, limit = 100) {
  const rows = await db
    .select()
    .from(webmentionOutbox)
    .where(sql`${webmentionOutbox.target} <> ''`)
    .orderBy(desc(webmentionOutbox.updated_at), desc(webmentionOutbox.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    target: row.target,
    status: row.status,
    endpoint: row.endpoint,
    result: row.result,
    attempts: row.attempts,
    // Sent because the page went away (the Trash, out of publication): the target removes it.
    source_gone: row.source_version < 0,
    updated_at: iso(row.updated_at),
    sent_at: row.sent_at ? iso(row.sent_at) : null,
  }))
}

export function webmentionSendJob(deps: {
  config: AppConfig
  siteUrl: string
  pollMs: number
}): Job {
  return {
    name: WEBMENTION_SEND_JOB,
    everyMs: deps.pollMs,
    leaseMs: 5 * 60_000,
    async run({ db, log, now, signal }) {
      await queueWebmentions(db, deps.siteUrl, now())
      await sendDueWebmentions({ db, log, config: deps.config }, now, signal)
    },
  }
}

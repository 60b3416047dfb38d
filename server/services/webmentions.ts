/**
 * Webmentions received (W3C Recommendation, §3.2): the endpoint's rules and the verification.
 *
 * `receiveWebmention` checks the request synchronously (both URLs http(s), not the same, the
 * target a live note or project of this site), queues it (one row per source and target: the
 * same pair again is queued again, which is how an update or a deletion arrives) and answers
 * the status address; nothing is fetched while the sender waits. The `webmention-verify` job
 * claims queued rows one at a time (`FOR UPDATE SKIP LOCKED`, a lease in `next_attempt_at`),
 * so every verification happens once across instances, and fetches the source through the
 * outbound fetcher (server/outbound/fetch.ts): a 410 or 404 removes what it said; a source that
 * no longer links to the target removes it too; otherwise its microformats
 * (server/webmention/read-mention.ts) become a conversation (server/services/conversations.ts).
 * A source that cannot be fetched now (a timeout, a 5xx) is tried again with a growing wait;
 * what it said before is kept meanwhile.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { type AppConfig, defaultSocialSettings } from '../config'
import type { Db } from '../db/client'
import { webmentions } from '../db/schema'
import { InvalidFieldError, NotFoundError, RateLimitedError } from '../errors'
import type { Job } from '../jobs/runner'
import type { Logger } from '../log'
import type { MediaStore } from '../media/store'
import { OutboundError, outboundFetch } from '../outbound/fetch'
import { readMention } from '../webmention/read-mention'
import type { ServiceContext } from './context'
import {
  type ConversationDeps,
  recordConversation,
  removeConversationsBySource,
  resolveTarget,
} from './conversations'
import { takeSlot } from './fixed-window'
import { iso } from './rows'

export const WEBMENTION_VERIFY_JOB = 'webmention-verify'

/** The endpoint's own path (advertised in a `Link` header and `<link rel="webmention">`). */
export const WEBMENTION_PATH = '/webmention'

/** Requests one address may send per window (a sender with many links sends many). */
export const webmentionLimits = { perIp: 60, windowMs: 10 * 60_000 } as const

/** Attempts at fetching a source that does not answer before the request is given up. */
const MAX_ATTEMPTS = 5
/** How long a claimed request is left to its verifier before another may take it. */
const LEASE_MS = 60_000

export type WebmentionStatus = (typeof webmentions.$inferSelect)['status']

export interface WebmentionState {
  status: WebmentionStatus
  source: string
  target: string
  /** A sentence saying what the verification found; null while queued. */
  result: string | null
  received_at: string
  verified_at: string | null
}

function checkedUrl(field: 'source' | 'target', value: string): URL {
  const label = field === 'source' ? 'Source' : 'Target'
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new InvalidFieldError(field, `${label} must be an http(s) URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidFieldError(field, `${label} must be an http(s) URL.`)
  if (url.toString().length > 2048)
    throw new InvalidFieldError(field, `${label} must be at most 2048 characters.`)
  return url
}

const sameUrl = (a: URL, b: URL) => {
  const strip = (url: URL) => {
    const copy = new URL(url)
    copy.hash = ''
    return copy.toString()
  }
  return strip(a) === strip(b)
}

/**
 * Queues a Webmention; answers its status address's token. 400 (naming the field) for a
 * source or target that cannot be one, 429 past the per-address limit.
 */
export async function receiveWebmention(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'ip' | 'siteUrl' | 'log' | 'requestId' | 'kickJob'>,
  input: { source: string; target: string },
): Promise<{ token: string; status: WebmentionStatus }> {
  const source = checkedUrl('source', input.source)
  const target = checkedUrl('target', input.target)
  if (sameUrl(source, target))
    throw new InvalidFieldError('source', 'Source and target must be different pages.')
  const siteUrl = ctx.siteUrl ?? 'http://localhost'
  const found = await resolveTarget(ctx.db, target.toString(), siteUrl)
  if (!found)
    throw new InvalidFieldError(
      'target',
      'Target must be a published note or project of this site.',
    )
  const now = ctx.now()
  const wait = await takeSlot(
    ctx.db,
    `webmention:${ctx.ip}`,
    webmentionLimits.perIp,
    webmentionLimits.windowMs,
    now,
  )
  if (wait > 0)
    throw new RateLimitedError('Too many Webmentions sent. Please try again later.', wait)
  const token = randomBytes(16).toString('base64url')
  const [row] = await ctx.db
    .insert(webmentions)
    .values({
      token,
      source: source.toString(),
      target: target.toString(),
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoUpdate({
      target: [webmentions.source, webmentions.target],
      // Sent again: verified again (an update, or a deletion at the source), same status address.
      set: {
        status: 'queued',
        result: null,
        attempts: 0,
        next_attempt_at: now,
        updated_at: now,
      },
    })
    .returning({ token: webmentions.token, status: webmentions.status })
  if (!row) throw new Error('insert returned no row')
  ctx.log.info('webmention received', { request_id: ctx.requestId, target: target.toString() })
  ctx.kickJob?.(WEBMENTION_VERIFY_JOB)
  return row
}

/** What the status address answers. */
export async function webmentionStatus(db: Db, token: string): Promise<WebmentionState> {
  const [row] = await db.select().from(webmentions).where(eq(webmentions.token, token)).limit(1)
  if (!row) throw new NotFoundError('No Webmention has that status address.')
  return {
    status: row.status,
    source: row.source,
    target: row.target,
    result: row.result,
    received_at: iso(row.created_at),
    verified_at: row.verified_at ? iso(row.verified_at) : null,
  }
}

/** The last received Webmentions, newest first (the admin's Conversations screen). */
export async function recentWebmentions(db: Db, limit = 50) {
  const rows = await db
    .select()
    .from(webmentions)
    .orderBy(desc(webmentions.updated_at), desc(webmentions.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    source: row.source,
    target: row.target,
    result: row.result,
    received_at: iso(row.created_at),
    verified_at: row.verified_at ? iso(row.verified_at) : null,
  }))
}

type Row = typeof webmentions.$inferSelect

/** Takes the oldest due request, or null (one statement: no transaction held during the fetch). */
export async function claimWebmention(db: Db, now: Date): Promise<Row | null> {
  const [row] = await db
    .update(webmentions)
    .set({
      attempts: sql`${webmentions.attempts} + 1`,
      next_attempt_at: new Date(now.getTime() + LEASE_MS),
      updated_at: now,
    })
    .where(
      eq(
        webmentions.id,
        sql`(select ${webmentions.id} from ${webmentions}
             where ${webmentions.status} = 'queued' and ${webmentions.next_attempt_at} <= ${now.toISOString()}::timestamptz
             order by ${webmentions.next_attempt_at}, ${webmentions.id}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

/** Ends the claimed request, while the claim is still this verifier's. */
async function settle(
  db: Db,
  row: Row,
  now: Date,
  values: { status: WebmentionStatus; result: string; conversation_id?: number | null },
) {
  await db
    .update(webmentions)
    .set({ ...values, verified_at: now, updated_at: now })
    .where(
      and(
        eq(webmentions.id, row.id),
        eq(webmentions.attempts, row.attempts),
        eq(webmentions.status, 'queued'),
      ),
    )
}

export interface VerifyDeps {
  db: Db
  log: Logger
  config?: AppConfig
  mediaStore?: MediaStore
  siteUrl: string
  kickAlerts?: () => void
}

/** Verifies one claimed request (see the module's comment). */
export async function verifyWebmention(deps: VerifyDeps, row: Row, now: Date): Promise<void> {
  const social = deps.config?.social ?? defaultSocialSettings
  const target = await resolveTarget(deps.db, row.target, deps.siteUrl)
  if (!target) {
    await settle(deps.db, row, now, {
      status: 'rejected',
      result: 'The target is no longer a published note or project of this site.',
    })
    return
  }
  let response: Awaited<ReturnType<typeof outboundFetch>>
  try {
    response = await outboundFetch(row.source, {
      ...social.testOutbound,
      allowLoopback: social.allowLoopback,
      timeoutMs: social.fetchTimeoutMs,
      maxBytes: social.fetchMaxBytes,
      accept: ['text/html', 'application/xhtml+xml'],
      headers: { accept: 'text/html, application/xhtml+xml;q=0.9' },
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // Refused by a rule (an address not fetched, too large, not HTML): no second try.
    const permanent =
      error instanceof OutboundError &&
      ['url', 'address', 'size', 'type', 'redirects'].includes(error.reason)
    if (permanent || row.attempts >= MAX_ATTEMPTS) {
      await settle(deps.db, row, now, {
        status: 'rejected',
        result: `The source could not be read: ${message}`,
      })
      deps.log.info('webmention rejected', { id: row.id, error: message })
      return
    }
    await retryLater(deps.db, row, now, message)
    return
  }
  const conversationDeps: ConversationDeps = {
    db: deps.db,
    now: () => now,
    log: deps.log,
    config: deps.config,
    mediaStore: deps.mediaStore,
    siteUrl: deps.siteUrl,
    kickAlerts: deps.kickAlerts,
  }
  if (response.status === 410 || response.status === 404) {
    await removeConversationsBySource(conversationDeps, row.source, target)
    await settle(deps.db, row, now, {
      status: 'removed',
      result: `The source answered ${response.status}: what it said is removed.`,
    })
    return
  }
  if (response.status !== 200) {
    if (response.status >= 500 && row.attempts < MAX_ATTEMPTS) {
      await retryLater(deps.db, row, now, `The source answered ${response.status}.`)
      return
    }
    await settle(deps.db, row, now, {
      status: 'rejected',
      result: `The source answered ${response.status}.`,
    })
    return
  }
  const mention = readMention(response.text(), response.url, row.target)
  if (!mention) {
    const removed = await removeConversationsBySource(conversationDeps, row.source, target)
    await settle(deps.db, row, now, {
      status: removed > 0 ? 'removed' : 'rejected',
      result:
        removed > 0
          ? 'The source no longer links to the target: what it said is removed.'
          : 'The source does not link to the target.',
    })
    return
  }
  const { conversation } = await recordConversation(conversationDeps, {
    network: 'webmention',
    kind: mention.kind,
    target,
    source: row.source,
    url: mention.url,
    author: mention.author,
    content: mention.content,
    published_at: mention.published,
  })
  await settle(deps.db, row, now, {
    status: 'accepted',
    result:
      conversation.status === 'approved'
        ? 'Verified and shown.'
        : conversation.status === 'spam'
          ? 'Verified; held for the owner.'
          : 'Verified; it will be shown once the owner approves it.',
    conversation_id: conversation.id,
  })
}

async function retryLater(db: Db, row: Row, now: Date, message: string) {
  const wait = Math.min(60_000 * 2 ** Math.max(row.attempts - 1, 0), 6 * 60 * 60_000)
  await db
    .update(webmentions)
    .set({
      next_attempt_at: new Date(now.getTime() + wait),
      result: `Not verified yet: ${message.slice(0, 500)} Trying again.`,
      updated_at: now,
    })
    .where(and(eq(webmentions.id, row.id), eq(webmentions.attempts, row.attempts)))
}

/** The job: every due request, one at a time, each claimed on its own. */
export function webmentionVerifyJob(
  deps: Omit<VerifyDeps, 'db' | 'log'> & { pollMs: number },
): Job {
  return {
    name: WEBMENTION_VERIFY_JOB,
    everyMs: deps.pollMs,
    leaseMs: 5 * 60_000,
    async run({ db, log, signal, now }) {
      while (!signal.aborted) {
        const row = await claimWebmention(db, now())
        if (!row) return
        try {
          await verifyWebmention({ ...deps, db, log }, row, now())
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          log.warn('webmention verification failed', { id: row.id, error: message })
          await retryLater(db, row, now(), message)
        }
      }
    },
  }
}

/**
 * Replies, likes and reposts of the Mastodon or Bluesky post a note names as "Discussion on",
 * fetched by the `social-replies` job into the conversations queue (docs/social-web.md):
 *
 * - Mastodon, on the post's instance (or `mastodonApiUrl`): `GET /api/v1/statuses/:id/context`
 *   (its public replies, the whole thread below it), `/favourited_by` and `/reblogged_by`;
 * - Bluesky, on the public AppView (`blueskyAppViewUrl`): `app.bsky.feed.getPostThread`,
 *   `app.bsky.feed.getLikes` and `app.bsky.feed.getRepostedBy` (a handle in the post's address
 *   is resolved with `com.atproto.identity.resolveHandle`).
 *
 * Every answer comes through the outbound fetcher. One row per note in `discussion_fetches`
 * says when it is due; a run claims due rows one at a time (a lease in `next_fetch_at`), so
 * each is fetched by one instance. A complete fetch records every response (new ones pending,
 * as any conversation) and removes those that have gone from the post (a deleted reply, a like
 * taken back); a failed fetch changes nothing stored and is tried again sooner.
 */
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm'
import { type AppConfig, defaultSocialSettings, type SocialSettings } from '../config'
import type { Db } from '../db/client'
import { bumpContentVersion } from '../db/content-version'
import { conversations, discussionFetches, notes } from '../db/schema'
import type { Job } from '../jobs/runner'
import type { Logger } from '../log'
import type { MediaStore } from '../media/store'
import { outboundFetch } from '../outbound/fetch'
import { type ConversationInput, recordConversation } from './conversations'
import { isLive } from './notes'

export const SOCIAL_REPLIES_JOB = 'social-replies'
const LEASE_MS = 5 * 60_000
/** After a failure, tried again after this long (or at the next refresh, if sooner). */
const RETRY_MS = 15 * 60_000
/** Fetched at most this many responses of each kind (one page of each API). */
const PAGE = 80

/** Where a "Discussion on" address points. */
export type Discussion =
  | { network: 'mastodon'; host: string; id: string }
  | { network: 'bluesky'; actor: string; rkey: string }

/** The post an address names, or null for one that is neither a Mastodon nor a Bluesky post. */
export function discussionOf(address: string): Discussion | null {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const bluesky = /^\/profile\/([^/]+)\/post\/([a-z0-9]+)\/?$/i.exec(url.pathname)
  if (/(^|\.)bsky\.app$/i.test(url.hostname) && bluesky?.[1] && bluesky[2]) {
    return { network: 'bluesky', actor: decodeURIComponent(bluesky[1]), rkey: bluesky[2] }
  }
  // Mastodon's own forms: /@user/123, /users/user/statuses/123 (and /@user@host/123 elsewhere).
  const mastodon = /^\/(?:@[^/]+|users\/[^/]+\/statuses)\/(\d+)\/?$/.exec(url.pathname)
  if (mastodon?.[1]) return { network: 'mastodon', host: url.host, id: mastodon[1] }
  return null
}

interface FetchDeps {
  social: SocialSettings
}

async function getJson(deps: FetchDeps, url: string): Promise<unknown> {
  const response = await outboundFetch(url, {
    ...deps.social.testOutbound,
    allowLoopback: deps.social.allowLoopback,
    timeoutMs: deps.social.fetchTimeoutMs,
    maxBytes: deps.social.fetchMaxBytes,
    headers: { accept: 'application/json' },
  })
  if (response.status !== 200) throw new Error(`${new URL(url).host} answered ${response.status}.`)
  const type = response.headers.get('content-type') ?? ''
  if (!/^application\/(\w+\+)?json\b/i.test(type))
    throw new Error(`${new URL(url).host} answered ${type || 'something'} instead of JSON.`)
  return JSON.parse(response.text())
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

type Found = Omit<ConversationInput, 'target'>

/** A Mastodon account as a conversation's author. */
function mastodonAuthor(account: unknown): Found['author'] {
  const a = record(account)
  return {
    name: text(a.display_name) || text(a.username) || text(a.acct),
    url: text(a.url),
    photo: text(a.avatar_static) ?? text(a.avatar),
  }
}

async function fetchMastodon(
  deps: FetchDeps,
  post: Extract<Discussion, { network: 'mastodon' }>,
  address: string,
): Promise<Found[]> {
  const base = (deps.social.mastodonApiUrl ?? `https://${post.host}`).replace(/\/+$/, '')
  const api = `${base}/api/v1/statuses/${post.id}`
  const [context, favourited, reblogged] = await Promise.all([
    getJson(deps, `${api}/context`),
    getJson(deps, `${api}/favourited_by?limit=${PAGE}`),
    getJson(deps, `${api}/reblogged_by?limit=${PAGE}`),
  ])
  const found: Found[] = []
  for (const status of list(record(context).descendants)) {
    const s = record(status)
    const visibility = text(s.visibility)
    if (visibility !== 'public' && visibility !== 'unlisted') continue
    const source = text(s.uri) ?? text(s.url)
    if (!source) continue
    found.push({
      network: 'mastodon',
      kind: 'reply',
      source,
      url: text(s.url) ?? source,
      author: mastodonAuthor(s.account),
      content: { html: text(s.content) },
      published_at: text(s.created_at),
    })
  }
  for (const [accounts, kind, suffix] of [
    [favourited, 'like', 'favourited_by'],
    [reblogged, 'repost', 'reblogged_by'],
  ] as const) {
    for (const account of list(accounts)) {
      const id = text(record(account).id) ?? text(record(account).acct)
      if (!id) continue
      found.push({
        network: 'mastodon',
        kind,
        source: `${address}#${suffix}-${id}`,
        url: text(record(account).url),
        author: mastodonAuthor(account),
        content: null,
      })
    }
  }
  return found
}

/** A Bluesky profile view as a conversation's author. */
function blueskyAuthor(actor: unknown): Found['author'] {
  const a = record(actor)
  const handle = text(a.handle)
  return {
    name: text(a.displayName) || handle,
    url: handle ? `https://bsky.app/profile/${handle}` : null,
    photo: text(a.avatar),
  }
}

async function fetchBluesky(
  deps: FetchDeps,
  post: Extract<Discussion, { network: 'bluesky' }>,
): Promise<Found[]> {
  const xrpc = `${deps.social.blueskyAppViewUrl.replace(/\/+$/, '')}/xrpc`
  let did = post.actor
  if (!did.startsWith('did:')) {
    const resolved = record(
      await getJson(
        deps,
        `${xrpc}/com.atproto.identity.resolveHandle?handle=${encodeURIComponent(post.actor)}`,
      ),
    )
    did = text(resolved.did) ?? ''
    if (!did.startsWith('did:')) throw new Error(`The handle ${post.actor} could not be resolved.`)
  }
  const uri = `at://${did}/app.bsky.feed.post/${post.rkey}`
  const q = encodeURIComponent(uri)
  const [thread, likes, reposts] = await Promise.all([
    getJson(deps, `${xrpc}/app.bsky.feed.getPostThread?uri=${q}&depth=10&parentHeight=0`),
    getJson(deps, `${xrpc}/app.bsky.feed.getLikes?uri=${q}&limit=${PAGE}`),
    getJson(deps, `${xrpc}/app.bsky.feed.getRepostedBy?uri=${q}&limit=${PAGE}`),
  ])
  const found: Found[] = []
  // Every reply below the post, depth first (a blocked or deleted one has no `post`).
  const stack = [...list(record(record(thread).thread).replies)]
  while (stack.length > 0 && found.length < 500) {
    const node = record(stack.shift())
    stack.push(...list(node.replies))
    const view = record(node.post)
    const replyUri = text(view.uri)
    if (!replyUri) continue
    const author = record(view.author)
    const rkey = replyUri.split('/').pop() ?? ''
    const handle = text(author.handle) ?? text(author.did) ?? ''
    const postRecord = record(view.record)
    found.push({
      network: 'bluesky',
      kind: 'reply',
      source: replyUri,
      url: `https://bsky.app/profile/${handle}/post/${rkey}`,
      author: blueskyAuthor(author),
      content: { text: text(postRecord.text) },
      published_at: text(postRecord.createdAt) ?? text(view.indexedAt),
    })
  }
  for (const like of list(record(likes).likes)) {
    const actor = record(record(like).actor)
    const actorDid = text(actor.did)
    if (!actorDid) continue
    found.push({
      network: 'bluesky',
      kind: 'like',
      source: `${uri}#like-${actorDid}`,
      url: blueskyAuthor(actor).url,
      author: blueskyAuthor(actor),
      content: null,
      published_at: text(record(like).createdAt),
    })
  }
  for (const actor of list(record(reposts).repostedBy)) {
    const actorDid = text(record(actor).did)
    if (!actorDid) continue
    found.push({
      network: 'bluesky',
      kind: 'repost',
      source: `${uri}#repost-${actorDid}`,
      url: blueskyAuthor(actor).url,
      author: blueskyAuthor(actor),
      content: null,
    })
  }
  return found
}

/** Every response to the post at `address` (throws when any of its answers cannot be read). */
export async function fetchDiscussion(deps: FetchDeps, address: string): Promise<Found[]> {
  const post = discussionOf(address)
  if (!post) throw new Error('The address is not a Mastodon or Bluesky post.')
  return post.network === 'mastodon' ? fetchMastodon(deps, post, address) : fetchBluesky(deps, post)
}

/** One row per live note with a "Discussion on" address: added, re-aimed, or dropped. */
async function syncDiscussions(db: Db, now: Date): Promise<void> {
  const wanted = await db
    .select({ id: notes.id, url: notes.discussion_url })
    .from(notes)
    .where(and(isLive, isNotNull(notes.discussion_url)))
  const ids = wanted.map((row) => row.id)
  await db
    .delete(discussionFetches)
    .where(ids.length > 0 ? notInArray(discussionFetches.note_id, ids) : undefined)
  for (const row of wanted) {
    if (!row.url) continue
    await db
      .insert(discussionFetches)
      .values({
        note_id: row.id,
        url: row.url,
        next_fetch_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoUpdate({
        target: discussionFetches.note_id,
        // Another post named: fetched at once.
        set: {
          url: row.url,
          next_fetch_at: sql`case when ${discussionFetches.url} = ${row.url} then ${discussionFetches.next_fetch_at} else ${now.toISOString()}::timestamptz end`,
          updated_at: now,
        },
        setWhere: sql`${discussionFetches.url} <> ${row.url}`,
      })
  }
}

async function claimDiscussion(db: Db, now: Date) {
  const [row] = await db
    .update(discussionFetches)
    .set({ next_fetch_at: new Date(now.getTime() + LEASE_MS), updated_at: now })
    .where(
      eq(
        discussionFetches.note_id,
        sql`(select ${discussionFetches.note_id} from ${discussionFetches}
             where ${discussionFetches.next_fetch_at} <= ${now.toISOString()}::timestamptz
             order by ${discussionFetches.next_fetch_at}, ${discussionFetches.note_id}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

export interface SocialRepliesDeps {
  config: AppConfig
  siteUrl: string
  mediaStore?: MediaStore
}

/** Fetches every due discussion; answers how many were fetched. */
export async function refreshDiscussions(
  deps: SocialRepliesDeps & { db: Db; log: Logger },
  now: () => Date,
  signal?: AbortSignal,
): Promise<number> {
  const social = deps.config.social ?? defaultSocialSettings
  await syncDiscussions(deps.db, now())
  let fetched = 0
  while (!signal?.aborted) {
    const row = await claimDiscussion(deps.db, now())
    if (!row) break
    try {
      const found = await fetchDiscussion({ social }, row.url)
      const target = { type: 'note' as const, id: row.note_id }
      for (const item of found) {
        await recordConversation(
          {
            db: deps.db,
            now,
            log: deps.log,
            config: deps.config,
            mediaStore: deps.mediaStore,
            siteUrl: deps.siteUrl,
          },
          { ...item, target },
        )
      }
      // What has gone from the post (a deleted reply, a like taken back) goes here too.
      const network = discussionOf(row.url)?.network ?? 'mastodon'
      const seen = found.map((item) => item.source)
      await deps.db.transaction(async (tx) => {
        const gone = await tx
          .delete(conversations)
          .where(
            and(
              eq(conversations.target_type, 'note'),
              eq(conversations.target_id, row.note_id),
              inArray(conversations.network, [network]),
              ...(seen.length > 0 ? [notInArray(conversations.source, seen)] : []),
            ),
          )
          .returning({ status: conversations.status })
        if (gone.some((each) => each.status === 'approved')) await bumpContentVersion(tx)
      })
      const at = now()
      await deps.db
        .update(discussionFetches)
        .set({
          fetched_at: at,
          last_error: null,
          next_fetch_at: new Date(at.getTime() + social.refreshMs),
          updated_at: at,
        })
        .where(eq(discussionFetches.note_id, row.note_id))
      fetched++
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const at = now()
      deps.log.warn('discussion not fetched', { note_id: row.note_id, error: message })
      await deps.db
        .update(discussionFetches)
        .set({
          last_error: message.slice(0, 500),
          next_fetch_at: new Date(at.getTime() + Math.min(RETRY_MS, social.refreshMs)),
          updated_at: at,
        })
        .where(eq(discussionFetches.note_id, row.note_id))
    }
  }
  return fetched
}

export function socialRepliesJob(deps: SocialRepliesDeps & { pollMs: number }): Job {
  return {
    name: SOCIAL_REPLIES_JOB,
    everyMs: deps.pollMs,
    leaseMs: 10 * 60_000,
    async run({ db, log, now, signal }) {
      await refreshDiscussions({ ...deps, db, log }, now, signal)
    },
  }
}

/**
 * Publishing over ActivityPub, driven from the database (docs/activitypub.md):
 *
 * - `activitypub-notes` (once across the instances, every `pollMs`): finds
 *   the live notes this feature has not sent in their current version
 *   (`activitypub_notes.version` against the note's `updated_at`) and the
 *   ones sent that are no longer live (moved to the Trash, back to draft),
 *   and for each, in one transaction, records the version and puts
 *   Create, Update or Delete in the outbox once per follower inbox (a
 *   shared inbox once for everyone behind it). Nothing is added to the
 *   note's save path or to scheduled publishing: a scheduled note is seen
 *   once it has gone live.
 * - `activitypub-deliver` (on each instance, every `pollMs`): claims due
 *   outbox rows one at a time (`FOR UPDATE SKIP LOCKED`, a lease moved into
 *   `next_attempt_at`, so no transaction is open during a send and an
 *   instance killed mid-send leaves the row to be taken again), signs the
 *   POST with the actor's RSA key (RFC 9421 first where the peer took it,
 *   draft-cavage otherwise, as Mastodon expects) and sends it through the
 *   SSRF-safe fetcher. A failure is tried again after `retryBaseMs`, twice as
 *   long each time up to `retryMaxMs`; a 4xx other than 408/429, or a row
 *   older than `giveUpAfterMs`, is given up (`failed`).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { ActivityPubSettings } from '../config'
import { isLive } from '../content/note'
import type { Db } from '../db/client'
import { versionOf } from '../db/row-version'
import {
  activitypubDeliveries,
  activitypubNotes,
  activitypubProjects,
  notes,
  projects,
} from '../db/schema'
import type { Job } from '../jobs/runner'
import type { Logger } from '../log'
import { renderMarkdown } from '../markdown/render'
import { OutboundError, outboundFetch } from '../outbound/fetch'
import {
  activityPubPaths,
  federationOn,
  followerInboxes,
  PUBLIC_AUDIENCE,
  queueDelivery,
} from '../services/activitypub'
import { createDbKvStore } from './kv'

export const ACTIVITYPUB_NOTES_JOB = 'activitypub-notes'
export const ACTIVITYPUB_DELIVER_JOB = 'activitypub-deliver'

const AS_CONTEXT = ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1']

type NoteRow = typeof notes.$inferSelect

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Site-relative `src` and `href` made absolute: a follower's server has no other base. */
const absoluteLinks = (html: string, siteUrl: string) =>
  html.replace(
    /\s(src|href)="\/(?!\/)/g,
    (_match, attribute: string) => ` ${attribute}="${siteUrl}/`,
  )

function mediaTypeOf(url: string): string {
  const ext = /\.([a-z0-9]+)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase() ?? ''
  return (
    (
      {
        png: 'image/png',
        jpg: 'image/jpeg',
        jpeg: 'image/jpeg',
        webp: 'image/webp',
        gif: 'image/gif',
        avif: 'image/avif',
      } as Record<string, string>
    )[ext] ?? 'image/jpeg'
  )
}

/** A note as followers' servers see it: an Article (or a Note, the owner's choice). */
export function noteObject(
  note: Pick<
    NoteRow,
    | 'id'
    | 'slug'
    | 'title'
    | 'summary'
    | 'body'
    | 'tags'
    | 'cover_url'
    | 'published_at'
    | 'went_live_at'
    | 'updated_at'
  >,
  type: 'Article' | 'Note',
  siteUrl: string,
  edited: boolean,
): Record<string, unknown> {
  const paths = activityPubPaths(siteUrl)
  const page = `${siteUrl}/notes/${encodeURIComponent(note.slug)}`
  const tags = note.tags
    .map((tag) => ({ tag, name: tag.replace(/[^\p{L}\p{N}_]/gu, '') }))
    .filter((each) => each.name !== '')
    .map((each) => ({
      type: 'Hashtag',
      name: `#${each.name}`,
      href: `${siteUrl}/notes?tag=${encodeURIComponent(each.tag)}`,
    }))
  const hashtags = tags.length
    ? `<p>${tags.map((tag) => `<a href="${escapeHtml(tag.href)}" class="mention hashtag" rel="tag">${escapeHtml(tag.name)}</a>`).join(' ')}</p>`
    : ''
  const link = `<p><a href="${escapeHtml(page)}">${escapeHtml(page)}</a></p>`
  const content =
    type === 'Article'
      ? absoluteLinks(renderMarkdown(note.body), siteUrl) + hashtags
      : `<p><strong>${escapeHtml(note.title)}</strong></p>${note.summary ? `<p>${escapeHtml(note.summary)}</p>` : ''}${link}${hashtags}`
  const published = note.went_live_at ?? note.published_at ?? note.updated_at
  const cover = note.cover_url ? new URL(note.cover_url, `${siteUrl}/`).toString() : null
  return {
    '@context': AS_CONTEXT,
    id: paths.note(note.id),
    type,
    attributedTo: paths.actor,
    ...(type === 'Article' ? { name: note.title, summary: note.summary } : {}),
    content,
    url: page,
    published: published.toISOString(),
    ...(edited ? { updated: note.updated_at.toISOString() } : {}),
    to: [PUBLIC_AUDIENCE],
    cc: [paths.followers],
    tag: tags.map(({ type: kind, name, href }) => ({ type: kind, name, href })),
    attachment: cover
      ? [{ type: 'Image', mediaType: mediaTypeOf(cover), url: cover, name: note.title }]
      : [],
  }
}

export interface NotesJobDeps {
  siteUrl: string
  settings: ActivityPubSettings
}

/** One pass of `activitypub-notes`: answers how many activities it queued (each to every inbox). */
export async function federateNotes(db: Db, deps: NotesJobDeps, now: Date): Promise<number> {
  const siteUrl = deps.siteUrl.replace(/\/+$/, '')
  const state = await federationOn(db, siteUrl, deps.settings.allowLoopback)
  if (!state.on) return 0
  const paths = activityPubPaths(siteUrl)
  const live = await db.select().from(notes).where(isLive)
  const sent = new Map((await db.select().from(activitypubNotes)).map((row) => [row.note_id, row]))
  let queued = 0
  for (const note of live) {
    const version = versionOf(note.updated_at)
    const before = sent.get(note.id)
    if (before && before.state === 'live' && before.version === version) continue
    const type = before?.state === 'live' ? 'Update' : 'Create'
    const object = noteObject(note, state.objectType, siteUrl, type === 'Update')
    const activity = {
      '@context': AS_CONTEXT,
      id: `${paths.note(note.id)}#${type.toLowerCase()}-${version}`,
      type,
      actor: paths.actor,
      object,
      published: type === 'Create' ? object.published : note.updated_at.toISOString(),
      to: object.to,
      cc: object.cc,
    }
    await db.transaction(async (tx) => {
      // Claimed once: only the pass that moves the version queues the activity.
      const claimed = before
        ? await tx
            .update(activitypubNotes)
            .set({ version, state: 'live', object, updated_at: now })
            .where(
              and(
                eq(activitypubNotes.note_id, note.id),
                eq(activitypubNotes.version, before.version),
                eq(activitypubNotes.state, before.state),
              ),
            )
            .returning({ id: activitypubNotes.note_id })
        : await tx
            .insert(activitypubNotes)
            .values({
              note_id: note.id,
              version,
              state: 'live',
              object,
              first_sent_at: now,
              updated_at: now,
            })
            .onConflictDoNothing()
            .returning({ id: activitypubNotes.note_id })
      if (claimed.length === 0) return
      await queueDelivery(tx as unknown as Db, {
        activity,
        inboxes: await followerInboxes(tx as unknown as Db),
        noteId: note.id,
        now,
      })
      queued++
    })
  }
  if (state.federateProjects) queued += await federateProjects(db, siteUrl, now)
  const liveIds = new Set(live.map((note) => note.id))
  for (const row of sent.values()) {
    if (row.state !== 'live' || liveIds.has(row.note_id)) continue
    const objectId = String(row.object.id)
    const activity = {
      '@context': AS_CONTEXT,
      id: `${objectId}#delete-${now.getTime()}`,
      type: 'Delete',
      actor: paths.actor,
      object: { id: objectId, type: 'Tombstone' },
      to: [PUBLIC_AUDIENCE],
      cc: [paths.followers],
    }
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(activitypubNotes)
        .set({ state: 'deleted', updated_at: now })
        .where(and(eq(activitypubNotes.note_id, row.note_id), eq(activitypubNotes.state, 'live')))
        .returning({ id: activitypubNotes.note_id })
      if (claimed.length === 0) return
      await queueDelivery(tx as unknown as Db, {
        activity,
        inboxes: await followerInboxes(tx as unknown as Db),
        noteId: row.note_id,
        now,
      })
      queued++
    })
  }
  return queued
}

type ProjectRow = typeof projects.$inferSelect

/** A published project as followers' servers see it (when projects federate): an Article. */
export function projectObject(
  project: Pick<
    ProjectRow,
    | 'id'
    | 'slug'
    | 'title'
    | 'description'
    | 'long_description'
    | 'tags'
    | 'image_urls'
    | 'created_at'
    | 'updated_at'
  >,
  siteUrl: string,
  edited: boolean,
): Record<string, unknown> {
  const paths = activityPubPaths(siteUrl)
  const page = `${siteUrl}/projects/${encodeURIComponent(project.slug)}`
  const tags = project.tags
    .map((tag) => ({ tag, name: tag.replace(/[^\p{L}\p{N}_]/gu, '') }))
    .filter((each) => each.name !== '')
    .map((each) => ({ type: 'Hashtag', name: `#${each.name}`, href: `${siteUrl}/projects` }))
  const images = project.image_urls.slice(0, 4).map((url) => new URL(url, `${siteUrl}/`).toString())
  return {
    '@context': AS_CONTEXT,
    id: `${siteUrl}/ap/projects/${project.id}`,
    type: 'Article',
    attributedTo: paths.actor,
    name: project.title,
    summary: project.description,
    content:
      absoluteLinks(renderMarkdown(project.long_description || project.description), siteUrl) +
      `<p><a href="${escapeHtml(page)}">${escapeHtml(page)}</a></p>`,
    url: page,
    published: project.created_at.toISOString(),
    ...(edited ? { updated: project.updated_at.toISOString() } : {}),
    to: [PUBLIC_AUDIENCE],
    cc: [paths.followers],
    tag: tags,
    attachment: images.map((url) => ({
      type: 'Image',
      mediaType: mediaTypeOf(url),
      url,
      name: project.title,
    })),
  }
}

/**
 * Projects, when the owner federates them: the same pass as the notes'
 * (Create, Update, Delete once per inbox, claimed by the version recorded
 * in `activitypub_projects`). A project taken out of publication or moved
 * to the Trash is deleted there; turned off, nothing more is sent.
 */
async function federateProjects(db: Db, siteUrl: string, now: Date): Promise<number> {
  const paths = activityPubPaths(siteUrl)
  const live = await db.select().from(projects).where(eq(projects.is_published, true))
  const sent = new Map(
    (await db.select().from(activitypubProjects)).map((row) => [row.project_id, row]),
  )
  let queued = 0
  for (const project of live) {
    const version = versionOf(project.updated_at)
    const before = sent.get(project.id)
    if (before && before.state === 'live' && before.version === version) continue
    const type = before?.state === 'live' ? 'Update' : 'Create'
    const object = projectObject(project, siteUrl, type === 'Update')
    const activity = {
      '@context': AS_CONTEXT,
      id: `${String(object.id)}#${type.toLowerCase()}-${version}`,
      type,
      actor: paths.actor,
      object,
      to: object.to,
      cc: object.cc,
    }
    await db.transaction(async (tx) => {
      const claimed = before
        ? await tx
            .update(activitypubProjects)
            .set({ version, state: 'live', object, updated_at: now })
            .where(
              and(
                eq(activitypubProjects.project_id, project.id),
                eq(activitypubProjects.version, before.version),
                eq(activitypubProjects.state, before.state),
              ),
            )
            .returning({ id: activitypubProjects.project_id })
        : await tx
            .insert(activitypubProjects)
            .values({
              project_id: project.id,
              version,
              state: 'live',
              object,
              first_sent_at: now,
              updated_at: now,
            })
            .onConflictDoNothing()
            .returning({ id: activitypubProjects.project_id })
      if (claimed.length === 0) return
      await queueDelivery(tx as unknown as Db, {
        activity,
        inboxes: await followerInboxes(tx as unknown as Db),
        projectId: project.id,
        now,
      })
      queued++
    })
  }
  const liveIds = new Set(live.map((project) => project.id))
  for (const row of sent.values()) {
    if (row.state !== 'live' || liveIds.has(row.project_id)) continue
    const objectId = String(row.object.id)
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(activitypubProjects)
        .set({ state: 'deleted', updated_at: now })
        .where(
          and(
            eq(activitypubProjects.project_id, row.project_id),
            eq(activitypubProjects.state, 'live'),
          ),
        )
        .returning({ id: activitypubProjects.project_id })
      if (claimed.length === 0) return
      await queueDelivery(tx as unknown as Db, {
        activity: {
          '@context': AS_CONTEXT,
          id: `${objectId}#delete-${now.getTime()}`,
          type: 'Delete',
          actor: paths.actor,
          object: { id: objectId, type: 'Tombstone' },
          to: [PUBLIC_AUDIENCE],
          cc: [paths.followers],
        },
        inboxes: await followerInboxes(tx as unknown as Db),
        projectId: row.project_id,
        now,
      })
      queued++
    })
  }
  return queued
}

type DeliveryRow = typeof activitypubDeliveries.$inferSelect

/** Claims the next due delivery for this sender, its lease moved into `next_attempt_at`. */
export async function claimDelivery(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<DeliveryRow | null> {
  const d = activitypubDeliveries
  const [row] = await db
    .update(d)
    .set({
      next_attempt_at: new Date(now.getTime() + leaseMs),
      attempts: sql`${d.attempts} + 1`,
    })
    .where(
      eq(
        d.id,
        sql`(select ${d.id} from ${d}
             where ${d.status} = 'pending' and ${d.next_attempt_at} <= ${now.toISOString()}::timestamptz
             order by ${d.next_attempt_at}, ${d.id}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

type SignatureSpec = 'rfc9421' | 'draft-cavage-http-signatures-12'

export interface SendOutcome {
  ok: boolean
  status?: number
  permanent?: boolean
  error?: string
}

export interface DeliverDeps {
  siteUrl: string
  settings: ActivityPubSettings
  log: Logger
}

/** Signs and POSTs one activity to one inbox; tries RFC 9421, then draft-cavage, remembering what the inbox took. */
export async function sendSigned(
  db: Db,
  deps: DeliverDeps,
  inbox: string,
  activity: Record<string, unknown>,
  keys: CryptoKeyPair[],
): Promise<SendOutcome> {
  const rsa = keys.find((pair) => pair.privateKey.algorithm.name === 'RSASSA-PKCS1-v1_5')
  if (!rsa) return { ok: false, error: 'The actor has no RSA key.' }
  const keyId = new URL(activityPubPaths(deps.siteUrl).rsaKey)
  const kv = createDbKvStore(db)
  const origin = new URL(inbox).origin
  const remembered = await kv.get<SignatureSpec>(['portfolio', 'signature-spec', origin])
  const specs: SignatureSpec[] = remembered
    ? [remembered]
    : ['rfc9421', 'draft-cavage-http-signatures-12']
  const body = JSON.stringify(activity)
  // Fedify loads with the first send, not at start (federation.ts).
  const { signRequest } = await import('@fedify/fedify')
  let last: SendOutcome = { ok: false, error: 'not sent' }
  for (const spec of specs) {
    const unsigned = new Request(inbox, {
      method: 'POST',
      headers: {
        'content-type': 'application/activity+json',
        accept: 'application/activity+json, application/ld+json',
      },
      body,
    })
    const signed = await signRequest(unsigned, rsa.privateKey, keyId, {
      spec,
      body: new TextEncoder().encode(body).buffer as ArrayBuffer,
    })
    const headers = Object.fromEntries(signed.headers.entries())
    try {
      const response = await outboundFetch(inbox, {
        method: 'POST',
        headers,
        body,
        allowLoopback: deps.settings.allowLoopback,
        timeoutMs: deps.settings.timeoutMs,
        maxBytes: 64 * 1024,
        maxRedirects: 0,
      })
      if (response.status >= 200 && response.status < 300) {
        if (!remembered) await kv.set(['portfolio', 'signature-spec', origin], spec)
        return { ok: true, status: response.status }
      }
      last = {
        ok: false,
        status: response.status,
        permanent:
          response.status >= 400 &&
          response.status < 500 &&
          response.status !== 408 &&
          response.status !== 429,
        error: `${response.status} ${response.text().slice(0, 300)}`.trim(),
      }
      // A signature the inbox did not take: the other kind, once.
      if (response.status !== 401 && response.status !== 400 && response.status !== 403) return last
    } catch (error) {
      return {
        ok: false,
        error: error instanceof OutboundError ? error.message : String(error),
        permanent:
          error instanceof OutboundError && (error.reason === 'url' || error.reason === 'address'),
      }
    }
  }
  return last
}

/** Sends every due delivery, one claim at a time, until none is due; answers how many were sent. */
export async function deliverDue(
  db: Db,
  deps: DeliverDeps,
  now: () => Date,
  signal?: AbortSignal,
): Promise<number> {
  const { settings } = deps
  let keys: CryptoKeyPair[] | null = null
  let sentCount = 0
  for (;;) {
    if (signal?.aborted) return sentCount
    const row = await claimDelivery(db, now(), settings.leaseMs)
    if (!row) return sentCount
    keys ??= await (await import('./keys')).actorKeyPairs(db)
    const outcome = await sendSigned(db, deps, row.inbox, row.activity, keys)
    const at = now()
    const d = activitypubDeliveries
    if (outcome.ok) {
      await db
        .update(d)
        .set({ status: 'sent', sent_at: at, last_error: null })
        .where(eq(d.id, row.id))
      sentCount++
      continue
    }
    const givenUp =
      outcome.permanent || at.getTime() - row.created_at.getTime() >= settings.giveUpAfterMs
    const wait = Math.min(
      settings.retryBaseMs * 2 ** Math.max(row.attempts - 1, 0),
      settings.retryMaxMs,
    )
    await db
      .update(d)
      .set({
        status: givenUp ? 'failed' : 'pending',
        last_error: outcome.error ?? 'failed',
        next_attempt_at: new Date(at.getTime() + wait),
      })
      .where(eq(d.id, row.id))
    deps.log.warn('activitypub delivery failed', {
      inbox: row.inbox,
      activity: row.activity_id,
      attempts: row.attempts,
      givenUp,
      error: outcome.error,
    })
  }
}

/** The sent rows older than this are removed (the admin shows the last few weeks). */
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000

export function activityPubJobs(deps: DeliverDeps): Job[] {
  return [
    {
      name: ACTIVITYPUB_NOTES_JOB,
      everyMs: deps.settings.pollMs,
      async run({ db, now }) {
        await federateNotes(db, deps, now())
        await db
          .delete(activitypubDeliveries)
          .where(
            and(
              inArray(activitypubDeliveries.status, ['sent', 'failed']),
              lte(activitypubDeliveries.created_at, new Date(now().getTime() - KEEP_SENT_MS)),
            ),
          )
      },
    },
    {
      name: ACTIVITYPUB_DELIVER_JOB,
      everyMs: deps.settings.pollMs,
      scope: 'instance',
      async run({ db, now, signal }) {
        await deliverDue(db, deps, now, signal)
      },
    },
  ]
}

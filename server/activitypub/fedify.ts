/**
 * The site as one ActivityPub account, on Fedify (docs/activitypub.md),
 * loaded by federation.ts with the first request on one of its paths while
 * federation is on (with its vocabulary, Fedify brings about 950 modules:
 * a start that needs none of it does not load it):
 * WebFinger, the actor (a `Person`), its outbox, followers and following,
 * NodeInfo, and the inbox (personal and shared), mounted into the app's
 * route table (server/http/routes.ts) through `federation.fetch`.
 *
 * State lives in our database: Fedify's key-value store is
 * `activitypub_kv` (kv.ts); what Fedify would queue, we queue ourselves in
 * `activitypub_deliveries`, sent by the jobs runner (delivery.ts), so every
 * outbound request goes through the SSRF-safe fetcher (decision 0410).
 * Remote documents (actors, keys) are fetched through it too (loader.ts).
 *
 * The inbox verifies HTTP Signatures (draft-cavage and RFC 9421, Fedify's
 * own), refuses bodies over `inboxMaxBytes` (413) and more than
 * `inboxPerMinute` posts per address and instance (429), and handles
 * Follow, Undo, Create (replies to the site's notes), Like, Announce,
 * Delete and Update; anything else is answered 202 and ignored.
 */

import { createFederation, type InboxContext } from '@fedify/fedify'
import {
  Announce,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  isActor,
  Like,
  Note,
  Person,
  PropertyValue,
  Undo,
  Update,
} from '@fedify/vocab'
import { and, count, eq, ne } from 'drizzle-orm'
import { linksWithOrcid } from '../../src/domain/orcid'
import {
  activitypubFollowers,
  activitypubNotes,
  activitypubProjects,
  notes,
  profile,
} from '../db/schema'
import { readBodyUpTo } from '../outbound/fetch'
import {
  ACTOR_IDENTIFIER,
  activityPubPaths,
  answerToFollow,
  federationOn,
  isBlockedActor,
  queueDelivery,
} from '../services/activitypub'
import type { ActivityPubDeps } from './federation'
import { type InteractionKind, recordInteraction, removeInteraction } from './interactions'
import { actorKeyPairs } from './keys'
import { createDbKvStore } from './kv'
import { authenticatedDocumentLoaderFactory, documentLoaderFactory } from './loader'

/** What federation.ts hands on: requests on the federation's paths while it is on. */
export interface FedifyHandler {
  handle(request: Request, peer: string | null): Promise<Response>
}

const absolute = (url: string, siteUrl: string) => new URL(url, `${siteUrl}/`).toString()

function mediaTypeOf(url: string): string | undefined {
  const ext = /\.([a-z0-9]+)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase()
  return ext
    ? (
        {
          png: 'image/png',
          jpg: 'image/jpeg',
          jpeg: 'image/jpeg',
          webp: 'image/webp',
          svg: 'image/svg+xml',
          gif: 'image/gif',
        } as Record<string, string>
      )[ext]
    : undefined
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function createFedifyHandler(deps: ActivityPubDeps): FedifyHandler {
  const { db, settings, log } = deps
  const siteUrl = deps.siteUrl.replace(/\/+$/, '')
  const now = deps.now ?? (() => new Date())
  const paths = activityPubPaths(siteUrl)
  const host = new URL(siteUrl).host

  const federation = createFederation<void>({
    kv: createDbKvStore(db, now),
    origin: siteUrl,
    documentLoaderFactory: documentLoaderFactory(settings),
    authenticatedDocumentLoaderFactory: authenticatedDocumentLoaderFactory(settings),
    // Our own outbox retries; Fedify's breaker would only ever see the inbox's Accepts.
    circuitBreaker: false,
  })

  const on = () => federationOn(db, siteUrl, settings.allowLoopback)
  const conversationDeps = {
    db,
    now,
    log,
    config: deps.config,
    mediaStore: deps.mediaStore,
    siteUrl,
    kickAlerts: deps.kickAlerts,
  }

  federation
    .setActorDispatcher('/ap/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== ACTOR_IDENTIFIER) return null
      const state = await on()
      if (!state.on) return null
      const [owner] = await db.select().from(profile).limit(1)
      const keys = await ctx.getActorKeyPairs(identifier)
      const links = (owner ? linksWithOrcid(owner) : []).filter((link) =>
        /^https?:\/\//.test(link.url),
      )
      const photo = owner?.photo_url ? absolute(owner.photo_url, siteUrl) : null
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: state.handle,
        name: owner?.name ?? state.handle,
        summary: owner
          ? `<p>${escapeHtml(owner.headline)}</p>${owner.bio ? `<p>${escapeHtml(owner.bio)}</p>` : ''}`
          : null,
        url: new URL(`${siteUrl}/`),
        icon: photo ? new Image({ url: new URL(photo), mediaType: mediaTypeOf(photo) }) : null,
        image: new Image({ url: new URL(`${siteUrl}/og/home.png`), mediaType: 'image/png' }),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((key) => key.multikey),
        manuallyApprovesFollowers: state.approveFollows,
        discoverable: true,
        indexable: true,
        attachments: [
          new PropertyValue({
            name: 'Website',
            value: `<a href="${escapeHtml(siteUrl)}/" rel="me">${escapeHtml(host)}</a>`,
          }),
          ...links.slice(0, 8).map(
            (link) =>
              new PropertyValue({
                name: link.label,
                value: `<a href="${escapeHtml(link.url)}" rel="me nofollow noopener" target="_blank">${escapeHtml(link.url.replace(/^https?:\/\//, ''))}</a>`,
              }),
          ),
        ],
      })
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) =>
      identifier === ACTOR_IDENTIFIER ? actorKeyPairs(db) : [],
    )
    .mapHandle(async (_ctx, username) => {
      const state = await on()
      return state.on && username.toLowerCase() === state.handle.toLowerCase()
        ? ACTOR_IDENTIFIER
        : null
    })

  federation
    .setFollowersDispatcher('/ap/users/{identifier}/followers', async (_ctx, identifier) => {
      if (identifier !== ACTOR_IDENTIFIER || !(await on()).on) return null
      const rows = await db
        .select({
          actor_id: activitypubFollowers.actor_id,
          inbox: activitypubFollowers.inbox,
          shared_inbox: activitypubFollowers.shared_inbox,
        })
        .from(activitypubFollowers)
        .where(eq(activitypubFollowers.status, 'accepted'))
        .orderBy(activitypubFollowers.id)
      return {
        items: rows.map((row) => ({
          id: new URL(row.actor_id),
          inboxId: new URL(row.inbox),
          endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null,
        })),
      }
    })
    .setCounter(async (_ctx, identifier) => {
      if (identifier !== ACTOR_IDENTIFIER) return null
      const [row] = await db
        .select({ n: count() })
        .from(activitypubFollowers)
        .where(eq(activitypubFollowers.status, 'accepted'))
      return Number(row?.n ?? 0)
    })

  federation.setFollowingDispatcher('/ap/users/{identifier}/following', async (_ctx, identifier) =>
    identifier === ACTOR_IDENTIFIER && (await on()).on ? { items: [] } : null,
  )

  federation
    .setOutboxDispatcher('/ap/users/{identifier}/outbox', async (ctx, identifier) => {
      if (identifier !== ACTOR_IDENTIFIER || !(await on()).on) return null
      const rows = await db
        .select({ object: activitypubNotes.object })
        .from(activitypubNotes)
        .where(eq(activitypubNotes.state, 'live'))
        .orderBy(activitypubNotes.first_sent_at)
        .limit(50)
      const items = []
      for (const row of rows) {
        const object = await (row.object.type === 'Note' ? Note : Article).fromJsonLd(row.object, {
          documentLoader: ctx.contextLoader,
          contextLoader: ctx.contextLoader,
        })
        items.push(
          new Create({
            id: new URL(`${String(row.object.id)}#create`),
            actor: ctx.getActorUri(identifier),
            object,
            published: object.published,
            tos: object.toIds,
            ccs: object.ccIds,
          }),
        )
      }
      return { items: items.reverse() }
    })
    .setCounter(async (_ctx, identifier) => {
      if (identifier !== ACTOR_IDENTIFIER) return null
      const [row] = await db
        .select({ n: count() })
        .from(activitypubNotes)
        .where(eq(activitypubNotes.state, 'live'))
      return Number(row?.n ?? 0)
    })

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const [live] = await db
      .select({ n: count() })
      .from(activitypubNotes)
      .where(eq(activitypubNotes.state, 'live'))
    return {
      software: { name: 'portfolio', version: '0.1.0', homepage: new URL(`${siteUrl}/`) },
      protocols: ['activitypub'],
      services: { inbound: [], outbound: ['atom1.0', 'rss2.0'] },
      openRegistrations: false,
      usage: {
        users: { total: 1, activeHalfyear: 1, activeMonth: 1 },
        localPosts: Number(live?.n ?? 0),
        localComments: 0,
      },
      metadata: {},
    }
  })

  /** The note a URL names, when it is one of ours (its object id or its page). */
  async function noteOf(url: URL | null): Promise<number | null> {
    if (!url) return null
    const text = url.toString()
    const byObject = new RegExp(
      `^${paths
        .note(0)
        .slice(0, -1)
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)$`,
    ).exec(text)
    if (byObject?.[1]) {
      const [sent] = await db
        .select({ id: activitypubNotes.note_id })
        .from(activitypubNotes)
        .where(
          and(
            eq(activitypubNotes.note_id, Number(byObject[1])),
            eq(activitypubNotes.state, 'live'),
          ),
        )
      return sent?.id ?? null
    }
    if (text.startsWith(`${siteUrl}/notes/`)) {
      const slug = decodeURIComponent(text.slice(`${siteUrl}/notes/`.length).split(/[?#]/)[0] ?? '')
      const [row] = await db.select({ id: notes.id }).from(notes).where(eq(notes.slug, slug))
      return row?.id ?? null
    }
    return null
  }

  async function interaction(
    ctx: InboxContext<void>,
    kind: InteractionKind,
    activity: Create | Like | Announce | Update,
    object: Note | Article | null,
    target: URL | null,
  ): Promise<void> {
    const actorId = activity.actorId
    if (!actorId) return
    if (await isBlockedActor(db, actorId.href)) return
    const noteId = await noteOf(target)
    if (noteId === null) return
    const actor = await activity.getActor(ctx).catch(() => null)
    const icon = actor ? await actor.getIcon(ctx).catch(() => null) : null
    const sourceId = (object?.id ?? activity.id)?.href
    if (!sourceId) return
    await recordInteraction(conversationDeps, {
      kind,
      noteId,
      sourceId,
      actorId: actorId.href,
      authorName: actor?.name?.toString() ?? actor?.preferredUsername?.toString() ?? actorId.host,
      authorUrl: actor?.url instanceof URL ? actor.url.href : actorId.href,
      authorPhoto: icon?.url instanceof URL ? icon.url.href : null,
      contentHtml: object?.content?.toString() ?? '',
      url: object?.url instanceof URL ? object.url.href : sourceId,
      publishedAt: object?.published ? new Date(object.published.epochMilliseconds) : now(),
    })
  }

  federation
    .setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox')
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return
      if (ctx.parseUri(follow.objectId)?.type !== 'actor') return
      const state = await on()
      if (!state.on) return
      const at = now()
      const [existing] = await db
        .select()
        .from(activitypubFollowers)
        .where(eq(activitypubFollowers.actor_id, follow.actorId.href))
      const follower = await follow.getActor(ctx)
      if (!follower || !isActor(follower) || !follower.id || !follower.inboxId) return
      const icon = await follower.getIcon(ctx).catch(() => null)
      if (existing?.status === 'blocked') {
        await queueDelivery(db, {
          activity: answerToFollow(
            siteUrl,
            { actor_id: follower.id.href, follow_id: follow.id.href },
            'Reject',
            at,
          ),
          inboxes: [follower.inboxId.href],
          now: at,
        })
        return
      }
      const status =
        existing?.status === 'accepted' || !state.approveFollows ? 'accepted' : 'pending'
      const values = {
        actor_id: follower.id.href,
        handle: `@${follower.preferredUsername?.toString() ?? '?'}@${follower.id.host}`,
        name: follower.name?.toString() ?? '',
        url: follower.url instanceof URL ? follower.url.href : null,
        icon_url: icon?.url instanceof URL ? icon.url.href : null,
        inbox: follower.inboxId.href,
        shared_inbox: follower.endpoints?.sharedInbox?.href ?? null,
        status,
        follow_id: follow.id.href,
        updated_at: at,
      } as const
      await db
        .insert(activitypubFollowers)
        .values({ ...values, created_at: at })
        .onConflictDoUpdate({ target: activitypubFollowers.actor_id, set: values })
      if (status === 'accepted')
        await queueDelivery(db, {
          activity: answerToFollow(siteUrl, values, 'Accept', at),
          inboxes: [values.inbox],
          now: at,
        })
      log.info('activitypub follow', { actor: values.actor_id, status })
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return
      const object = await undo.getObject(ctx).catch(() => null)
      if (object instanceof Follow) {
        await db.delete(activitypubFollowers).where(
          and(
            eq(activitypubFollowers.actor_id, undo.actorId.href),
            // A blocked account stays blocked.
            ne(activitypubFollowers.status, 'blocked'),
          ),
        )
      } else if (object instanceof Like || object instanceof Announce) {
        const id = object.id?.href ?? undo.objectId?.href
        if (id) await removeInteraction({ db }, { sourceId: id, actorId: undo.actorId.href })
      }
    })
    .on(Create, async (ctx, create) => {
      const object = await create.getObject(ctx).catch(() => null)
      if (!(object instanceof Note || object instanceof Article)) return
      if (object.attributionId?.href !== create.actorId?.href) return
      await interaction(ctx, 'reply', create, object, object.replyTargetId)
    })
    .on(Update, async (ctx, update) => {
      const object = await update.getObject(ctx).catch(() => null)
      if (object instanceof Note || object instanceof Article) {
        if (object.attributionId?.href !== update.actorId?.href) return
        await interaction(ctx, 'reply', update, object, object.replyTargetId)
      } else if (
        object &&
        isActor(object) &&
        object.id &&
        object.id.href === update.actorId?.href
      ) {
        const icon = await object.getIcon(ctx).catch(() => null)
        await db
          .update(activitypubFollowers)
          .set({
            name: object.name?.toString() ?? '',
            icon_url: icon?.url instanceof URL ? icon.url.href : null,
            inbox: object.inboxId?.href ?? activitypubFollowers.inbox,
            shared_inbox: object.endpoints?.sharedInbox?.href ?? null,
            updated_at: now(),
          })
          .where(eq(activitypubFollowers.actor_id, object.id.href))
      }
    })
    .on(Like, async (ctx, like) => {
      await interaction(ctx, 'like', like, null, like.objectId)
    })
    .on(Announce, async (ctx, announce) => {
      await interaction(ctx, 'repost', announce, null, announce.objectId)
    })
    .on(Delete, async (_ctx, remove) => {
      const actorId = remove.actorId?.href
      const objectId = remove.objectId?.href
      if (!actorId || !objectId) return
      if (objectId === actorId) {
        // The account is gone: no longer a follower (a block stays). Its conversations stay
        // for the owner to judge (their sources may still answer).
        await db
          .delete(activitypubFollowers)
          .where(
            and(
              eq(activitypubFollowers.actor_id, actorId),
              eq(activitypubFollowers.status, 'accepted'),
            ),
          )
        return
      }
      await removeInteraction({ db }, { sourceId: objectId, actorId })
    })
    .onError((_ctx, error) => {
      log.warn('activitypub inbox activity failed', { error: String(error) })
    })

  /** Per instance: posts per address in the current minute. */
  const window = { start: 0, counts: new Map<string, number>() }
  function overRate(peer: string): boolean {
    const minute = Math.floor(now().getTime() / 60_000)
    if (window.start !== minute) {
      window.start = minute
      window.counts.clear()
    }
    const n = (window.counts.get(peer) ?? 0) + 1
    window.counts.set(peer, n)
    return n > settings.inboxPerMinute
  }

  async function objectResponse(
    kind: 'notes' | 'projects',
    id: number,
    accept: string,
  ): Promise<Response> {
    const [row] =
      kind === 'notes'
        ? await db.select().from(activitypubNotes).where(eq(activitypubNotes.note_id, id))
        : await db.select().from(activitypubProjects).where(eq(activitypubProjects.project_id, id))
    if (!row) return new Response('Not found', { status: 404 })
    if (!/json/.test(accept)) {
      const url = typeof row.object.url === 'string' ? row.object.url : `${siteUrl}/notes`
      return new Response(null, { status: 302, headers: { location: url } })
    }
    const body =
      row.state === 'deleted'
        ? {
            '@context': 'https://www.w3.org/ns/activitystreams',
            id: row.object.id,
            type: 'Tombstone',
            formerType: row.object.type,
            deleted: row.updated_at.toISOString(),
          }
        : row.object
    return new Response(JSON.stringify(body), {
      status: row.state === 'deleted' ? 410 : 200,
      headers: { 'content-type': 'application/activity+json', vary: 'Accept' },
    })
  }

  return {
    async handle(request, peer) {
      const url = new URL(request.url)
      const objectMatch = /^\/ap\/(notes|projects)\/(\d{1,9})$/.exec(url.pathname)
      if (objectMatch && (request.method === 'GET' || request.method === 'HEAD'))
        return objectResponse(
          objectMatch[1] === 'projects' ? 'projects' : 'notes',
          Number(objectMatch[2]),
          request.headers.get('accept') ?? '',
        )
      // As the site's public address names it (a proxy in front may have changed the
      // scheme or host the server sees): what RFC 9421 signatures cover.
      const publicUrl = `${siteUrl}${url.pathname}${url.search}`
      let forwarded = new Request(publicUrl, { method: request.method, headers: request.headers })
      if (request.method === 'POST') {
        if (overRate(peer ?? 'unknown'))
          return Response.json(
            { error: 'Too many activities from this address: try again in a minute.' },
            { status: 429, headers: { 'retry-after': '60' } },
          )
        let body: Uint8Array
        try {
          const length = request.headers.get('content-length')
          body = await readBodyUpTo(
            new Response(request.body, { headers: length ? { 'content-length': length } : {} }),
            settings.inboxMaxBytes,
            () => new Error('too large'),
          )
        } catch {
          return Response.json(
            { error: `An activity is at most ${settings.inboxMaxBytes} bytes.` },
            { status: 413 },
          )
        }
        forwarded = new Request(publicUrl, {
          method: 'POST',
          headers: request.headers,
          body: body as BodyInit,
        })
      }
      const response = await federation.fetch(forwarded, {
        contextData: undefined,
        onNotFound: () => new Response('Not found', { status: 404 }),
        onNotAcceptable: () =>
          new Response(null, { status: 302, headers: { location: `${siteUrl}/` } }),
      })
      return response
    },
  }
}

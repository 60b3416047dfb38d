/**
 * The site as an ActivityPub account, as the owner runs it
 * (docs/activitypub.md): the settings row, the followers (approve, remove,
 * block) and what was delivered. The protocol itself (the actor, the inbox,
 * the signatures, sending) is server/activitypub/, which reads these rows;
 * this module only writes rows, including the activities it queues in the
 * durable outbox (`activitypub_deliveries`) for the delivery job to send.
 */

import { isIP } from 'node:net'
import { and, asc, count, desc, eq, inArray, isNotNull, max, or, sql } from 'drizzle-orm'
import ipaddr from 'ipaddr.js'
import type {
  ActivityPubSettings,
  ActivityPubSettingsInput,
  DeliveryStatus,
  Follower,
} from '../../src/schemas/activitypub'
import { defaultActivityPubSettings } from '../config'
import type { Db } from '../db/client'
import {
  activitypubDeliveries,
  activitypubFollowers,
  activitypubNotes,
  activitypubProjects,
  activitypubSettings,
  adminUsers,
  notes,
} from '../db/schema'
import { InvalidFieldError, NotFoundError } from '../errors'
import type { ServiceContext } from './context'
import { iso } from './rows'

export const PUBLIC_AUDIENCE = 'https://www.w3.org/ns/activitystreams#Public'
/** The one actor's identifier in its URLs: stable whatever the handle. */
export const ACTOR_IDENTIFIER = 'site'

/** The site's ActivityPub addresses (Fedify's routes in server/activitypub/fedify.ts). */
export function activityPubPaths(siteUrl: string) {
  const base = siteUrl.replace(/\/+$/, '')
  const actor = `${base}/ap/users/${ACTOR_IDENTIFIER}`
  return {
    actor,
    inbox: `${actor}/inbox`,
    sharedInbox: `${base}/ap/inbox`,
    outbox: `${actor}/outbox`,
    followers: `${actor}/followers`,
    following: `${actor}/following`,
    rsaKey: `${actor}#main-key`,
    note: (id: number) => `${base}/ap/notes/${id}`,
  }
}

/**
 * Whether federation may be on for this address: an https origin whose
 * host is a public name or address. The test setting also allows http and
 * loopback (two instances on one machine).
 */
export function federationAvailability(
  siteUrl: string,
  allowLoopback: boolean,
): { available: boolean; reason: string | null } {
  if (allowLoopback) return { available: true, reason: null }
  let url: URL
  try {
    url = new URL(siteUrl)
  } catch {
    return { available: false, reason: 'SITE_URL is not a valid address.' }
  }
  if (url.protocol !== 'https:')
    return {
      available: false,
      reason: `SITE_URL (${siteUrl}) must be a public https address: other servers only follow accounts at one.`,
    }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const local =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    !host.includes('.') ||
    (isIP(host) !== 0 && ipaddr.parse(host).range() !== 'unicast')
  if (local)
    return {
      available: false,
      reason: `SITE_URL (${siteUrl}) is not a public address: other servers could not reach it.`,
    }
  return { available: true, reason: null }
}

export interface FederationState {
  enabled: boolean
  handle: string
  objectType: 'Article' | 'Note'
  approveFollows: boolean
  federateProjects: boolean
}

/** The settings in effect (defaults when never saved), read anew at each use on every instance. */
export async function federationState(
  db: Db,
): Promise<FederationState & { handleSet: string | null }> {
  const [row] = await db.select().from(activitypubSettings).where(eq(activitypubSettings.id, 1))
  const [admin] = await db
    .select({ username: adminUsers.username })
    .from(adminUsers)
    .orderBy(asc(adminUsers.id))
    .limit(1)
  const fallback = (admin?.username ?? 'site').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 30) || 'site'
  return {
    enabled: row?.enabled ?? false,
    handle: row?.handle ?? fallback,
    handleSet: row?.handle ?? null,
    objectType: row?.object_type ?? 'Article',
    approveFollows: row?.approve_follows ?? false,
    federateProjects: row?.federate_projects ?? false,
  }
}

/** Whether the actor answers now: turned on, and allowed for this address. */
export async function federationOn(db: Db, siteUrl: string, allowLoopback: boolean) {
  const state = await federationState(db)
  const on = state.enabled && federationAvailability(siteUrl, allowLoopback).available
  return { ...state, on }
}

const settingsOf = (ctx: ServiceContext) => ctx.config.activitypub ?? defaultActivityPubSettings
const siteOf = (ctx: ServiceContext) => (ctx.siteUrl ?? 'http://localhost').replace(/\/+$/, '')

export async function readActivityPubSettings(ctx: ServiceContext): Promise<ActivityPubSettings> {
  const siteUrl = siteOf(ctx)
  const state = await federationState(ctx.db)
  const availability = federationAvailability(siteUrl, settingsOf(ctx).allowLoopback)
  const counts = await ctx.db
    .select({ status: activitypubFollowers.status, n: count() })
    .from(activitypubFollowers)
    .groupBy(activitypubFollowers.status)
  const countOf = (status: string) => Number(counts.find((row) => row.status === status)?.n ?? 0)
  return {
    enabled: state.enabled,
    available: availability.available,
    unavailable_reason: availability.reason,
    handle: state.handle,
    handle_set: state.handleSet,
    account: `@${state.handle}@${new URL(siteUrl).host}`,
    actor_url: activityPubPaths(siteUrl).actor,
    object_type: state.objectType,
    approve_follows: state.approveFollows,
    federate_projects: state.federateProjects,
    followers: countOf('accepted'),
    pending: countOf('pending'),
  }
}

/** The inboxes to reach every accepted follower once: a shared inbox stands for all behind it. */
export async function followerInboxes(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      inbox: sql<string>`coalesce(${activitypubFollowers.shared_inbox}, ${activitypubFollowers.inbox})`,
    })
    .from(activitypubFollowers)
    .where(eq(activitypubFollowers.status, 'accepted'))
  return rows.map((row) => row.inbox).sort()
}

/**
 * Puts an activity in the durable outbox, once per inbox: a second call
 * with the same activity id and inbox adds nothing.
 */
export async function queueDelivery(
  db: Db,
  delivery: {
    activity: Record<string, unknown>
    inboxes: readonly string[]
    noteId?: number | null
    projectId?: number | null
    now: Date
  },
): Promise<number> {
  const id = String(delivery.activity.id)
  const type = String(delivery.activity.type)
  if (delivery.inboxes.length === 0) return 0
  const rows = await db
    .insert(activitypubDeliveries)
    .values(
      [...new Set(delivery.inboxes)].map((inbox) => ({
        activity_id: id,
        activity_type: type,
        note_id: delivery.noteId ?? null,
        project_id: delivery.projectId ?? null,
        inbox,
        activity: delivery.activity,
        next_attempt_at: delivery.now,
        created_at: delivery.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: activitypubDeliveries.id })
  return rows.length
}

export async function saveActivityPubSettings(
  ctx: ServiceContext,
  input: ActivityPubSettingsInput,
): Promise<ActivityPubSettings> {
  const siteUrl = siteOf(ctx)
  const availability = federationAvailability(siteUrl, settingsOf(ctx).allowLoopback)
  if (input.enabled && !availability.available)
    throw new InvalidFieldError('enabled', availability.reason ?? 'Federation is not available.')
  const before = await federationState(ctx.db)
  const now = ctx.now()
  const values = {
    enabled: input.enabled,
    handle: input.handle,
    object_type: input.object_type,
    approve_follows: input.approve_follows,
    federate_projects: input.federate_projects ?? before.federateProjects,
    updated_at: now,
  }
  await ctx.db
    .insert(activitypubSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: activitypubSettings.id, set: values })
  if (before.enabled && !input.enabled && input.delete_account) {
    // Every follower's server is told the account is gone; the followers are forgotten.
    const paths = activityPubPaths(siteUrl)
    await queueDelivery(ctx.db, {
      activity: {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${paths.actor}#delete-${now.getTime()}`,
        type: 'Delete',
        actor: paths.actor,
        object: paths.actor,
        to: [PUBLIC_AUDIENCE],
      },
      inboxes: await followerInboxes(ctx.db),
      now,
    })
    await ctx.db.delete(activitypubFollowers).where(eq(activitypubFollowers.status, 'accepted'))
    await ctx.db.delete(activitypubNotes)
    await ctx.db.delete(activitypubProjects)
  }
  ctx.log.info('activitypub settings saved', { enabled: input.enabled })
  return readActivityPubSettings(ctx)
}

type FollowerRow = typeof activitypubFollowers.$inferSelect

const followerView = (row: FollowerRow): Follower => ({
  id: row.id,
  actor_id: row.actor_id,
  handle: row.handle,
  name: row.name,
  url: row.url,
  icon_url: row.icon_url,
  status: row.status,
  created_at: iso(row.created_at),
})

export async function listFollowers(ctx: ServiceContext): Promise<Follower[]> {
  const rows = await ctx.db
    .select()
    .from(activitypubFollowers)
    .orderBy(desc(activitypubFollowers.created_at), desc(activitypubFollowers.id))
  return rows.map(followerView)
}

async function followerRow(db: Db, id: number): Promise<FollowerRow> {
  const [row] = await db.select().from(activitypubFollowers).where(eq(activitypubFollowers.id, id))
  if (!row) throw new NotFoundError('No such follower.')
  return row
}

/** Accept or Reject of a follower's Follow, queued to their inbox. */
export function answerToFollow(
  siteUrl: string,
  follower: Pick<FollowerRow, 'actor_id' | 'follow_id'>,
  type: 'Accept' | 'Reject',
  now: Date,
): Record<string, unknown> {
  const paths = activityPubPaths(siteUrl)
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${paths.actor}#${type.toLowerCase()}-${encodeURIComponent(follower.follow_id ?? follower.actor_id)}-${now.getTime()}`,
    type,
    actor: paths.actor,
    object: {
      ...(follower.follow_id ? { id: follower.follow_id } : {}),
      type: 'Follow',
      actor: follower.actor_id,
      object: paths.actor,
    },
  }
}

async function setFollowerStatus(
  ctx: ServiceContext,
  id: number,
  status: 'accepted' | 'blocked' | null,
  answer: 'Accept' | 'Reject',
): Promise<Follower[]> {
  const row = await followerRow(ctx.db, id)
  const now = ctx.now()
  if (status === null) {
    await ctx.db.delete(activitypubFollowers).where(eq(activitypubFollowers.id, id))
  } else {
    await ctx.db
      .update(activitypubFollowers)
      .set({ status, updated_at: now })
      .where(eq(activitypubFollowers.id, id))
  }
  await queueDelivery(ctx.db, {
    activity: answerToFollow(siteOf(ctx), row, answer, now),
    inboxes: [row.inbox],
    now,
  })
  return listFollowers(ctx)
}

/** A follow that waited for approval: accepted now. */
export function approveFollower(ctx: ServiceContext, id: number) {
  return setFollowerStatus(ctx, id, 'accepted', 'Accept')
}

/** No longer a follower (Reject sent: Mastodon then drops the follow); they may follow again. */
export function removeFollower(ctx: ServiceContext, id: number) {
  return setFollowerStatus(ctx, id, null, 'Reject')
}

/** Removed and refused from now on: their follows, replies, likes and boosts. */
export function blockFollower(ctx: ServiceContext, id: number) {
  return setFollowerStatus(ctx, id, 'blocked', 'Reject')
}

/** Whether an actor is blocked (its activities are refused, conversations included). */
export async function isBlockedActor(db: Db, actorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: activitypubFollowers.id })
    .from(activitypubFollowers)
    .where(
      and(eq(activitypubFollowers.actor_id, actorId), eq(activitypubFollowers.status, 'blocked')),
    )
  return Boolean(row)
}

/** Per activity sent (newest first): how many inboxes have it, wait for it, or were given up. */
export async function deliveryStatus(ctx: ServiceContext): Promise<DeliveryStatus[]> {
  const d = activitypubDeliveries
  const rows = await ctx.db
    .select({
      activity_id: d.activity_id,
      activity_type: d.activity_type,
      note_id: d.note_id,
      project_id: d.project_id,
      sent: sql<number>`count(*) filter (where ${d.status} = 'sent')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${d.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${d.status} = 'failed')`.mapWith(Number),
      last_error: max(d.last_error),
      created_at: max(d.created_at),
    })
    .from(d)
    .where(or(isNotNull(d.note_id), isNotNull(d.project_id)))
    .groupBy(d.activity_id, d.activity_type, d.note_id, d.project_id)
    .orderBy(desc(max(d.created_at)))
    .limit(50)
  const ids = [...new Set(rows.map((row) => row.note_id).filter((id): id is number => id !== null))]
  const titles = new Map<number, string>()
  if (ids.length > 0) {
    for (const note of await ctx.db
      .select({ id: notes.id, title: notes.title })
      .from(notes)
      .where(inArray(notes.id, ids)))
      titles.set(note.id, note.title)
    for (const sent of await ctx.db
      .select({ id: activitypubNotes.note_id, object: activitypubNotes.object })
      .from(activitypubNotes)
      .where(inArray(activitypubNotes.note_id, ids)))
      if (!titles.has(sent.id) && typeof sent.object.name === 'string')
        titles.set(sent.id, sent.object.name)
  }
  const projectTitles = new Map<number, string>()
  const projectIds = [
    ...new Set(rows.map((row) => row.project_id).filter((id): id is number => id !== null)),
  ]
  if (projectIds.length > 0) {
    for (const sent of await ctx.db
      .select({ id: activitypubProjects.project_id, object: activitypubProjects.object })
      .from(activitypubProjects)
      .where(inArray(activitypubProjects.project_id, projectIds)))
      if (typeof sent.object.name === 'string') projectTitles.set(sent.id, sent.object.name)
  }
  return rows.map((row) => ({
    note_id: row.note_id,
    project_id: row.project_id,
    title:
      row.project_id !== null
        ? `Project: ${projectTitles.get(row.project_id) ?? 'a removed project'}`
        : (row.note_id !== null && titles.get(row.note_id)) || 'A removed note',
    activity_type: row.activity_type,
    sent: row.sent,
    pending: row.pending,
    failed: row.failed,
    last_error: row.last_error,
    created_at: row.created_at ? iso(row.created_at) : '',
  }))
}

/**
 * The alerts outbox: what the messages service writes beside a message, in
 * its transaction, and what the worker (server/notify/worker.ts) claims,
 * marks sent or puts off. At-least-once: a send is marked done right after
 * it succeeds; only an instance dying between the two repeats it, and the
 * alert's stable id (the email's Message-ID, the webhook's `id`) lets the
 * receiver see that it is the same alert.
 */
import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { NotificationStatus } from '../../src/schemas/message'
import type { AlertSettings } from '../config'
import type { Db } from '../db/client'
import type { Tx } from '../db/content-version'
import { notificationOutbox, profile } from '../db/schema'
import { humanDuration, InvalidInputError, RateLimitedError } from '../errors'
import type { ServiceContext } from './context'
import { takeSlot } from './fixed-window'
import { alertSettingsInEffect } from './notification-settings'
import { iso } from './rows'

export type OutboxRow = typeof notificationOutbox.$inferSelect
export type AlertPayload = OutboxRow['payload']
export type AlertChannel = OutboxRow['channel']

/** The channels the settings configure. */
export function alertChannels(settings: AlertSettings | undefined): AlertChannel[] {
  const channels: AlertChannel[] = []
  if (settings?.email) channels.push('email')
  if (settings?.webhookUrl) channels.push('webhook')
  return channels
}

/** One outbox row per configured channel, in the caller's transaction. */
export async function enqueueAlerts(
  tx: Pick<Tx, 'insert'>,
  settings: AlertSettings | undefined,
  payload: AlertPayload,
  now: Date,
): Promise<number> {
  const channels = alertChannels(settings)
  if (channels.length === 0) return 0
  await tx.insert(notificationOutbox).values(
    channels.map((channel) => ({
      alert_id: randomUUID(),
      channel,
      payload,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })),
  )
  return channels.length
}

/**
 * Takes the oldest due alert for this instance, or null. The row lock
 * (`FOR UPDATE SKIP LOCKED`) lets each instance take a different row, and
 * the claim moves `next_attempt_at` past the lease, so nobody else takes
 * it while it is being sent. One statement: no transaction is held open
 * during the send (PGlite has a single connection).
 */
export async function claimDueAlert(db: Db, now: Date, leaseMs: number): Promise<OutboxRow | null> {
  const leaseEnd = new Date(now.getTime() + leaseMs)
  const [row] = await db
    .update(notificationOutbox)
    .set({
      attempts: sql`${notificationOutbox.attempts} + 1`,
      next_attempt_at: leaseEnd,
      updated_at: now,
    })
    .where(
      eq(
        notificationOutbox.id,
        sql`(select ${notificationOutbox.id} from ${notificationOutbox}
             where ${notificationOutbox.sent_at} is null and ${notificationOutbox.next_attempt_at} <= ${now.toISOString()}::timestamptz
             order by ${notificationOutbox.next_attempt_at}, ${notificationOutbox.id}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

/** Marks the alert sent; a second sender (after a lease ran out) keeps the first time. */
export async function markAlertSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({ sent_at: now, updated_at: now })
    .where(and(eq(notificationOutbox.id, id), isNull(notificationOutbox.sent_at)))
}

/** The wait before the next attempt after `attempts` failures: doubling, capped. */
export function retryDelayMs(attempts: number, settings: AlertSettings): number {
  const factor = 2 ** Math.min(Math.max(attempts - 1, 0), 30)
  return Math.min(settings.retryBaseMs * factor, settings.retryMaxMs)
}

/**
 * Puts the alert off after a failed attempt; returns when it is due again.
 * Only while the claim is still this sender's: when the send outlived its
 * lease and another instance took the row (one more attempt counted) or sent
 * it, the late failure changes nothing and null is returned, so it cannot
 * shorten the other sender's lease or mark a delivered alert as failing.
 */
export async function markAlertFailed(
  db: Db,
  row: OutboxRow,
  now: Date,
  error: string,
  settings: AlertSettings,
): Promise<Date | null> {
  const next = new Date(now.getTime() + retryDelayMs(row.attempts, settings))
  const updated = await db
    .update(notificationOutbox)
    .set({
      next_attempt_at: next,
      last_error: error.slice(0, 1000),
      last_error_at: now,
      updated_at: now,
    })
    .where(
      and(
        eq(notificationOutbox.id, row.id),
        eq(notificationOutbox.attempts, row.attempts),
        isNull(notificationOutbox.sent_at),
      ),
    )
    .returning({ id: notificationOutbox.id })
  return updated.length > 0 ? next : null
}

/** Where email alerts go: NOTIFY_EMAIL_TO, else the profile's email. */
export async function alertRecipient(
  db: Db,
  settings: AlertSettings | undefined,
): Promise<string | null> {
  if (!settings?.email) return null
  if (settings.email.to) return settings.email.to
  const [row] = await db.select({ email: profile.email }).from(profile).limit(1)
  return row?.email ?? null
}

export async function notificationStatus(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'siteUrl'>,
): Promise<NotificationStatus> {
  const { db } = ctx
  const settings = await alertSettingsInEffect(db, ctx.config, ctx.siteUrl)
  const [pending] = await db
    .select({ value: count() })
    .from(notificationOutbox)
    .where(isNull(notificationOutbox.sent_at))
  const [delivered] = await db
    .select({ at: notificationOutbox.sent_at })
    .from(notificationOutbox)
    .where(isNotNull(notificationOutbox.sent_at))
    .orderBy(desc(notificationOutbox.sent_at))
    .limit(1)
  const [failed] = await db
    .select({ error: notificationOutbox.last_error, at: notificationOutbox.last_error_at })
    .from(notificationOutbox)
    .where(and(isNotNull(notificationOutbox.last_error_at)))
    .orderBy(desc(notificationOutbox.last_error_at))
    .limit(1)
  const webhook = settings?.webhookUrl
  return {
    email: { configured: Boolean(settings?.email), to: await alertRecipient(db, settings) },
    webhook: { configured: Boolean(webhook), host: webhook ? new URL(webhook).host : null },
    pending: pending?.value ?? 0,
    last_delivery_at: delivered?.at ? iso(delivered.at) : null,
    last_error: failed?.error ?? null,
    last_error_at: failed?.at ? iso(failed.at) : null,
  }
}

/**
 * The admin's "Send test": a test alert on every configured channel, tried
 * at once (through the outbox like any alert); answers how it went.
 */
/**
 * Test alerts for the whole site (not per address: a stolen session could
 * use many): each sends a real mail and webhook call with the server's
 * credentials, so a script cannot use the button to flood the owner's inbox
 * or a paid webhook.
 */
export const testAlertLimit = { max: 5, windowMs: 15 * 60_000 } as const

export async function sendTestAlert(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now' | 'drainAlerts' | 'siteUrl'>,
): Promise<NotificationStatus> {
  const settings = await alertSettingsInEffect(ctx.db, ctx.config, ctx.siteUrl)
  if (alertChannels(settings).length === 0) {
    throw new InvalidInputError(
      'No alerts are configured: save a mail server or a webhook in Settings → Notifications (or set SMTP_URL or NOTIFY_WEBHOOK_URL).',
    )
  }
  const now = ctx.now()
  const wait = await takeSlot(
    ctx.db,
    'alert-test',
    testAlertLimit.max,
    testAlertLimit.windowMs,
    now,
  )
  if (wait > 0) {
    throw new RateLimitedError(
      `Too many test alerts: at most ${testAlertLimit.max} in ${humanDuration(testAlertLimit.windowMs / 1000)}. Try again in ${humanDuration(wait)}.`,
      wait,
    )
  }
  await ctx.db.transaction((tx) =>
    enqueueAlerts(tx, settings, { kind: 'test', created_at: iso(now) }, now),
  )
  await ctx.drainAlerts?.()
  return notificationStatus(ctx)
}

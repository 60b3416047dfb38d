import { count, eq, gt } from 'drizzle-orm'
import { contentSpamSignal } from '../../src/domain/spam'
import type { Message, MessageStatus } from '../../src/schemas/message'
import { defaultContactLimits, defaultSpamRules } from '../config'
import type { Db } from '../db/client'
import { messages } from '../db/schema'
import { RateLimitedError } from '../errors'
import { enqueueAlerts } from './alerts'
import type { ServiceContext } from './context'
import { takeSlot } from './fixed-window'
import { formTokenAge, issueFormToken } from './form-token'
import { alertSettingsInEffect } from './notification-settings'
import { contentRows, iso, toApiRow } from './rows'
import { moveToTrash } from './trash'

const DAY_MS = 24 * 60 * 60_000

const inbox = contentRows(messages, 'Message not found.')

/** What the sender is told: the stored message, but not whether it was filed as spam. */
export type SentMessage = Omit<Message, 'status'>

type SendContext = Pick<
  ServiceContext,
  'db' | 'config' | 'now' | 'ip' | 'log' | 'requestId' | 'kickAlerts' | 'siteUrl'
>

/** Why a message is spam, or null: the form token first, then the content. */
async function spamReason(
  ctx: SendContext,
  data: { name: string; message: string; form_token: string },
  now: Date,
): Promise<string | null> {
  const rules = ctx.config.spam ?? defaultSpamRules
  const age = data.form_token ? await formTokenAge(ctx.db, data.form_token, now) : null
  if (age === null) return data.form_token ? 'invalid form token' : 'no form token'
  if (age < rules.minFillMs) return `sent ${age} ms after the form was served`
  if (age > rules.maxTokenAgeMs) return 'form token expired'
  return contentSpamSignal(data, rules.maxLinks)
}

export async function sendMessage(
  ctx: SendContext,
  data: { name: string; email: string; message: string; website: string; form_token: string },
): Promise<SentMessage> {
  const now = ctx.now()
  const { website, form_token, ...message } = data
  const limits = ctx.config.contact ?? defaultContactLimits
  const wait = await takeSlot(ctx.db, `contact:${ctx.ip}`, limits.perIp, limits.windowMs, now)
  if (wait > 0) {
    ctx.log.warn('messages rate limited', { ip: ctx.ip, request_id: ctx.requestId })
    throw new RateLimitedError('Too many messages sent. Please try again later.', wait)
  }
  const [today] = await ctx.db
    .select({ value: count() })
    .from(messages)
    .where(gt(messages.created_at, new Date(now.getTime() - DAY_MS)))
  if ((today?.value ?? 0) >= limits.dailyCap) {
    ctx.log.warn('messages daily cap reached', { ip: ctx.ip, request_id: ctx.requestId })
    throw new RateLimitedError('The inbox is full for today. Please try again tomorrow.', 3600)
  }
  // The hidden honeypot field filled (a bot), or the token and content rules:
  // kept as spam, with no alert, after the limits above (so a bot cannot fill
  // the table), and answered like any other message.
  const spam =
    website !== '' ? 'honeypot filled' : await spamReason(ctx, { ...message, form_token }, now)
  if (spam) ctx.log.info('message kept as spam', { reason: spam, request_id: ctx.requestId })
  // Where alerts go now (the admin's settings, read on each message).
  const alertSettings = spam
    ? undefined
    : await alertSettingsInEffect(ctx.db, ctx.config, ctx.siteUrl)
  // The message and its alerts commit together: no message without its alerts.
  const { row, alerts } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ ...message, status: spam ? 'spam' : 'unread', created_at: now, updated_at: now })
      .returning()
    if (!row) throw new Error('insert returned no row')
    const alerts = spam
      ? 0
      : await enqueueAlerts(
          tx,
          alertSettings,
          { kind: 'message', message_id: row.id, ...message, created_at: iso(now) },
          now,
        )
    return { row, alerts }
  })
  if (alerts > 0) ctx.kickAlerts?.()
  const { status: _status, ...sent } = toApiRow(row)
  return sent
}

/** A fresh token for the contact form, saying when it was served. */
export async function formToken(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
): Promise<{ token: string }> {
  return { token: await issueFormToken(ctx.db, ctx.now()) }
}

export async function setMessageStatus(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: number,
  status: MessageStatus,
): Promise<Message> {
  const [row] = await ctx.db
    .update(messages)
    .set({ status, updated_at: ctx.now() })
    .where(eq(messages.id, id))
    .returning()
  if (!row) throw inbox.notFound()
  return toApiRow(row)
}

export function listMessages(db: Db): Promise<Message[]> {
  return inbox.list(db)
}
/** Moves the message to the Trash; 404 when there is none. */
export function deleteMessage(db: Db, id: number): Promise<void> {
  return db.transaction((tx) => moveToTrash(tx, 'message', id))
}

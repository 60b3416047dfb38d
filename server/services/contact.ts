import { count, desc, eq, gt } from 'drizzle-orm'
import type { ContactMessage } from '../../src/schemas/contact'
import { defaultContactLimits } from '../config'
import type { Db } from '../db/client'
import { contactMessages } from '../db/schema'
import { NotFoundError, RateLimitedError } from '../errors'
import type { ServiceContext } from './context'
import { takeSlot } from './fixed-window'
import { iso } from './rows'

type Row = typeof contactMessages.$inferSelect

const DAY_MS = 24 * 60 * 60_000

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

export async function sendMessage(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now' | 'ip' | 'log' | 'requestId'>,
  data: { name: string; email: string; message: string; website: string },
): Promise<ContactMessage> {
  const now = ctx.now()
  const { website, ...message } = data
  if (website !== '') {
    // The hidden honeypot field was filled: a bot. Answer as if it worked.
    ctx.log.info('contact honeypot', { ip: ctx.ip, request_id: ctx.requestId })
    return { id: 0, ...message, created_at: iso(now), updated_at: iso(now) }
  }
  const limits = ctx.config.contact ?? defaultContactLimits
  const wait = await takeSlot(ctx.db, `contact:${ctx.ip}`, limits.perIp, limits.windowMs, now)
  if (wait > 0) {
    ctx.log.warn('contact rate limited', { ip: ctx.ip, request_id: ctx.requestId })
    throw new RateLimitedError('Too many messages sent. Please try again later.', wait)
  }
  const [today] = await ctx.db
    .select({ value: count() })
    .from(contactMessages)
    .where(gt(contactMessages.created_at, new Date(now.getTime() - DAY_MS)))
  if ((today?.value ?? 0) >= limits.dailyCap) {
    ctx.log.warn('contact daily cap reached', { ip: ctx.ip, request_id: ctx.requestId })
    throw new RateLimitedError('The inbox is full for today. Please try again tomorrow.', 3600)
  }
  const [row] = await ctx.db
    .insert(contactMessages)
    .values({ ...message, created_at: now, updated_at: now })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return toMessage(row)
}

export async function listMessages(db: Db): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.created_at), desc(contactMessages.id))
  return rows.map(toMessage)
}

export async function deleteMessage(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  if (deleted.length === 0) {
    throw new NotFoundError('Message not found.')
  }
}

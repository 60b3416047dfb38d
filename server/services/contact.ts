import { count, gt } from 'drizzle-orm'
import type { ContactMessage } from '../../src/schemas/contact'
import { defaultContactLimits } from '../config'
import { contactMessages } from '../db/schema'
import { RateLimitedError } from '../errors'
import type { ServiceContext } from './context'
import { takeSlot } from './fixed-window'
import { contentRows, iso, toApiRow } from './rows'

const DAY_MS = 24 * 60 * 60_000

const messages = contentRows(contactMessages, 'Message not found.')

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
  return toApiRow(row)
}

export const listMessages = messages.list
export const deleteMessage = messages.delete

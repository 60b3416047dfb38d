import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm'
import { describeUserAgent } from '../../src/domain/user-agent'
import type { SessionInfo } from '../../src/schemas/security'
import { sessions } from '../db/schema'
import { NotFoundError } from '../errors'
import type { Session } from './auth'
import type { ServiceContext } from './context'

type SessionContext = Pick<ServiceContext, 'db' | 'config' | 'now'>

/** A session that still works: unrevoked, unexpired, used within the idle timeout. */
function live(ctx: SessionContext, now: Date) {
  return and(
    isNull(sessions.revoked_at),
    gt(sessions.expires_at, now),
    gt(sessions.last_used_at, new Date(now.getTime() - ctx.config.sessionIdleMs)),
  )
}

/** The owner's sessions that still work (unrevoked, unexpired, not idle), latest used first. */
export async function listSessions(ctx: SessionContext, current: Session): Promise<SessionInfo[]> {
  const now = ctx.now()
  const rows = await ctx.db
    .select({
      id: sessions.id,
      created_at: sessions.created_at,
      last_used_at: sessions.last_used_at,
      ip: sessions.ip,
      user_agent: sessions.user_agent,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, current.userId), live(ctx, now)))
    .orderBy(desc(sessions.last_used_at), desc(sessions.id))
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    ip: row.ip,
    browser: describeUserAgent(row.user_agent),
    current: row.id === current.id,
  }))
}

/**
 * Revokes one of the owner's sessions: its token gets 401 on the next
 * request, on every instance (the check reads the database each time).
 */
export async function revokeSession(
  ctx: SessionContext,
  current: Session,
  id: number,
): Promise<void> {
  const now = ctx.now()
  const revoked = await ctx.db
    .update(sessions)
    .set({ revoked_at: now, updated_at: now })
    .where(and(eq(sessions.id, id), eq(sessions.user_id, current.userId), live(ctx, now)))
    .returning({ id: sessions.id })
  if (revoked.length === 0) throw new NotFoundError('That session is not active.')
}

/** "Sign out everywhere else": every session but this one. Answers how many were revoked. */
export async function revokeOtherSessions(
  ctx: SessionContext,
  current: Session,
): Promise<{ revoked: number }> {
  const now = ctx.now()
  const revoked = await ctx.db
    .update(sessions)
    .set({ revoked_at: now, updated_at: now })
    .where(and(eq(sessions.user_id, current.userId), ne(sessions.id, current.id), live(ctx, now)))
    .returning({ id: sessions.id })
  return { revoked: revoked.length }
}

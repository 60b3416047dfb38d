import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm'
import { describeUserAgent } from '../../../src/domain/user-agent'
import type { SessionInfo } from '../../../src/schemas/security'
import type { Db } from '../../db/client'
import { adminUsers, sessions } from '../../db/schema'
import { NotFoundError } from '../../errors'
import type { Job } from '../../jobs/runner'
import type { ServiceContext } from '../context'
import { bearerToken, hashToken } from './tokens'

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

export interface Session {
  id: number
  userId: number
  username: string
  expiresAt: Date
}

/** Re-stamp last_used_at at most this often, so reads are not all writes. */
const TOUCH_INTERVAL_MS = 60_000

export async function authenticate(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'> & { ip?: string },
  authorization: string | null,
): Promise<Session | null> {
  const token = bearerToken(authorization)
  if (!token) return null
  const now = ctx.now()
  const idleCutoff = new Date(now.getTime() - ctx.config.sessionIdleMs)
  const [row] = await ctx.db
    .select({
      id: sessions.id,
      userId: sessions.user_id,
      username: adminUsers.username,
      expiresAt: sessions.expires_at,
      lastUsedAt: sessions.last_used_at,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
        gt(sessions.last_used_at, idleCutoff),
      ),
    )
    .limit(1)
  if (!row) return null
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db
      .update(sessions)
      .set({ last_used_at: now, ...(ctx.ip && ctx.ip !== 'server' ? { ip: ctx.ip } : {}) })
      .where(eq(sessions.id, row.id))
  }
  return { id: row.id, userId: row.userId, username: row.username, expiresAt: row.expiresAt }
}

export async function logout(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now, updated_at: now })
    .where(eq(sessions.id, sessionId))
}

/** Removes sessions that can never be used again (expired, idle or revoked). */
export async function deleteDeadSessions(db: Db, now: Date, idleMs: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expires_at, now),
        lt(sessions.last_used_at, new Date(now.getTime() - idleMs)),
        lt(sessions.revoked_at, now),
      ),
    )
}

/**
 * Sessions that can never be used again (expired, idle past the limit, or
 * revoked) are deleted hourly, not only at the next sign-in.
 */
export function deadSessionsJob(sessionIdleMs: number): Job {
  return {
    name: 'dead-sessions',
    everyMs: 3_600_000,
    async run({ db, now }) {
      await deleteDeadSessions(db, now(), sessionIdleMs)
    },
  }
}

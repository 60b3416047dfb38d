/**
 * A restore from a backup ends every session (server/backup/restore.ts). An
 * admin tab still open with its old token is told why on its next action:
 * the 401 says when the site was restored, so the owner signs in again
 * knowing the content may have changed under them.
 */
import { desc, eq } from 'drizzle-orm'
import { backupRestores, sessions } from '../db/schema'
import { bearerToken, hashToken } from './auth/tokens'
import type { ServiceContext } from './context'

/** "2026-01-31 14:05 UTC": a moment in the notice, the same for everyone. */
export function noticeTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

export function restoredMessage(restoredAt: Date): string {
  return `The site was restored from a backup at ${noticeTime(restoredAt)}. Sign in again.`
}

/** When the last restore happened, or null when there was none. */
export async function lastRestoredAt(db: ServiceContext['db']): Promise<Date | null> {
  const [latest] = await db
    .select({ restored_at: backupRestores.restored_at })
    .from(backupRestores)
    .orderBy(desc(backupRestores.id))
    .limit(1)
  return latest?.restored_at ?? null
}

/**
 * The notice for a token no session knows, when a restore happened within
 * a session's lifetime (the token may have been one it ended); null
 * otherwise (no token, a session that expired or was revoked, no restore).
 */
export async function restoreNoticeFor(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
  authorization: string | null,
): Promise<string | null> {
  const token = bearerToken(authorization)
  if (!token) return null
  const [known] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(token)))
    .limit(1)
  if (known) return null
  const restoredAt = await lastRestoredAt(ctx.db)
  if (!restoredAt) return null
  const age = ctx.now().getTime() - restoredAt.getTime()
  return age <= ctx.config.sessionTtlMs ? restoredMessage(restoredAt) : null
}

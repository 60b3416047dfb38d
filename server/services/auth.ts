import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { adminUsers, sessions } from '../db/schema'
import { humanDuration, InvalidCredentialsError, RateLimitedError } from '../errors'
import type { ServiceContext } from './context'
import { ipKey, lockedForSeconds, recordFailure, recordSuccess, userKey } from './login-throttle'

export interface Session {
  id: number
  userId: number
  username: string
  expiresAt: Date
}

const TOKEN_BYTES = 32 // 256 bits
const tokenPattern = /^[A-Za-z0-9_-]{43}$/
/** Re-stamp last_used_at at most this often, so reads are not all writes. */
const TOUCH_INTERVAL_MS = 60_000

function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))).toString('base64url')
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex')
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' })
}

/** A real argon2id hash to verify against when the user does not exist. */
let dummyHash: Promise<string> | undefined
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID())
  return dummyHash
}

/** Extracts a well-formed bearer token from an Authorization header. */
export function bearerToken(authorization: string | null): string | null {
  if (!authorization) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  const token = match?.[1]
  return token && tokenPattern.test(token) ? token : null
}

export async function authenticate(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
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
    await ctx.db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, row.id))
  }
  return { id: row.id, userId: row.userId, username: row.username, expiresAt: row.expiresAt }
}

export async function login(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now' | 'ip' | 'log' | 'requestId'>,
  username: string,
  password: string,
): Promise<{ token: string; expires_at: string }> {
  const now = ctx.now()
  const event = { username, ip: ctx.ip, request_id: ctx.requestId }
  // While locked, not even the right password gets in (and no hash is checked).
  const wait = await lockedForSeconds(ctx.db, [userKey(username), ipKey(ctx.ip)], now)
  if (wait > 0) {
    ctx.log.warn('login refused: locked', { ...event, retry_after: wait })
    throw new RateLimitedError(
      `Too many failed sign-in attempts. Try again in ${humanDuration(wait)}.`,
      wait,
    )
  }
  const [user] = await ctx.db
    .select({ id: adminUsers.id, passwordHash: adminUsers.password_hash })
    .from(adminUsers)
    .where(eq(adminUsers.username, username))
    .limit(1)
  // Verify against a dummy hash for unknown users: same work, same timing.
  const valid = await Bun.password.verify(
    password,
    user?.passwordHash ?? (await dummyPasswordHash()),
  )
  if (!user || !valid) {
    const lockedFor = await recordFailure(ctx.db, username, ctx.ip, now, ctx.config.loginThrottle)
    ctx.log.warn('login failed', event)
    if (lockedFor > 0) ctx.log.warn('login lockout', { ...event, locked_for: lockedFor })
    throw new InvalidCredentialsError('Invalid username or password.')
  }
  await recordSuccess(ctx.db, username, now)
  const token = newToken()
  const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlMs)
  await ctx.db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: user.id,
    expires_at: expiresAt,
    last_used_at: now,
    created_at: now,
    updated_at: now,
  })
  await deleteDeadSessions(ctx.db, now, ctx.config.sessionIdleMs)
  ctx.log.info('login succeeded', event)
  return { token, expires_at: expiresAt.toISOString() }
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

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(adminUsers)
  return (row?.count ?? 0) > 0
}

/**
 * The site has one owner: creates the admin, or renames it and resets its
 * password; either way every existing session is revoked.
 */
export async function setAdminPassword(
  db: Db,
  username: string,
  password: string,
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const now = new Date()
    const [existing] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .orderBy(adminUsers.id)
      .limit(1)
    await tx.delete(sessions)
    if (existing) {
      await tx
        .update(adminUsers)
        .set({ username, password_hash: passwordHash, updated_at: now })
        .where(eq(adminUsers.id, existing.id))
      return 'updated' as const
    }
    await tx.insert(adminUsers).values({ username, password_hash: passwordHash })
    return 'created' as const
  })
}

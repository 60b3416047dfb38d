import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import pLimit from 'p-limit'
import type { Db } from '../db/client'
import { adminUsers, sessions, trustedDevices } from '../db/schema'
import { humanDuration, InvalidCredentialsError, RateLimitedError } from '../errors'
import type { ServiceContext } from './context'
import { clearSignInLocks, reserveSignIn, settleSignIn } from './login-throttle'

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

/**
 * Password checks at once: argon2id costs ~100 ms of CPU each, so a burst of
 * sign-ins queues here instead of starving every other request.
 */
const hashing = pLimit(2)
/** Sign-ins under way beyond this many are refused at once (not counted as failures). */
const MAX_SIGN_INS_IN_FLIGHT = 16
let signInsInFlight = 0

/** The dummy hash costs as much as a check: made at start, not on the first unknown user. */
export function prepareSignIn(): Promise<string> {
  return dummyPasswordHash()
}

/** The trusted device a device cookie stands for, when it belongs to this username. */
async function trustedDevice(
  db: Db,
  token: string | null | undefined,
  username: string,
): Promise<number | null> {
  if (!token || !tokenPattern.test(token)) return null
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(adminUsers, eq(adminUsers.id, trustedDevices.user_id))
    .where(and(eq(trustedDevices.token_hash, hashToken(token)), eq(adminUsers.username, username)))
    .limit(1)
  return row?.id ?? null
}

export async function login(
  ctx: Pick<
    ServiceContext,
    'db' | 'config' | 'now' | 'ip' | 'log' | 'requestId' | 'deviceToken' | 'rememberDevice'
  >,
  username: string,
  password: string,
): Promise<{ token: string; expires_at: string }> {
  const now = ctx.now()
  const event = { username, ip: ctx.ip, request_id: ctx.requestId }
  if (signInsInFlight >= MAX_SIGN_INS_IN_FLIGHT) {
    ctx.log.warn('login refused: too many at once', event)
    throw new RateLimitedError('Too many sign-in attempts at once. Try again in a few seconds.', 5)
  }
  signInsInFlight++
  try {
    return await signIn(ctx, username, password, now, event)
  } finally {
    signInsInFlight--
  }
}

async function signIn(
  ctx: Parameters<typeof login>[0],
  username: string,
  password: string,
  now: Date,
  event: Record<string, unknown>,
): Promise<{ token: string; expires_at: string }> {
  const deviceId = await trustedDevice(ctx.db, ctx.deviceToken, username)
  // Checked and counted in one step before the password is: concurrent
  // attempts cannot all slip past the lock. While locked, not even the
  // right password gets in, and no hash is checked.
  const limits = ctx.config.loginThrottle
  const reservation = await reserveSignIn(ctx.db, { username, ip: ctx.ip, deviceId }, now, limits)
  if (reservation.locked > 0 || !('keys' in reservation)) {
    ctx.log.warn('login refused: locked', { ...event, retry_after: reservation.locked })
    throw new RateLimitedError(
      `Too many failed sign-in attempts. Try again in ${humanDuration(reservation.locked)}.`,
      reservation.locked,
    )
  }
  const [user] = await ctx.db
    .select({ id: adminUsers.id, passwordHash: adminUsers.password_hash })
    .from(adminUsers)
    .where(eq(adminUsers.username, username))
    .limit(1)
  // Verify against a dummy hash for unknown users: same work, same timing.
  const hash = user?.passwordHash ?? (await dummyPasswordHash())
  const valid = await hashing(() => Bun.password.verify(password, hash))
  await settleSignIn(ctx.db, reservation.keys, Boolean(user && valid), now, limits)
  if (!user || !valid) {
    ctx.log.warn('login failed', { ...event, trusted_device: deviceId !== null })
    if (reservation.lockedFor > 0) {
      ctx.log.warn('login lockout', { ...event, locked_for: reservation.lockedFor })
    }
    throw new InvalidCredentialsError('Invalid username or password.')
  }
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
  if (deviceId === null) {
    const device = newToken()
    await ctx.db.insert(trustedDevices).values({
      token_hash: hashToken(device),
      user_id: user.id,
      last_used_at: now,
      created_at: now,
      updated_at: now,
    })
    ctx.rememberDevice?.(device)
  } else {
    await ctx.db
      .update(trustedDevices)
      .set({ last_used_at: now, updated_at: now })
      .where(eq(trustedDevices.id, deviceId))
  }
  await deleteDeadSessions(ctx.db, now, ctx.config.sessionIdleMs)
  ctx.log.info('login succeeded', { ...event, trusted_device: deviceId !== null })
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
    await clearSignInLocks(tx)
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

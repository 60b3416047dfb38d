import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminUsers, sessions, signInChallenges, trustedDevices } from '../../db/schema'
import { humanDuration, InvalidCredentialsError, RateLimitedError } from '../../errors'
import { recordAudit } from '../audit'
import type { ServiceContext } from '../context'
import { hashPassword } from './account'
import { deleteDeadSessions, type Session } from './sessions'
import { type Reservation, reserveSignIn, type SignInOutcome, settleSignIn } from './throttle'
import { hashToken, newToken, tokenPattern } from './tokens'
import { acceptCode, deleteDeadChallenges, hasTwoFactor, liveChallenge } from './two-factor'

/** A real argon2id hash to verify against when the user does not exist. */
let dummyHash: Promise<string> | undefined
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID())
  return dummyHash
}

/**
 * Password checks at once: argon2id costs ~100 ms of CPU each, so a burst of
 * sign-ins queues here instead of starving every other request. A check for
 * a browser with a valid device cookie goes to the front of the queue: it
 * does not wait behind a flood of others' guesses.
 */
const HASHING_AT_ONCE = 2
let hashingNow = 0
const hashQueue: { first: (() => void)[]; rest: (() => void)[] } = { first: [], rest: [] }

function releaseHashing() {
  const next = hashQueue.first.shift() ?? hashQueue.rest.shift()
  if (next) next()
  else hashingNow--
}

async function hashing<T>(check: () => Promise<T>, trusted = false): Promise<T> {
  if (hashingNow < HASHING_AT_ONCE) hashingNow++
  else
    await new Promise<void>((resolve) => (trusted ? hashQueue.first : hashQueue.rest).push(resolve))
  try {
    return await check()
  } finally {
    releaseHashing()
  }
}

/**
 * Sign-ins under way beyond this many are refused at once (not counted as
 * failures). Browsers with a valid device cookie have their own
 * `RESERVED_FOR_TRUSTED_DEVICES` places, outside them: a flood of sign-ins
 * from elsewhere never answers the owner's browser "too many at once".
 */
const MAX_SIGN_INS_IN_FLIGHT = 16
const RESERVED_FOR_TRUSTED_DEVICES = 4
const inFlight = { others: 0, trusted: 0 }

/**
 * The dummy hash costs as much as a check (~0.4 s of argon2id on Bun's thread
 * pool): started once the server listens, not on the start path. Every
 * password check, for a known user or not, waits for it (signIn, reauthenticate),
 * so the first ones after a start take as long whether the user exists or not.
 */
export function prepareSignIn(): Promise<string> {
  return dummyPasswordHash()
}

/** The trusted device a device cookie stands for, when it belongs to this username. */
export async function trustedDevice(
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

export type SignInContext = Pick<
  ServiceContext,
  | 'db'
  | 'config'
  | 'now'
  | 'ip'
  | 'log'
  | 'requestId'
  | 'deviceToken'
  | 'rememberDevice'
  | 'siteUrl'
> & { userAgent?: string | null }

export type TokenAnswer = { token: string; expires_at: string }
export type LoginAnswer = TokenAnswer | { two_factor_required: true; challenge: string }

/** How long the step between the password and the code may take. */
export const CHALLENGE_TTL_MS = 5 * 60_000
/** Wrong codes one challenge takes before the password must be entered again. */
export const CHALLENGE_MAX_FAILURES = 5

const challengeGone = 'This sign-in has expired. Enter your password again.'

/**
 * Refuses at once beyond the attempts allowed under way (not counted):
 * `MAX_SIGN_INS_IN_FLIGHT`, or, for a browser with a valid device cookie,
 * its reserved places.
 */
export async function rationed<T>(
  ctx: SignInContext,
  event: Record<string, unknown>,
  trusted: boolean,
  attempt: () => Promise<T>,
) {
  const full = trusted
    ? inFlight.trusted >= RESERVED_FOR_TRUSTED_DEVICES
    : inFlight.others >= MAX_SIGN_INS_IN_FLIGHT
  if (full) {
    ctx.log.warn('login refused: too many at once', { ...event, trusted_device: trusted })
    throw new RateLimitedError('Too many sign-in attempts at once. Try again in a few seconds.', 5)
  }
  if (trusted) inFlight.trusted++
  else inFlight.others++
  try {
    return await attempt()
  } finally {
    if (trusted) inFlight.trusted--
    else inFlight.others--
  }
}

export async function login(
  ctx: SignInContext,
  username: string,
  password: string,
): Promise<LoginAnswer> {
  const event = { username, ip: ctx.ip, request_id: ctx.requestId }
  // The device cookie is looked up first (one indexed read): it decides which places the attempt takes.
  const deviceId = await trustedDevice(ctx.db, ctx.deviceToken, username)
  return rationed(ctx, event, deviceId !== null, () =>
    signIn(ctx, username, password, deviceId, ctx.now(), event),
  )
}

/**
 * Checks and counts an attempt before any secret is verified (see
 * `reserveSignIn`): while locked, refused with no check at all.
 */
export async function reserve(
  ctx: SignInContext,
  username: string,
  deviceId: number | null,
  now: Date,
  event: Record<string, unknown>,
): Promise<Extract<Reservation, { keys: unknown }>> {
  const limits = ctx.config.loginThrottle
  const reservation = await reserveSignIn(ctx.db, { username, ip: ctx.ip, deviceId }, now, limits)
  if (reservation.locked > 0 || !('keys' in reservation)) {
    ctx.log.warn('login refused: locked', { ...event, retry_after: reservation.locked })
    throw new RateLimitedError(
      `Too many failed sign-in attempts. Try again in ${humanDuration(reservation.locked)}.`,
      reservation.locked,
    )
  }
  return reservation
}

/**
 * Settles a reserved attempt; a failure is logged and recorded in the audit
 * log (with the lockout it started, if any). Never the password or code.
 */
export async function settle(
  ctx: SignInContext,
  reservation: Extract<Reservation, { keys: unknown }>,
  outcome: SignInOutcome,
  now: Date,
  failure: {
    username: string
    reason: 'password' | 'code' | 'setup token' | 'passkey'
    event: Record<string, unknown>
    trusted: boolean
  },
): Promise<void> {
  await settleSignIn(ctx.db, reservation.keys, outcome, now, ctx.config.loginThrottle)
  if (outcome !== 'failed') return
  const { username, reason, event, trusted } = failure
  ctx.log.warn(
    reason === 'code'
      ? 'login failed: wrong code'
      : reason === 'passkey'
        ? 'login failed: passkey'
        : 'login failed',
    {
      ...event,
      trusted_device: trusted,
    },
  )
  await recordAudit(ctx, {
    action: 'auth.login_failed',
    actor: username,
    details: {
      reason:
        reason === 'code'
          ? 'wrong authentication code'
          : reason === 'setup token'
            ? 'wrong set-up token'
            : reason === 'passkey'
              ? 'passkey not accepted'
              : 'wrong username or password',
    },
  })
  // Each lock this failure started: the username's (or the device's), and the IP's hourly cap.
  for (const lockout of reservation.lockouts) {
    ctx.log.warn('login lockout', { ...event, locked_for: lockout.seconds, scope: lockout.scope })
    await recordAudit(ctx, {
      action: 'auth.lockout',
      actor: username,
      details: { seconds: lockout.seconds, scope: lockout.scope },
    })
  }
}

async function signIn(
  ctx: SignInContext,
  username: string,
  password: string,
  deviceId: number | null,
  now: Date,
  event: Record<string, unknown>,
): Promise<LoginAnswer> {
  // Checked and counted in one step before the password is: concurrent
  // attempts cannot all slip past the lock. While locked, not even the
  // right password gets in, and no hash is checked.
  const reservation = await reserve(ctx, username, deviceId, now, event)
  const [user] = await ctx.db
    .select({ id: adminUsers.id, passwordHash: adminUsers.password_hash })
    .from(adminUsers)
    .where(eq(adminUsers.username, username))
    .limit(1)
  // Verify against a dummy hash for unknown users: same work, same timing.
  // Awaited for every user: until it exists, known and unknown users wait alike.
  const dummy = await dummyPasswordHash()
  const hash = user?.passwordHash ?? dummy
  const trusted = deviceId !== null
  const valid = await hashing(() => Bun.password.verify(password, hash), trusted)
  if (!user || !valid) {
    await settle(ctx, reservation, 'failed', now, { username, reason: 'password', event, trusted })
    throw new InvalidCredentialsError('Invalid username or password.')
  }
  if (await hasTwoFactor(ctx.db, user.id)) {
    // No token yet: a challenge for the code, stored (any instance may get the code).
    await settleSignIn(ctx.db, reservation.keys, 'password-only', now, ctx.config.loginThrottle)
    const challenge = newToken()
    await deleteDeadChallenges(ctx.db, now)
    await ctx.db.insert(signInChallenges).values({
      token_hash: hashToken(challenge),
      user_id: user.id,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      created_at: now,
    })
    ctx.log.info('login: password accepted, code asked', { ...event, trusted_device: trusted })
    await recordAudit(ctx, { action: 'auth.code_requested', actor: username })
    return { two_factor_required: true, challenge }
  }
  await settleSignIn(ctx.db, reservation.keys, 'succeeded', now, ctx.config.loginThrottle)
  const answer = await startSession(ctx, user.id, deviceId, now)
  ctx.log.info('login succeeded', { ...event, trusted_device: trusted })
  await recordAudit(ctx, {
    action: 'auth.login',
    actor: username,
    details: { method: 'password', trusted_device: trusted },
  })
  return answer
}

/**
 * The second step of a sign-in with two-factor on: the challenge from the
 * first and a code (six digits, or a recovery code). Wrong codes count in
 * the same lockout as wrong passwords; a code is accepted once.
 */
export async function verifyTwoFactor(
  ctx: SignInContext,
  challenge: string,
  code: string,
): Promise<TokenAnswer> {
  const now = ctx.now()
  const base = { ip: ctx.ip, request_id: ctx.requestId }
  // The challenge, its user and the device cookie first (indexed reads, no secret checked):
  // they decide which places the attempt takes.
  const live = tokenPattern.test(challenge)
    ? await liveChallenge(ctx.db, hashToken(challenge), now, CHALLENGE_MAX_FAILURES)
    : null
  const [user] = live
    ? await ctx.db
        .select({ id: adminUsers.id, username: adminUsers.username })
        .from(adminUsers)
        .where(eq(adminUsers.id, live.userId))
        .limit(1)
    : []
  if (!live || !user) {
    ctx.log.warn('login refused: unknown or expired challenge', base)
    throw new InvalidCredentialsError(challengeGone)
  }
  const event = { ...base, username: user.username }
  const deviceId = await trustedDevice(ctx.db, ctx.deviceToken, user.username)
  const trusted = deviceId !== null
  return rationed(ctx, event, trusted, async () => {
    const reservation = await reserve(ctx, user.username, deviceId, now, event)
    const accepted = await acceptCode(ctx.db, user.id, code, now)
    if (!accepted) {
      await ctx.db
        .update(signInChallenges)
        .set({ failures: sql`${signInChallenges.failures} + 1` })
        .where(eq(signInChallenges.id, live.id))
      await settle(ctx, reservation, 'failed', now, {
        username: user.username,
        reason: 'code',
        event,
        trusted,
      })
      throw new InvalidCredentialsError('Invalid authentication code.')
    }
    // Single use: whoever deletes it first signs in.
    const consumed = await ctx.db
      .delete(signInChallenges)
      .where(eq(signInChallenges.id, live.id))
      .returning({ id: signInChallenges.id })
    if (consumed.length === 0) throw new InvalidCredentialsError(challengeGone)
    await settleSignIn(ctx.db, reservation.keys, 'succeeded', now, ctx.config.loginThrottle)
    const answer = await startSession(ctx, user.id, deviceId, now)
    ctx.log.info('login succeeded', { ...event, trusted_device: trusted, method: accepted.method })
    await recordAudit(ctx, {
      action: 'auth.login',
      actor: user.username,
      details:
        accepted.method === 'totp'
          ? { method: 'authentication code', trusted_device: trusted }
          : {
              method: 'recovery code',
              recovery_codes_left: accepted.left,
              trusted_device: trusted,
            },
    })
    return answer
  })
}

/**
 * Checks the owner's password (or a current code) for a sensitive change
 * made while signed in, such as turning two-factor sign-in off: counted in
 * the same lockout as a sign-in, so a stolen session cannot guess the
 * password through it. False: wrong (counted, recorded).
 */
export async function confirmIdentity(
  ctx: SignInContext,
  session: Session,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<boolean> {
  const now = ctx.now()
  const event = { username: session.username, ip: ctx.ip, request_id: ctx.requestId }
  const deviceId = await trustedDevice(ctx.db, ctx.deviceToken, session.username)
  return rationed(ctx, event, deviceId !== null, async () => {
    const reservation = await reserve(ctx, session.username, deviceId, now, event)
    let valid = false
    if (proof.password) {
      const [user] = await ctx.db
        .select({ hash: adminUsers.password_hash })
        .from(adminUsers)
        .where(eq(adminUsers.id, session.userId))
        .limit(1)
      const dummy = await dummyPasswordHash()
      const hash = user?.hash ?? dummy
      const password = proof.password
      valid = await hashing(() => Bun.password.verify(password, hash), deviceId !== null)
    } else if (proof.code) {
      valid = (await acceptCode(ctx.db, session.userId, proof.code, now)) !== null
    }
    await settle(ctx, reservation, valid ? 'succeeded' : 'failed', now, {
      username: session.username,
      reason: proof.password ? 'password' : 'code',
      event,
      trusted: deviceId !== null,
    })
    return valid
  })
}

/** A new session for a signed-in user, and the device cookie for a browser new to it. */
export async function startSession(
  ctx: SignInContext,
  userId: number,
  deviceId: number | null,
  now: Date,
): Promise<TokenAnswer> {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlMs)
  await ctx.db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: expiresAt,
    last_used_at: now,
    ip: ctx.ip,
    user_agent: ctx.userAgent?.slice(0, 512) ?? null,
    created_at: now,
    updated_at: now,
  })
  if (deviceId === null) {
    const device = newToken()
    await ctx.db.insert(trustedDevices).values({
      token_hash: hashToken(device),
      user_id: userId,
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
  return { token, expires_at: expiresAt.toISOString() }
}

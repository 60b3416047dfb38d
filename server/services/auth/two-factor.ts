/**
 * Two-factor sign-in with time-based one-time passwords (RFC 6238, the
 * `otpauth` library): six digits, 30-second steps, SHA-1, as every
 * authenticator app reads them, plus ten single-use recovery codes.
 */
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import type { Db } from '../../db/client'
import { signInChallenges, twoFactor } from '../../db/schema'
import { ConflictError, InvalidInputError } from '../../errors'

const PERIOD_S = 30
const DIGITS = 6
/** One step either side of now: a phone's clock a little off still works. */
const WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
const ISSUER = 'Portfolio'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Queryable = Db | Tx

function totp(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  })
}

export function sha256(value: string): string {
  return new Bun.CryptoHasher('sha256').update(value).digest('hex')
}

/** `abcd-efgh-ijkl-mnop`: 16 characters of RFC 4648 base32, 80 random bits. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const chars = [...bytes].map((byte) => alphabet[byte & 31]).join('')
  return chars.match(/.{4}/g)?.join('-') ?? chars
}

/** A recovery code as typed (any case, spaces or dashes) to the form it is hashed in. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z2-7]/g, '')
}

/** Six digits, spaces allowed between them (apps show `123 456`). */
export function asTotpCode(code: string): string | null {
  const digits = code.replace(/\s/g, '')
  return /^\d{6}$/.test(digits) ? digits : null
}

/**
 * The time step a TOTP code belongs to (within one step of now), or null.
 * `otpauth` compares in constant time.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = asTotpCode(code)
  if (!token) return null
  const generator = totp(secret, '')
  const delta = generator.validate({ token, timestamp: now.getTime(), window: WINDOW })
  if (delta === null) return null
  return generator.counter({ timestamp: now.getTime() }) + delta
}

/** The code an authenticator shows at `now` (for tests and the e2e journey's own generator). */
export function currentCode(secret: string, now: Date): string {
  return totp(secret, '').generate({ timestamp: now.getTime() })
}

export interface TwoFactorRow {
  userId: number
  secret: string
  enabledAt: Date | null
  recoveryLeft: number
}

export async function twoFactorOf(db: Queryable, userId: number): Promise<TwoFactorRow | null> {
  const [row] = await db
    .select({
      userId: twoFactor.user_id,
      secret: twoFactor.secret,
      enabledAt: twoFactor.enabled_at,
      recoveryLeft: sql<number>`cardinality(${twoFactor.recovery_code_hashes})::int`,
    })
    .from(twoFactor)
    .where(eq(twoFactor.user_id, userId))
    .limit(1)
  return row ?? null
}

/** Whether this account asks for a code at sign-in. */
export async function hasTwoFactor(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.user_id })
    .from(twoFactor)
    .where(and(eq(twoFactor.user_id, userId), isNotNull(twoFactor.enabled_at)))
    .limit(1)
  return Boolean(row)
}

export type AcceptedCode = { method: 'totp' } | { method: 'recovery_code'; left: number }

/**
 * Accepts a code for an account with two-factor sign-in on, at most once:
 * a TOTP code only for a step later than the last one accepted (the step is
 * moved in the same statement, so two requests with one code cannot both
 * pass), a recovery code only while its hash is in the list (removed in the
 * same statement). Null: not accepted.
 */
export async function acceptCode(
  db: Queryable,
  userId: number,
  code: string,
  now: Date,
): Promise<AcceptedCode | null> {
  const row = await twoFactorOf(db, userId)
  if (!row?.enabledAt) return null
  if (asTotpCode(code)) {
    const step = totpStep(row.secret, code, now)
    if (step === null) return null
    const moved = await db
      .update(twoFactor)
      .set({ last_step: step, updated_at: now })
      .where(
        and(
          eq(twoFactor.user_id, userId),
          isNotNull(twoFactor.enabled_at),
          or(isNull(twoFactor.last_step), lt(twoFactor.last_step, step)),
        ),
      )
      .returning({ userId: twoFactor.user_id })
    return moved.length === 1 ? { method: 'totp' } : null
  }
  const normalized = normalizeRecoveryCode(code)
  if (normalized.length !== 16) return null
  const hash = sha256(normalized)
  const used = await db
    .update(twoFactor)
    .set({
      recovery_code_hashes: sql`array_remove(${twoFactor.recovery_code_hashes}, ${hash})`,
      updated_at: now,
    })
    .where(
      and(
        eq(twoFactor.user_id, userId),
        isNotNull(twoFactor.enabled_at),
        sql`${hash} = any(${twoFactor.recovery_code_hashes})`,
      ),
    )
    .returning({ left: sql<number>`cardinality(${twoFactor.recovery_code_hashes})::int` })
  const left = used[0]?.left
  return left === undefined ? null : { method: 'recovery_code', left }
}

/**
 * Starts an enrolment: a new secret (160 bits), kept server-side as
 * unconfirmed and shown this once. Refused while two-factor sign-in is on.
 */
export async function startTwoFactor(
  db: Db,
  userId: number,
  username: string,
  now: Date,
): Promise<{ secret: string; otpauth_url: string }> {
  const secret = new Secret({ size: 20 }).base32
  const written = await db
    .insert(twoFactor)
    .values({ user_id: userId, secret, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: twoFactor.user_id,
      set: { secret, last_step: null, recovery_code_hashes: [], updated_at: now },
      setWhere: isNull(twoFactor.enabled_at),
    })
    .returning({ userId: twoFactor.user_id })
  if (written.length === 0) throw new ConflictError('Two-factor sign-in is already on.')
  return { secret, otpauth_url: totp(secret, username).toString() }
}

/**
 * Confirms an enrolment with a current code: two-factor sign-in is on from
 * now, and ten recovery codes are made (only their SHA-256 is kept: they
 * carry 80 random bits, so a fast hash is as safe as a slow one and checking
 * one costs one indexed comparison rather than ten argon2 runs).
 */
export async function enableTwoFactor(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<{ recovery_codes: string[] }> {
  const row = await twoFactorOf(db, userId)
  if (row?.enabledAt) throw new ConflictError('Two-factor sign-in is already on.')
  if (!row) throw new ConflictError('Start the set-up first: the secret has not been made.')
  const step = totpStep(row.secret, code, now)
  if (step === null) {
    throw new InvalidInputError(
      'That code is not right. Enter the 6-digit code your app shows now.',
    )
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const enabled = await db
    .update(twoFactor)
    .set({
      enabled_at: now,
      last_step: step,
      recovery_code_hashes: codes.map((value) => sha256(normalizeRecoveryCode(value))),
      updated_at: now,
    })
    .where(and(eq(twoFactor.user_id, userId), isNull(twoFactor.enabled_at)))
    .returning({ userId: twoFactor.user_id })
  if (enabled.length === 0) throw new ConflictError('Two-factor sign-in is already on.')
  return { recovery_codes: codes }
}

/**
 * Ten new recovery codes for an owner whose two-factor sign-in is on; the
 * old ones (used or not) stop working at once. For when the printed list is
 * lost or running out (the status says how many are left).
 */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ recovery_codes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const changed = await db
    .update(twoFactor)
    .set({
      recovery_code_hashes: codes.map((value) => sha256(normalizeRecoveryCode(value))),
      updated_at: now,
    })
    .where(and(eq(twoFactor.user_id, userId), isNotNull(twoFactor.enabled_at)))
    .returning({ userId: twoFactor.user_id })
  if (changed.length === 0) throw new ConflictError('Two-factor sign-in is not on.')
  return { recovery_codes: codes }
}

/** Turns two-factor sign-in off (or drops an enrolment under way); pending challenges die with it. */
export async function removeTwoFactor(db: Queryable, userId?: number): Promise<boolean> {
  const removed = await db
    .delete(twoFactor)
    .where(userId === undefined ? undefined : eq(twoFactor.user_id, userId))
    .returning({ userId: twoFactor.user_id })
  await db
    .delete(signInChallenges)
    .where(userId === undefined ? undefined : eq(signInChallenges.user_id, userId))
  return removed.length > 0
}

/** Challenges past their time, deleted at each sign-in so the table stays small. */
export async function deleteDeadChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expires_at, now))
}

/** A challenge still usable (unexpired, under five wrong codes): its id and account. */
export async function liveChallenge(
  db: Db,
  challengeHash: string,
  now: Date,
  maxFailures: number,
): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .select({ id: signInChallenges.id, userId: signInChallenges.user_id })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.token_hash, challengeHash),
        gt(signInChallenges.expires_at, now),
        lt(signInChallenges.failures, maxFailures),
      ),
    )
    .limit(1)
  return row ?? null
}

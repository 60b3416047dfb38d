import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { defaultThrottleLimits, type ThrottleLimits } from '../../config'
import type { Db } from '../../db/client'
import { throttleCounters } from '../../db/schema'
import { lockWindow } from '../fixed-window'

/** A username's failure and lockout history is forgotten after this long without failures. */
export const USER_MEMORY_MS = 24 * 60 * 60_000

export function userKey(username: string): string {
  return `user:${username.trim().toLowerCase()}`
}

export function ipKey(ip: string): string {
  return `ip:${ip}`
}

/** A browser that has signed in before (a device cookie): throttled on its own. */
export function deviceKey(deviceId: number): string {
  return `device:${deviceId}`
}

export interface SignInAttempt {
  username: string
  ip: string
  /** The trusted device the attempt comes from, if it presented a valid device cookie. */
  deviceId: number | null
}

export type Reservation =
  /** Refused: locked for this many seconds; nothing was counted and no password may be checked. */
  | { locked: number }
  /**
   * Counted as a failure until `settle` says otherwise; `lockedFor`: the
   * lockout it started (seconds, the longer one), `lockouts`: each lock it
   * started, by what was locked.
   */
  | { locked: 0; lockedFor: number; lockouts: Lockout[]; keys: ReservedKeys }

/** A lock an attempt started: on the username, on a trusted device, or on the client IP (the hourly cap). */
export interface Lockout {
  scope: 'user' | 'device' | 'ip'
  seconds: number
}

export interface ReservedKeys {
  account: string
  ip: string
  /** Whether this attempt started the account's lockout (its fifth failure in a row). */
  accountLockStarted: boolean
}

/**
 * How a reserved attempt ended: `failed` stays counted; `succeeded` (signed
 * in) forgives the account's history; `password-only` (the password was
 * right, the account's second factor is still to come) takes this one
 * attempt back without forgiving the failures before it, so a right
 * password cannot reset the count of wrong codes.
 */
export type SignInOutcome = 'failed' | 'succeeded' | 'password-only'

/**
 * Checks and counts a sign-in attempt in one step, before any password is
 * verified: the counters' rows are locked for the transaction, so
 * concurrent attempts queue here and each sees the ones before it. The
 * attempt counts as a failure at once; `settle` forgives it on success.
 *
 * The account's counter is the username's (5 failures in a row lock it for
 * 1, then 15, then 60 minutes), or, for a browser that signed in before,
 * that device's own (same steps): someone guessing the owner's password
 * from elsewhere cannot lock the owner's own browser out. The client IP's
 * counter caps failures per hour whatever the usernames.
 */
export async function reserveSignIn(
  db: Db,
  attempt: SignInAttempt,
  now: Date,
  limits: ThrottleLimits = defaultThrottleLimits,
): Promise<Reservation> {
  const account =
    attempt.deviceId === null ? userKey(attempt.username) : deviceKey(attempt.deviceId)
  const ip = ipKey(attempt.ip)
  return db.transaction(async (tx) => {
    // Always the account first, then the IP: one lock order, no deadlock.
    const accountState = await lockWindow(tx, account, USER_MEMORY_MS, now)
    const ipState = await lockWindow(tx, ip, limits.ipWindowMs, now)
    const lockedUntil = Math.max(
      accountState.row.locked_until?.getTime() ?? 0,
      ipState.row.locked_until?.getTime() ?? 0,
    )
    if (lockedUntil > now.getTime()) {
      return { locked: Math.ceil((lockedUntil - now.getTime()) / 1000) }
    }

    let failures = accountState.used + 1
    let lockouts =
      now.getTime() - accountState.row.updated_at.getTime() <= USER_MEMORY_MS
        ? accountState.row.lockouts
        : 0
    let accountLock: Date | null = null
    if (failures >= limits.userMaxFailures) {
      const steps = limits.userLockoutStepsMs
      const step = steps[Math.min(lockouts, steps.length - 1)] ?? 60_000
      accountLock = new Date(now.getTime() + step)
      lockouts += 1
      failures = 0
    }
    await tx
      .update(throttleCounters)
      .set({
        failures,
        lockouts,
        window_started_at: accountState.windowStart,
        locked_until: accountLock,
        updated_at: now,
      })
      .where(eq(throttleCounters.key, account))

    const ipFailures = ipState.used + 1
    const ipLock =
      ipFailures >= limits.ipMaxFailures
        ? new Date(ipState.windowStart.getTime() + limits.ipWindowMs)
        : null
    await tx
      .update(throttleCounters)
      .set({
        failures: ipFailures,
        window_started_at: ipState.windowStart,
        locked_until: ipLock,
        updated_at: now,
      })
      .where(eq(throttleCounters.key, ip))

    const seconds = (until: Date) => Math.ceil((until.getTime() - now.getTime()) / 1000)
    const started: Lockout[] = []
    if (accountLock) {
      started.push({
        scope: attempt.deviceId === null ? 'user' : 'device',
        seconds: seconds(accountLock),
      })
    }
    if (ipLock) started.push({ scope: 'ip', seconds: seconds(ipLock) })
    const lockedFor = Math.max(0, ...started.map((lockout) => lockout.seconds))
    return {
      locked: 0,
      lockedFor,
      lockouts: started,
      keys: { account, ip, accountLockStarted: accountLock !== null },
    }
  })
}

/**
 * After the password (or code) was checked: a success forgives the account's
 * history, a right password before a second factor takes back only this
 * attempt (`SignInOutcome`); both take the attempt back from the IP's count
 * (with any cap it reached); a failure stays counted. Forgets long-idle
 * counters so the table stays small.
 */
export async function settleSignIn(
  db: Db,
  keys: ReservedKeys,
  outcome: SignInOutcome,
  now: Date,
  limits: ThrottleLimits = defaultThrottleLimits,
): Promise<void> {
  if (outcome === 'failed') return
  await db.transaction(async (tx) => {
    if (outcome === 'succeeded') {
      await tx.delete(throttleCounters).where(eq(throttleCounters.key, keys.account))
    } else if (keys.accountLockStarted) {
      // Undo the lockout this attempt started: back to one failure short of it.
      await tx
        .update(throttleCounters)
        .set({
          failures: Math.max(limits.userMaxFailures - 1, 0),
          lockouts: sql`greatest(${throttleCounters.lockouts} - 1, 0)`,
          locked_until: null,
          updated_at: now,
        })
        .where(eq(throttleCounters.key, keys.account))
    } else {
      await tx
        .update(throttleCounters)
        .set({ failures: sql`greatest(${throttleCounters.failures} - 1, 0)`, updated_at: now })
        .where(eq(throttleCounters.key, keys.account))
    }
    await tx
      .update(throttleCounters)
      .set({
        failures: sql`greatest(${throttleCounters.failures} - 1, 0)`,
        locked_until: sql`case when ${throttleCounters.failures} - 1 >= ${limits.ipMaxFailures} then ${throttleCounters.locked_until} else null end`,
        updated_at: now,
      })
      .where(eq(throttleCounters.key, keys.ip))
  })
  await db
    .delete(throttleCounters)
    .where(
      and(
        lt(throttleCounters.updated_at, new Date(now.getTime() - USER_MEMORY_MS)),
        or(isNull(throttleCounters.locked_until), lt(throttleCounters.locked_until, now)),
      ),
    )
}

/** `bun run admin:password`: every lock and count is lifted. */
export async function clearSignInLocks(db: Db): Promise<void> {
  await db
    .delete(throttleCounters)
    .where(
      or(
        sql`${throttleCounters.key} like 'user:%'`,
        sql`${throttleCounters.key} like 'ip:%'`,
        sql`${throttleCounters.key} like 'device:%'`,
      ),
    )
}

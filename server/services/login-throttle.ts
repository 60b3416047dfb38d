import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import { defaultThrottleLimits, type ThrottleLimits } from '../config'
import type { Db } from '../db/client'
import { throttleCounters } from '../db/schema'
import { lockWindow } from './fixed-window'

/** A username's failure and lockout history is forgotten after this long without failures. */
export const USER_MEMORY_MS = 24 * 60 * 60_000

export function userKey(username: string): string {
  return `user:${username.trim().toLowerCase()}`
}

export function ipKey(ip: string): string {
  return `ip:${ip}`
}

/** Seconds until every given key is free again, or 0 when none is locked. */
export async function lockedForSeconds(db: Db, keys: string[], now: Date): Promise<number> {
  const rows = await db
    .select({ lockedUntil: throttleCounters.locked_until })
    .from(throttleCounters)
    .where(inArray(throttleCounters.key, keys))
  let until = 0
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now) until = Math.max(until, row.lockedUntil.getTime())
  }
  return until === 0 ? 0 : Math.ceil((until - now.getTime()) / 1000)
}

/**
 * Counts one failed sign-in against the username and the IP. Returns the
 * lockout it triggered (seconds), or 0.
 */
export async function recordFailure(
  db: Db,
  username: string,
  ip: string,
  now: Date,
  limits: ThrottleLimits = defaultThrottleLimits,
): Promise<number> {
  return db.transaction(async (tx) => {
    let locked = 0
    for (const key of [userKey(username), ipKey(ip)]) {
      const isUser = key.startsWith('user:')
      // A username's failures are remembered for a day; an IP's for its window.
      const windowMs = isUser ? USER_MEMORY_MS : limits.ipWindowMs
      const { row, used, windowStart } = await lockWindow(tx, key, windowMs, now)
      let failures = used + 1
      let lockouts =
        isUser && now.getTime() - row.updated_at.getTime() <= USER_MEMORY_MS ? row.lockouts : 0
      let lockedUntil: Date | null =
        row.locked_until && row.locked_until > now ? row.locked_until : null
      if (isUser && failures >= limits.userMaxFailures) {
        const steps = limits.userLockoutStepsMs
        const step = steps[Math.min(lockouts, steps.length - 1)] ?? 60_000
        lockedUntil = new Date(now.getTime() + step)
        lockouts += 1
        failures = 0
      } else if (!isUser && failures >= limits.ipMaxFailures) {
        lockedUntil = new Date(windowStart.getTime() + limits.ipWindowMs)
      }
      if (lockedUntil) {
        locked = Math.max(locked, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000))
      }
      await tx
        .update(throttleCounters)
        .set({
          failures,
          lockouts,
          window_started_at: windowStart,
          locked_until: lockedUntil,
          updated_at: now,
        })
        .where(eq(throttleCounters.key, key))
    }
    return locked
  })
}

/** A successful sign-in clears the username's counters (not the IP's). */
export async function recordSuccess(db: Db, username: string, now: Date): Promise<void> {
  await db.delete(throttleCounters).where(eq(throttleCounters.key, userKey(username)))
  // Forget long-idle counters so the table stays small.
  await db
    .delete(throttleCounters)
    .where(
      and(
        lt(throttleCounters.updated_at, new Date(now.getTime() - USER_MEMORY_MS)),
        or(isNull(throttleCounters.locked_until), lt(throttleCounters.locked_until, now)),
      ),
    )
}

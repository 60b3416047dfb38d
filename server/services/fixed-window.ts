import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { throttleCounters } from '../db/schema'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type CounterRow = typeof throttleCounters.$inferSelect

export interface WindowState {
  /** The counter's row as it was (locked until the transaction ends). */
  row: CounterRow
  /** Counted in the current window (0 when the window has just rolled over). */
  used: number
  /** When the current window began. */
  windowStart: Date
  /** Whether the stored window had ended: this is a new one. */
  rolled: boolean
}

/**
 * The one fixed-window counter of the throttle_counters table: creates the
 * counter of `key` if needed, locks its row for the rest of the transaction
 * (so concurrent requests for the same key queue instead of reading the
 * same count), and rolls its window over when `windowMs` has passed.
 * Callers decide what a count means and write the row back.
 */
export async function lockWindow(
  tx: Tx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<WindowState> {
  // One statement that creates the row or locks the existing one, and returns it. An
  // insert-if-missing followed by SELECT … FOR UPDATE could find nothing on PostgreSQL: a
  // successful sign-in on another connection may delete the row between the two (seen in CI
  // as a 500 on a login); ON CONFLICT DO UPDATE settles that race inside PostgreSQL.
  const [row] = await tx
    .insert(throttleCounters)
    .values({ key, window_started_at: now, created_at: now, updated_at: now })
    .onConflictDoUpdate({ target: throttleCounters.key, set: { key: sql`excluded.key` } })
    .returning()
  if (!row) throw new Error(`throttle counter ${key} was not written`)
  const rolled = now.getTime() - row.window_started_at.getTime() >= windowMs
  return {
    row,
    used: rolled ? 0 : row.failures,
    windowStart: rolled ? now : row.window_started_at,
    rolled,
  }
}

/** Seconds from `now` until `windowMs` after `windowStart`, at least 1. */
export function secondsLeft(windowStart: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000))
}

/**
 * Takes one slot for `key` when fewer than `limit` were taken in the
 * current window. Returns 0 when the slot was taken, else the seconds until
 * the window ends.
 */
export async function takeSlot(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { used, windowStart } = await lockWindow(tx, key, windowMs, now)
    if (used >= limit) return secondsLeft(windowStart, windowMs, now)
    await tx
      .update(throttleCounters)
      .set({ failures: used + 1, window_started_at: windowStart, updated_at: now })
      .where(eq(throttleCounters.key, key))
    return 0
  })
}

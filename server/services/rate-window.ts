import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { throttleCounters } from '../db/schema'

/**
 * A fixed-window counter in the throttle_counters table: takes one slot for
 * `key` when fewer than `limit` were taken in the current window. Returns 0
 * when the slot was taken, else the seconds until the window ends.
 */
export async function takeSlot(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(throttleCounters)
      .values({ key, window_started_at: now, created_at: now, updated_at: now })
      .onConflictDoNothing()
    const [row] = await tx
      .select()
      .from(throttleCounters)
      .where(eq(throttleCounters.key, key))
      .for('update')
    if (!row) throw new Error(`throttle counter ${key} vanished`)
    const expired = now.getTime() - row.window_started_at.getTime() >= windowMs
    const windowStart = expired ? now : row.window_started_at
    const used = expired ? 0 : row.failures
    if (used >= limit) {
      return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000))
    }
    await tx
      .update(throttleCounters)
      .set({ failures: used + 1, window_started_at: windowStart, updated_at: now })
      .where(eq(throttleCounters.key, key))
    return 0
  })
}

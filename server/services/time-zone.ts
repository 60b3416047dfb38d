import { eq } from 'drizzle-orm'
import {
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  type TimeZoneSetting,
} from '../../src/schemas/time-zone'
import type { Db } from '../db/client'
import { adminHome } from '../db/schema'

/**
 * The owner's time zone, in which the admin shows and takes times (a note's
 * publication); UTC until chosen. Only how times are shown and typed
 * follows it: every time is stored as an instant (UTC).
 */
export async function getTimeZone(db: Db): Promise<TimeZoneSetting> {
  const [row] = await db
    .select({ time_zone: adminHome.time_zone })
    .from(adminHome)
    .where(eq(adminHome.id, 1))
    .limit(1)
  // A zone this server's Intl no longer knows (an older build) reads as not chosen.
  const zone = row?.time_zone ? canonicalTimeZone(row.time_zone) : null
  return zone ? { time_zone: zone, chosen: true } : { time_zone: DEFAULT_TIME_ZONE, chosen: false }
}

/** Sets the owner's zone (already checked and made canonical by the input schema). */
export async function setTimeZone(db: Db, zone: string): Promise<TimeZoneSetting> {
  await db
    .insert(adminHome)
    .values({ id: 1, time_zone: zone })
    .onConflictDoUpdate({ target: adminHome.id, set: { time_zone: zone } })
  return getTimeZone(db)
}

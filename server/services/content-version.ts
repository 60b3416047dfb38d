import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { contentVersion } from '../db/schema'

/** A transaction handle, or the database itself for a single-statement write. */
type Writer = Pick<Db, 'insert'>

/**
 * Counts one more write to public content (projects, their slugs, timeline
 * events, the profile). Call it inside the write's own transaction: the new
 * count is visible exactly when the content is, to every server instance on
 * the database. The row is created by the first write.
 */
export async function bumpContentVersion(tx: Writer): Promise<void> {
  await tx
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: contentVersion.id,
      set: { version: sql`${contentVersion.version} + 1`, updated_at: sql`now()` },
    })
}

/** The current count (0 before any write): one primary-key read. */
export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1))
    .limit(1)
  return row?.version ?? 0
}

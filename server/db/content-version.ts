import { eq, sql } from 'drizzle-orm'
import type { Db } from './client'
import { contentVersion } from './schema'

/** A transaction handle, or the database itself for a single-statement write. */
type Writer = Pick<Db, 'insert'>

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

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

/** A write to public content: `write`, then the bump, in one transaction. */
export function writeContent<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx)
    await bumpContentVersion(tx)
    return result
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

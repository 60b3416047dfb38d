/**
 * Fedify's key-value store on our own database (`activitypub_kv`), so that
 * every instance of one site shares its caches and its record of the
 * activities already processed, and the embedded database works for one
 * instance (decision 0410). A key is Fedify's array of strings, stored as
 * its JSON text; `list(prefix)` finds the keys that begin with the prefix's
 * elements. Expired values read as absent and are removed when met.
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify'
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { activitypubKv } from '../db/schema'

const keyText = (key: KvKey): string => JSON.stringify(key)

function expiresAt(options: KvStoreSetOptions | undefined, now: Date): Date | null {
  const ttl = options?.ttl
  if (!ttl) return null
  return new Date(now.getTime() + ttl.total({ unit: 'millisecond' }))
}

export function createDbKvStore(db: Db, now: () => Date = () => new Date()): KvStore {
  const fresh = () => or(isNull(activitypubKv.expires_at), gt(activitypubKv.expires_at, now()))
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const [row] = await db
        .select({ value: activitypubKv.value, expires_at: activitypubKv.expires_at })
        .from(activitypubKv)
        .where(eq(activitypubKv.key, keyText(key)))
      if (!row) return undefined
      if (row.expires_at && row.expires_at <= now()) {
        await db
          .delete(activitypubKv)
          .where(and(eq(activitypubKv.key, keyText(key)), lte(activitypubKv.expires_at, now())))
        return undefined
      }
      return row.value as T
    },
    async set(key, value, options) {
      const row = {
        key: keyText(key),
        value: value ?? null,
        expires_at: expiresAt(options, now()),
      }
      await db
        .insert(activitypubKv)
        .values(row)
        .onConflictDoUpdate({
          target: activitypubKv.key,
          set: { value: row.value, expires_at: row.expires_at },
        })
    },
    async delete(key) {
      await db.delete(activitypubKv).where(eq(activitypubKv.key, keyText(key)))
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const exact = prefix && prefix.length > 0 ? keyText(prefix) : null
      // `["a","b"` followed by `,`: the keys below the prefix (and the prefix itself).
      const below = exact ? `${exact.slice(0, -1)},` : null
      const rows = await db
        .select({ key: activitypubKv.key, value: activitypubKv.value })
        .from(activitypubKv)
        .where(
          and(
            fresh(),
            exact && below
              ? or(eq(activitypubKv.key, exact), sql`starts_with(${activitypubKv.key}, ${below})`)
              : undefined,
          ),
        )
        .orderBy(activitypubKv.key)
      for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value }
    },
  }
}

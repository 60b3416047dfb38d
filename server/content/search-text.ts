import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** A search result's passage source: the short text, a dash, the long one. */
export const passageOf = (short: AnyPgColumn | SQL, long: AnyPgColumn | SQL): SQL =>
  sql`${short} || ' — ' || ${long}`

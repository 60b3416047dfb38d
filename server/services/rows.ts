import { desc, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { NotFoundError } from '../errors'

/** Timestamps leave the server as ISO strings, the same on both doors. */
export function iso(date: Date): string {
  return date.toISOString()
}

interface StoredTimes {
  created_at: Date
  updated_at: Date
}

/**
 * A stored row as the API answers with it: its columns as they are, the
 * timestamps as ISO strings. Every column goes out: a table with a private
 * column needs its own mapping.
 */
export type ApiRow<R extends StoredTimes> = Omit<R, keyof StoredTimes> & {
  created_at: string
  updated_at: string
}

export function toApiRow<R extends StoredTimes>(row: R): ApiRow<R> {
  return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) }
}

/** A table of content rows (projects, timeline events, messages): a serial id and timestamps. */
type ContentTable = PgTable & {
  id: PgColumn
  created_at: PgColumn
  $inferSelect: StoredTimes
}

/**
 * What every content table answers the same way: the list, one row by id and
 * the delete, with `notFound()` for an id that has no row.
 */
export function contentRows<T extends ContentTable>(
  table: T,
  notFoundMessage: string,
  /** The list's order; newest first by default (id breaks ties between rows created in the same instant). */
  order: (SQL | PgColumn)[] = [desc(table.created_at), desc(table.id)],
) {
  type Row = T['$inferSelect']
  // Drizzle cannot type a select from a generic table: the rows are `T`'s own.
  const source: PgTable = table
  const notFound = () => new NotFoundError(notFoundMessage)
  return {
    notFound,
    /** In the table's order; `where` narrows it (drafts left out, say). */
    async list(db: Db, where?: SQL): Promise<ApiRow<Row>[]> {
      const rows = await db
        .select()
        .from(source)
        .where(where)
        .orderBy(...order)
      return (rows as Row[]).map(toApiRow)
    },
    async byId(db: Db, id: number): Promise<ApiRow<Row>> {
      const [row] = await db.select().from(source).where(eq(table.id, id)).limit(1)
      if (!row) throw notFound()
      return toApiRow(row as Row)
    },
    /** On the database, or in the caller's transaction. */
    async delete(db: Pick<Db, 'delete'>, id: number): Promise<void> {
      const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })
      if (deleted.length === 0) throw notFound()
    },
  }
}

/** Postgres error code of a driver error (postgres.js and PGlite both expose `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (
      'code' in current &&
      typeof current.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(current.code)
    ) {
      return current.code
    }
    current = 'cause' in current ? current.cause : undefined
  }
  return undefined
}

import { asc, desc, sql } from 'drizzle-orm'
import type { Tx } from '../db/content-version'
import type { projects, publications, teaching, timelineEvents } from '../db/schema'
import { InvalidInputError } from '../errors'

/** The tables with a manual order (`sort_order`). */
type OrderedTable = typeof projects | typeof timelineEvents | typeof publications | typeof teaching

/** The lists' order: the manual one, then the newest first among equals (two created at once). */
export function listOrder(table: OrderedTable) {
  return [asc(table.sort_order), desc(table.id)]
}

/**
 * The `sort_order` a new row takes: one less than the smallest, so it comes
 * first. Two rows created at once may take the same value; the newer (the
 * larger id) still comes first.
 */
export async function firstPlace(tx: Tx, table: OrderedTable): Promise<number> {
  const [row] = await tx
    .select({ smallest: sql<number | null>`min(${table.sort_order})` })
    .from(table)
  return (row?.smallest ?? 0) - 1
}

const sample = (ids: number[]) =>
  ids.length > 10 ? `${ids.slice(0, 10).join(', ')}…` : ids.join(', ')

/**
 * Sets the manual order: `ids` (no repeats, the schema's check) must name
 * every stored row exactly once; they take 0…n-1. The rows are locked
 * first, so a delete or another reorder waits for this one, and a row
 * created after the client read its list makes the request a 400 (its list
 * was out of date) rather than an order that leaves something out.
 */
export async function reorderRows(
  tx: Tx,
  table: OrderedTable,
  ids: readonly number[],
  /** What a row is called in the messages: `project`, `timeline event`. */
  noun: string,
): Promise<void> {
  const stored = await tx.select({ id: table.id }).from(table).for('update')
  const known = new Set(stored.map((row) => row.id))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new InvalidInputError(`No ${noun} has the id ${sample(unknown)}.`)
  }
  const given = new Set(ids)
  const missing = [...known].filter((id) => !given.has(id)).sort((a, b) => a - b)
  if (missing.length > 0) {
    throw new InvalidInputError(
      `ids must name every ${noun} once, in the new order; missing: ${sample(missing)}.`,
    )
  }
  if (ids.length === 0) return
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  await tx.execute(
    sql`update ${table} set sort_order = (ordered.place - 1)::integer
        from unnest(array[${list}]::integer[]) with ordinality as ordered(id, place)
        where ${table.id} = ordered.id`,
  )
}

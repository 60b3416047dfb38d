/**
 * Revisions: each save of a project or of the profile that changes
 * something keeps the row as it was before (whole, as JSON, so columns
 * added later need nothing here), the last 50 per item. A restore writes
 * that version back through the ordinary save, so it is itself a revision.
 */
import { and, asc, eq, getTableColumns, inArray, notInArray } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { RevisionKindName } from '../../src/domain/content-kinds'
import { REVISIONS_KEPT, type Revision } from '../../src/schemas/revisions'
import { describeIssues, rowIssues } from '../backup/field-rules'
import type { Db } from '../db/client'
import type { Tx } from '../db/content-version'
import { revisions } from '../db/schema'
import { InvalidInputError, NotFoundError } from '../errors'
import { iso } from './rows'

type Row = Record<string, unknown>
export type RevisionKind = RevisionKindName

/** Columns a save does not choose: never listed as changed, never written back by a restore. */
const bookkeeping = new Set(['id', 'slug', 'sort_order', 'created_at', 'updated_at'])

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null))
const same = (a: unknown, b: unknown) => JSON.stringify(json(a)) === JSON.stringify(json(b))

/** The columns whose value differs between two versions of a row, in the row's order. */
export function changedFields(before: Row, after: Row): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])]
  return keys.filter((key) => !bookkeeping.has(key) && !same(before[key], after[key]))
}

/**
 * Keeps `before` as a revision of the item when the save changed anything,
 * inside the save's transaction; then only the newest 50 are kept.
 */
export async function recordRevision(
  tx: Tx,
  kind: RevisionKind,
  itemId: number,
  before: object,
  after: object,
  savedAt: Date = new Date(),
): Promise<void> {
  const changed = changedFields(before as Row, after as Row)
  if (changed.length === 0) return
  await tx.insert(revisions).values({
    kind,
    item_id: itemId,
    changed,
    row: json(before) as Row,
    saved_at: savedAt,
  })
  const newest = tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.kind, kind), eq(revisions.item_id, itemId)))
    .orderBy(asc(revisions.id))
  const ids = (await newest).map((row) => row.id)
  if (ids.length > REVISIONS_KEPT) {
    const kept = ids.slice(-REVISIONS_KEPT)
    await tx
      .delete(revisions)
      .where(
        and(
          eq(revisions.kind, kind),
          eq(revisions.item_id, itemId),
          notInArray(revisions.id, kept),
        ),
      )
  }
}

/** A value as a person reads it in a diff: lists one item a line, nothing as "". */
function readable(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.map(readable).join('\n')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The item's revisions, newest first, each with what its save changed:
 * the kept version's values and the ones the save wrote (the next
 * revision's, or the current row's for the newest).
 */
export async function listRevisions(
  db: Db,
  kind: RevisionKind,
  itemId: number,
  current: object,
): Promise<Revision[]> {
  const rows = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.kind, kind), eq(revisions.item_id, itemId)))
    .orderBy(asc(revisions.id))
  const now = json(current) as Row
  return rows
    .map((row, index) => {
      const after = rows[index + 1]?.row ?? now
      return {
        id: row.id,
        saved_at: iso(row.saved_at),
        changed: row.changed,
        changes: row.changed.map((field) => ({
          field,
          before: readable(row.row[field]),
          after: readable(after[field]),
        })),
      }
    })
    .reverse()
}

/**
 * The version a revision kept, as values for `table` today: only columns
 * that still exist, none of the bookkeeping ones (id, slug, order, times).
 */
export async function revisionValues(
  db: Db,
  table: PgTable,
  kind: RevisionKind,
  itemId: number,
  revisionId: number,
): Promise<Row> {
  const [row] = await db
    .select({ row: revisions.row })
    .from(revisions)
    .where(
      and(
        eq(revisions.kind, kind),
        eq(revisions.item_id, itemId),
        inArray(revisions.id, [revisionId]),
      ),
    )
    .limit(1)
  if (!row) throw new NotFoundError('Revision not found.')
  // What a restore writes passes the input's rules (a backup may have brought the revision in).
  const issues = rowIssues(kind, row.row)
  if (issues.length > 0) {
    throw new InvalidInputError(
      `This version cannot be restored as it is kept (revisions ${kind} ${revisionId}: ${describeIssues(issues)}).`,
    )
  }
  const columns = getTableColumns(table)
  return Object.fromEntries(
    Object.entries(row.row).filter(([key]) => key in columns && !bookkeeping.has(key)),
  )
}

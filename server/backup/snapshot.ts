/**
 * Reading a backup: every table of `backupTables` in one REPEATABLE READ, READ
 * ONLY transaction, so a backup is a consistent snapshot even while the server
 * takes writes.
 */
import { type AnyColumn, asc, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import { isDocumentKey, isMediaKey } from '../media/keys'
import type { MediaStore } from '../media/store'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Backup,
  type BackupTableName,
  type BackupTables,
  backupTableNames,
  backupTables,
  mediaKeysOf,
  trashedMediaKeys,
} from './format'

/** A timestamptz as ISO 8601 in UTC with all six digits: nothing is rounded away. */
const iso = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** The database, or a transaction in it. */
type Reader = Pick<Db, 'select'>

/** A table's rows as the file holds them, in the file's order. */
async function readRows<N extends BackupTableName>(db: Reader, name: N): Promise<BackupTables[N]> {
  const { table, order } = backupTables[name]
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table))
      // A generated column (a note's search document) is computed again on restore.
      .filter(([, column]) => !column.generated)
      .map(([key, column]) => [key, column.dataType === 'date' ? iso(column) : column]),
  )
  const rows = await db
    .select(fields)
    .from(table)
    .orderBy(...order.map((column) => asc(column)))
  return rows as BackupTables[N]
}

/**
 * The files of the snapshot's media rows and uploaded CV, base64. Files never change once
 * written (their names are content hashes), so reading them after the
 * transaction is still the snapshot's; one deleted meanwhile fails the
 * backup with a sentence saying to try again.
 */
async function readMediaFiles(
  store: MediaStore,
  tables: Pick<BackupTables, 'media' | 'cv_file' | 'trash'>,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  const keys = [
    ...tables.media.flatMap(mediaKeysOf),
    ...tables.cv_file.map((row) => row.key),
    ...trashedMediaKeys(tables.trash),
  ]
  for (const key of keys) {
    // A row whose key names no stored file (written by hand): the check of the file says so.
    if (!isMediaKey(key) && !isDocumentKey(key)) continue
    if ((await store.size(key)) === null) {
      throw new Error(`the media file ${key} went away during the backup: run it again`)
    }
    const bytes = await new Response(store.get(key)).arrayBuffer()
    files[key] = Buffer.from(bytes).toString('base64')
  }
  return files
}

/**
 * A consistent snapshot of everything a backup holds: the tables in one
 * read-only transaction, then the files of the media rows it saw.
 */
export async function readBackup(
  db: Db,
  source: Database['kind'],
  store: MediaStore,
): Promise<Backup> {
  const created_at = new Date().toISOString()
  const tables = await db.transaction(
    async (tx) => {
      const read: Partial<Record<BackupTableName, unknown>> = {}
      for (const name of backupTableNames) {
        read[name] = await readRows(tx, name)
      }
      return read as BackupTables
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  const media_files = await readMediaFiles(store, tables)
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at, source, tables, media_files }
}

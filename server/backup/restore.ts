/**
 * Restoring a backup: replaces all content, the profile and the admin users
 * with the file's, in one transaction (all of it or nothing), following
 * `backupTables`.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { contentKinds } from '../content/registry'
import type { Db } from '../db/client'
import { bumpContentVersion } from '../db/content-version'
import {
  backupRestores,
  cvFile,
  media,
  newsletterConfirmations,
  newsletterSends,
  passkeyChallenges,
  sessions,
  signInChallenges,
  trash,
  trustedDevices,
} from '../db/schema'
import { contentTypeOfKey } from '../media/keys'
import { compactPlaceholder } from '../media/process'
import type { MediaStore } from '../media/store'
import {
  type Backup,
  backupTableNames,
  backupTables,
  mediaKeysOf,
  trashedMediaKeys,
} from './format'

/**
 * Emptied by a restore but not in the file: everyone signs in again (a
 * sign-in or passkey ceremony half done too), and browsers are no longer trusted (the admin
 * users they belonged to are replaced). The audit log is kept.
 */
const dropped: PgTable[] = [
  sessions,
  signInChallenges,
  passkeyChallenges,
  trustedDevices,
  // The newsletter's emails on their way and its confirmation links (not in backups).
  newsletterSends,
  newsletterConfirmations,
]

function chunks<T>(rows: T[], size = 200): T[][] {
  const out: T[][] = []
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size))
  return out
}

/** A row of the file as values to insert: timestamps as timestamptz, to the microsecond. */
function insertable(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table)
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      columns[key]?.dataType === 'date' ? sql`${value}::timestamptz` : value,
    ]),
  )
}

/**
 * Replaces all content, the profile, the admin users and the media library
 * with the backup's, in one transaction (the media files are written first). Sessions are dropped (everyone signs in again); throttle
 * counters are kept; the content version moves on (cached pages are dropped).
 * The id sequences continue after the restored rows.
 */
export async function restoreBackup(db: Db, backup: Backup, store: MediaStore): Promise<void> {
  // The files first: written under their content-hash names, they change
  // nothing a page shows until the rows that name them are committed.
  for (const [key, base64] of Object.entries(backup.media_files)) {
    await store.put(
      key,
      Buffer.from(base64, 'base64'),
      contentTypeOfKey(key) ?? 'application/octet-stream',
    )
  }
  // An older backup's placeholders (PNG) come in as the WebP that uploads now get.
  for (const row of backup.tables.media) row.placeholder = await compactPlaceholder(row.placeholder)
  const before = await db.select({ key: media.key, variants: media.variants }).from(media)
  const trashedBefore = trashedMediaKeys(
    await db.select({ kind: trash.kind, row: trash.row }).from(trash),
  )
  const cvBefore = await db.select({ key: cvFile.key }).from(cvFile)
  // Children before parents for the delete, parents first for the inserts.
  const inserted = backupTableNames.map((name) => backupTables[name].table)
  const emptied = [...dropped, ...inserted.toReversed()]
  await db.transaction(async (tx) => {
    // One statement, ACCESS EXCLUSIVE locks: a server writing to the same
    // PostgreSQL database waits for the restore instead of mixing in.
    await tx.execute(sql.raw(`truncate table ${emptied.map(getTableName).join(', ')}`))
    for (const name of backupTableNames) {
      const { table } = backupTables[name]
      for (const rows of chunks<Record<string, unknown>>(backup.tables[name])) {
        await tx.insert(table).values(rows.map((row) => insertable(table, row)))
      }
    }
    // Servers on this database drop the public answers they cached.
    await bumpContentVersion(tx)
    // Open admin tabs, whose sessions just ended, are told when and from what.
    await tx.insert(backupRestores).values({ backup_created_at: new Date(backup.created_at) })
    for (const table of emptied) {
      for (const column of Object.values(getTableColumns(table))) {
        if (column.columnType !== 'PgSerial') continue
        // The next id is max(id) + 1 (1 for an empty table).
        const [name, id] = [getTableName(table), column.name]
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${name}', '${id}'), coalesce((select max(${id}) from ${name}), 0) + 1, false)`,
          ),
        )
      }
    }
    // A trashed item comes back with its id: no new row may take it meanwhile.
    for (const { name: kind, table } of contentKinds) {
      const name = getTableName(table)
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${name}', 'id'), greatest((select coalesce(max(id), 0) from ${name}), (select coalesce(max(item_id), 0) from trash where kind = '${kind}')) + 1, false)`,
        ),
      )
    }
  })
  // Files of images (and an uploaded CV) the restore removed: nothing names them any more.
  const kept = new Set([
    ...backup.tables.media.flatMap(mediaKeysOf),
    ...backup.tables.cv_file.map((row) => row.key),
    ...trashedMediaKeys(backup.tables.trash),
  ])
  for (const key of [
    ...before.flatMap(mediaKeysOf),
    ...cvBefore.map((row) => row.key),
    ...trashedBefore,
  ]) {
    if (!kept.has(key)) await store.delete(key)
  }
}

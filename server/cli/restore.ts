/**
 * Restores a backup written by `bun run backup`.
 *   bun run restore FILE
 *
 * Replaces all content (projects and their slugs, timeline events,
 * messages), the profile, the admin users and the media library with the
 * file's, in one transaction: everything or nothing (the media files are
 * written to the media store first). Every session is dropped, so everyone
 * signs in again; login-throttle counters are kept. Id sequences continue
 * after the restored rows. Works on an empty database (it is migrated first)
 * or an existing one. A file that is not a valid backup is refused before the
 * database is opened.
 *
 * PGlite: stop the server first (it holds the DATA_DIR lock).
 */
import { readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { BackupFormatError, backupSummary, parseBackup } from '../backup/format'
import { restoreBackup } from '../backup/restore'
import { migrateDatabase } from '../db/client'
import { DataDirLockedError } from '../db/lock'
import { appConfigFromEnv, loadEnv, mediaStorageFromEnv } from '../env'
import { createMediaStore } from '../media/store'
import { recordAudit } from '../services/audit'
import { unreadableSecretsNote } from '../services/notification-settings'
import { openDatabaseFromEnv } from '../setup'

async function main() {
  const file = process.argv[2]
  if (!file) {
    console.error('Usage: bun run restore FILE')
    process.exit(1)
  }
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file)
  let content: string
  try {
    content = readFileSync(path, 'utf8')
  } catch (error) {
    console.error(`Cannot read ${path}: ${(error as Error).message}`)
    process.exit(1)
  }
  let backup: ReturnType<typeof parseBackup>
  try {
    backup = parseBackup(content)
  } catch (error) {
    if (!(error instanceof BackupFormatError)) throw error
    console.error(`${path} is not a valid portfolio backup: ${error.message}. Nothing was changed.`)
    process.exit(1)
  }

  const env = loadEnv()
  let database: Awaited<ReturnType<typeof openDatabaseFromEnv>>
  try {
    database = await openDatabaseFromEnv(env)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    console.error(
      `${error.message}\nA restore replaces the whole database: stop the server (SIGTERM), restore, then start it again. Nothing was changed.`,
    )
    process.exit(1)
  }
  try {
    await migrateDatabase(database)
    await restoreBackup(database.db, backup, createMediaStore(mediaStorageFromEnv(env)))
  } catch (error) {
    console.error(`Restore failed, nothing was changed: ${(error as Error).message}`)
    await database.close()
    process.exit(1)
  }
  let secretsNote: string | null = null
  try {
    secretsNote = await unreadableSecretsNote(database.db, appConfigFromEnv(env).secrets)
  } catch {
    // Only a note: the restore itself is done.
  }
  try {
    await recordAudit(
      { db: database.db, now: () => new Date(), ip: 'command line' },
      {
        action: 'backup.restore',
        target: basename(path),
        details: { taken_at: backup.created_at, summary: backupSummary(backup.tables) },
      },
    )
  } catch (error) {
    console.error(
      `The restore is done, but its audit entry was not written: ${(error as Error).message}`,
    )
  }
  await database.close()
  console.log(
    `Restored ${path} (taken ${backup.created_at}): ${backupSummary(backup.tables)}. ` +
      'Every session was dropped: sign in again.',
  )
  if (secretsNote) console.log(secretsNote)
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})

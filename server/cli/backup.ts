/**
 * Writes a consistent backup of all content, the profile and the admin users.
 *   bun run backup [FILE]        (default: backup-YYYYMMDD-HHMMSS.json, UTC)
 *
 * - PostgreSQL (DATABASE_URL): reads the database directly in one REPEATABLE
 *   READ, READ ONLY transaction; the server may be running.
 * - PGlite, server running: the server holds the DATA_DIR lock, so the backup
 *   is asked of the server itself over loopback, with the token it wrote to
 *   DATA_DIR/backup-access.json (readable by the same OS user only).
 * - PGlite, no server: opens DATA_DIR itself (taking the lock meanwhile).
 *
 * The file is written to a temp file, flushed, then renamed into place, with
 * mode 0600 (it holds password hashes and visitors' messages).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { backupFileName } from '../../src/domain/backup-name'
import { BACKUP_ACCESS_FILE, BACKUP_TOKEN_HEADER, readBackupAccess } from '../backup/access'
import {
  type Backup,
  BackupFormatError,
  backupSummary,
  parseBackup,
  serializeBackup,
} from '../backup/format'
import { readBackup } from '../backup/snapshot'
import { writeFileAtomic } from '../backup/write-file'
import { openDatabase } from '../db/client'
import { DataDirLockedError, dataDirLockHolder } from '../db/lock'
import { loadEnv, mediaStorageFromEnv } from '../env'
import { createMediaStore } from '../media/store'

class BackupError extends Error {}

/** Asks the running server, when one holds DATA_DIR and published its access file. */
async function fromRunningServer(dataDir: string): Promise<Backup | null> {
  const access = readBackupAccess(dataDir)
  // No file, or one left by a server that was killed (not the lock's owner, or dead).
  if (!access || dataDirLockHolder(dataDir) !== access.pid) return null
  let response: Response
  try {
    response = await fetch(`${access.url}/internal/backup`, {
      headers: { [BACKUP_TOKEN_HEADER]: access.token },
      signal: AbortSignal.timeout(120_000),
    })
  } catch (error) {
    throw new BackupError(
      `The server (pid ${access.pid}) holds ${dataDir} but did not answer at ${access.url}: ${(error as Error).message}. Try again.`,
    )
  }
  const body = await response.text()
  if (response.status !== 200) {
    throw new BackupError(
      `The server (pid ${access.pid}) refused the backup: ${response.status} ${body.slice(0, 200)}`,
    )
  }
  return parseBackup(body, { fieldRules: false })
}

async function fromDatabase(env: ReturnType<typeof loadEnv>): Promise<Backup> {
  const store = createMediaStore(mediaStorageFromEnv(env))
  if (env.DATABASE_URL) {
    const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 1 })
    try {
      return await readBackup(database.db, 'postgres', store)
    } finally {
      await database.close()
    }
  }
  if (!existsSync(join(env.DATA_DIR, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no database in ${resolve(env.DATA_DIR)}: set DATA_DIR (or DATABASE_URL).`,
    )
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR })
  try {
    return await readBackup(database.db, 'pglite', store)
  } finally {
    await database.close()
  }
}

async function main() {
  const env = loadEnv()
  const base = process.env.INIT_CWD ?? process.cwd()
  const target = resolve(base, process.argv[2] ?? backupFileName())

  let backup: Backup | null = null
  let how = env.DATABASE_URL ? 'from PostgreSQL' : `from ${resolve(env.DATA_DIR)}`
  if (!env.DATABASE_URL) {
    backup = await fromRunningServer(env.DATA_DIR)
    if (backup) how = 'from the running server'
  }
  if (!backup) {
    try {
      backup = await fromDatabase(env)
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new BackupError(
          `${error.message} That server did not publish ${join(env.DATA_DIR, BACKUP_ACCESS_FILE)} ` +
            '(it is starting, or it listens on an address other than loopback): try again, or stop it and back up.',
        )
      }
      throw error
    }
  }
  // What goes to disk must read back as a valid backup.
  const content = serializeBackup(backup)
  parseBackup(content, { fieldRules: false })
  writeFileAtomic(target, content, 0o600)
  console.log(`Backup written to ${target} (${how}): ${backupSummary(backup.tables)}.`)
}

main().catch((error: unknown) => {
  const message =
    error instanceof BackupError || error instanceof DataDirLockedError
      ? error.message
      : error instanceof BackupFormatError
        ? `the backup read is not valid: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error)
  console.error(`Backup failed: ${message}`)
  process.exit(1)
})

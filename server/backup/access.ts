/**
 * The running PGlite server's backup door. The server holds the DATA_DIR
 * lock, so `bun run backup` asks the server itself: at start the server
 * writes DATA_DIR/backup-access.json (mode 0600: the same OS user only, who
 * can read the database files anyway) holding its pid, a loopback URL and a
 * random token; `GET /internal/backup` (server/http/surfaces/backup.ts) answers only
 * requests from a loopback address, not relayed by a proxy, carrying that
 * token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from './write-file'

export const BACKUP_ACCESS_FILE = 'backup-access.json'
export const BACKUP_TOKEN_HEADER = 'x-backup-token'

export interface BackupAccess {
  pid: number
  /** Where the server answers on the loopback interface. */
  url: string
  token: string
}

const accessSchema = z.object({ pid: z.number().int(), url: z.string(), token: z.string() })

export function createBackupToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The URL a local tool uses to reach a server listening on `host`, or null when loopback cannot. */
export function loopbackUrl(host: string, port: number): string | null {
  const h = host.trim().toLowerCase()
  if (h === '' || h === '0.0.0.0' || h === 'localhost' || h.startsWith('127.')) {
    return `http://127.0.0.1:${port}`
  }
  if (h === '::' || h === '::1' || h === '[::]' || h === '[::1]') return `http://[::1]:${port}`
  return null
}

export function publishBackupAccess(dataDir: string, access: BackupAccess): void {
  writeFileAtomic(join(dataDir, BACKUP_ACCESS_FILE), `${JSON.stringify(access)}\n`, 0o600)
}

/** Removes the access file, if it is still this process's. */
export function withdrawBackupAccess(dataDir: string, pid = process.pid): void {
  const path = join(dataDir, BACKUP_ACCESS_FILE)
  if (readBackupAccess(dataDir)?.pid !== pid) return
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    const parsed = accessSchema.safeParse(
      JSON.parse(readFileSync(join(dataDir, BACKUP_ACCESS_FILE), 'utf8')),
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const a = address.toLowerCase()
  return a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.')
}

/** Whether the token a request carries is the server's (in constant time). */
export function isBackupToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

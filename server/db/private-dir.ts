import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Makes DATA_DIR readable by the server's user alone: the database files
 * hold the password hash, visitors' messages and (in pg_wal) recent writes,
 * and PGlite creates them 0666 in 0755 folders. The folder becomes 0700, so
 * no other local user can reach anything inside it, whatever the files'
 * own modes; everything already in it loses group and other permissions.
 * PGlite's file system sets the modes it wants on new files (the umask does
 * not reach them); the 0700 folder covers those until the next start
 * tightens them. The umask (0077) keeps files the server itself writes
 * private (none is meant for other local users).
 */
export function makePrivateDir(dir: string): void {
  process.umask(0o077)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  tighten(dir)
}

function tighten(path: string): void {
  const stats = lstatSync(path)
  // A link is left alone: its target is not ours to change.
  if (stats.isSymbolicLink()) return
  if ((stats.mode & 0o077) !== 0) chmodSync(path, stats.mode & 0o700)
  if (stats.isDirectory()) for (const entry of readdirSync(path)) tighten(join(path, entry))
}

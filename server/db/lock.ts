import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { makePrivateDir } from './private-dir'

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return false // a lock left by an earlier life of this very pid
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const lockPath = (dataDir: string) => join(dataDir, 'portfolio.lock')

/** The pid in a lock file (NaN if it holds none), or null when there is no file. */
function readOwner(path: string): number | null {
  try {
    return Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
  } catch {
    return null
  }
}

/** The pid of the live process that holds DATA_DIR's lock, or null (no lock, or a stale one). */
export function dataDirLockHolder(dataDir: string): number | null {
  const owner = readOwner(lockPath(dataDir))
  return owner !== null && isAlive(owner) ? owner : null
}

/**
 * Takes an exclusive lock on DATA_DIR: PGlite lets two processes open one
 * directory and both then corrupt it. The lock file is created with O_EXCL and
 * holds the owner's pid; a lock whose owner has died is taken over.
 * Returns a function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  makePrivateDir(dataDir)
  const path = lockPath(dataDir)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(path)
      if (owner === null) continue // removed between our open and read: try again
      if (isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another process (pid ${owner}). ` +
            'Stop that server first, or give this one its own DATA_DIR.',
        )
      }
      try {
        unlinkSync(path) // stale: its owner is gone
      } catch {
        // someone else removed it first
      }
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}; try again.`)
}

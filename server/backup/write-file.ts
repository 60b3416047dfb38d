import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file so that readers see the old content or the new, never a part:
 * a temp file in the same directory, flushed to disk, then renamed over.
 */
export function writeFileAtomic(path: string, content: string, mode = 0o600): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  const fd = openSync(temp, 'wx', mode)
  try {
    writeSync(fd, content)
    fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    unlinkSync(temp)
    throw error
  }
  closeSync(fd)
  try {
    renameSync(temp, path)
  } catch (error) {
    unlinkSync(temp)
    throw error
  }
  try {
    const dir = openSync(dirname(path), 'r')
    try {
      fsyncSync(dir) // the rename itself
    } finally {
      closeSync(dir)
    }
  } catch {
    // some platforms cannot fsync a directory
  }
}

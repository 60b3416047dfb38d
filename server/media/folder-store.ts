import { randomUUID } from 'node:crypto'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { checkedKey } from './keys'
import type { ByteRange, MediaStore } from './store'

/**
 * Files in one folder (DATA_DIR/media by default). A file is written under
 * a temporary name in the same folder, flushed to disk, then renamed over
 * its key: a crash leaves the old state or the whole new file, and a reader
 * never sees half of one.
 */
export function createFolderStore(dir: string): MediaStore {
  const root = resolve(dir)
  const pathOf = (key: string) => join(root, checkedKey(key))
  let ready: Promise<unknown> | undefined

  async function size(key: string): Promise<number | null> {
    try {
      const stats = await stat(pathOf(key))
      return stats.isFile() ? stats.size : null
    } catch {
      return null
    }
  }

  return {
    location: root,

    async put(key, bytes) {
      const target = pathOf(key)
      ready ??= mkdir(root, { recursive: true })
      await ready
      const temporary = join(root, `.${key}.${randomUUID()}.tmp`)
      const file = await open(temporary, 'wx', 0o644)
      try {
        await file.writeFile(bytes)
        await file.sync()
      } finally {
        await file.close()
      }
      try {
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
      // The rename itself is durable once the folder's entry is.
      const folder = await open(root, 'r')
      try {
        await folder.sync()
      } finally {
        await folder.close()
      }
    },

    size,

    get(key, range?: ByteRange) {
      const file = Bun.file(pathOf(key))
      return range ? file.slice(range.start, range.end + 1) : file
    },

    exists: async (key) => (await size(key)) !== null,

    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

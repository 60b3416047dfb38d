import type { MediaStorageConfig } from '../config'
import { createFolderStore } from './folder-store'
import { createS3Store } from './s3-store'

/** Bytes `start` to `end` of a file, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where uploaded images are kept: a folder (DATA_DIR/media) or an
 * S3-compatible bucket. Files are written once under content-hash keys
 * (server/media/keys.ts) and never change, only go.
 */
export interface MediaStore {
  /** Where the files are, for the start-up log line. */
  readonly location: string
  /** Writes a file whole: readers see the old state or the new, never part of it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>
  /**
   * The file's bytes, all or one range, read as they are sent (a missing
   * file fails then: ask `size` first).
   */
  get(key: string, range?: ByteRange): Blob | ReadableStream<Uint8Array>
  exists(key: string): Promise<boolean>
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>
}

export function createMediaStore(config: MediaStorageConfig): MediaStore {
  return config.kind === 's3' ? createS3Store(config) : createFolderStore(config.dir)
}

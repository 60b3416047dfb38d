import { S3Client } from 'bun'
import type { S3StorageConfig } from '../config'
import { checkedKey } from './keys'
import type { MediaStore } from './store'

/** S3 answers a missing key with NoSuchKey (GET) or a bare 404 (HEAD). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = 'code' in error ? String(error.code) : ''
  return code === 'NoSuchKey' || code === 'NotFound' || /\b404\b/.test(error.message)
}

/**
 * An S3-compatible bucket, through Bun's own client (`S3Client` from 'bun').
 * An object appears whole when its upload completes, so writes are atomic
 * by nature. Reads stream from the bucket; a range is a ranged GET.
 */
export function createS3Store(config: S3StorageConfig): MediaStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    bucket: config.bucket,
    region: config.region,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
  })

  async function size(key: string): Promise<number | null> {
    try {
      return (await client.file(checkedKey(key)).stat()).size
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  return {
    location: `s3 bucket ${config.bucket} at ${config.endpoint}`,

    async put(key, bytes, contentType) {
      await client.write(checkedKey(key), bytes, { type: contentType })
    },

    size,

    get(key, range) {
      const file = client.file(checkedKey(key))
      return (range ? file.slice(range.start, range.end + 1) : file).stream()
    },

    exists: (key) => client.exists(checkedKey(key)),

    async delete(key) {
      try {
        await client.delete(checkedKey(key))
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    },
  }
}

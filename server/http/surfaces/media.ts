import { contentTypeOfKey, MEDIA_PATH } from '../../media/keys'
import type { ByteRange, MediaStore } from '../../media/store'
import { messages } from '../../messages'
import { jsonError } from '../../trpc/errors'
import { matchesIfNoneMatch } from '../infra/conditional'

/** A stored file never changes (its name is its content's hash): browsers and CDNs keep it. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The one range of a `Range: bytes=…` header: `a-b`, `a-` or the last `-n`
 * bytes. Null: send the whole file (no header, another unit, several
 * ranges, a malformed one); `unsatisfiable`: it starts past the end (416).
 */
export function parseRange(
  header: string | null,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    const length = Number(last)
    return length === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}

const notFound = () => jsonError(404, messages.notFound, {}, { 'cache-control': 'no-store' })

/**
 * `GET`/`HEAD /media/<key>`: an uploaded image from the media store (a
 * folder or a bucket, streamed), with its type, a year of caching, an ETag
 * (the key: the file never changes), and single byte ranges. Only names of
 * the store's own form are looked up (server/media/keys.ts); anything
 * else, a traversal attempt included, is a 404.
 */
export async function serveMedia(request: Request, store: MediaStore): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return jsonError(405, messages.methodNotAllowed, {}, { allow: 'GET, HEAD' })
  }
  const key = new URL(request.url).pathname.slice(MEDIA_PATH.length)
  const contentType = contentTypeOfKey(key)
  if (!contentType) return notFound()
  const size = await store.size(key)
  if (size === null) return notFound()

  const etag = `"${key}"`
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': IMMUTABLE,
    etag,
    'accept-ranges': 'bytes',
  }
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers })
  }
  // If-Range: the range only if the client's copy is this file (a strong match).
  const ifRange = request.headers.get('if-range')
  const range =
    ifRange === null || ifRange === etag ? parseRange(request.headers.get('range'), size) : null
  if (range === 'unsatisfiable') {
    return jsonError(
      416,
      'The requested range is not satisfiable.',
      {},
      {
        'accept-ranges': 'bytes',
        'content-range': `bytes */${size}`,
      },
    )
  }
  const status = range ? 206 : 200
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`
  headers['content-length'] = String(range ? range.end - range.start + 1 : size)
  const body = request.method === 'HEAD' ? null : store.get(key, range ?? undefined)
  return new Response(body, { status, headers })
}

/**
 * Conditional requests (RFC 9110 §13): the weak ETag of a body and the
 * If-None-Match check that turns a repeat request into a 304 (the response
 * cache, the built files), and If-Modified-Since for answers that carry a
 * Last-Modified (the feeds).
 */
import type { Bytes } from './compress'

/** A weak validator from the body's bytes: the same bytes, the same tag, on every instance. */
export function etagOf(body: Bytes): string {
  const hash = new Bun.CryptoHasher('sha256').update(body).digest('base64url').slice(0, 27)
  return `W/"${hash}"`
}

/** Weak comparison (RFC 9110 §13.1.2): a list of tags, or `*`. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === opaque
  })
}

/**
 * `If-Modified-Since` (RFC 9110 §13.1.3), for readers that send no ETag:
 * a 304 when the answer has not changed since. Ignored beside `If-None-Match`.
 */
export function notModifiedSince(request: Request, response: Response): Response {
  const since = request.headers.get('if-modified-since')
  const lastModified = response.headers.get('last-modified')
  if (response.status !== 200 || !since || !lastModified) return response
  if (request.headers.has('if-none-match')) return response
  const sinceMs = Date.parse(since)
  if (Number.isNaN(sinceMs) || Date.parse(lastModified) > sinceMs) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(null, { status: 304, headers })
}

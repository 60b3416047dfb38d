/**
 * Conditional requests (RFC 9110 §13): the weak ETag of a body and the
 * If-None-Match check that turns a repeat request into a 304. Used by the
 * response cache and by the built files.
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

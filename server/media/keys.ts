/**
 * How stored files are named: by the SHA-256 of the uploaded bytes, so the
 * same upload is the same set of files wherever it is stored. The
 * full-size fallback is `<hash>.<jpg|png|gif>`, a resized variant
 * `<hash>-<width>.webp`. The uploaded CV (a PDF, not an image of the
 * library) is `<hash>.pdf`. Nothing else is ever a key: a request for any
 * other name (a traversal attempt, a stray file) is unknown.
 */

const keyPattern = /^([0-9a-f]{64})(?:-([1-9]\d{0,4}))?\.(jpg|png|gif|webp)$/

export type MediaExtension = 'jpg' | 'png' | 'gif' | 'webp'

/** The content type of each extension a key can have. */
export const contentTypes: Record<MediaExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
}

/** Where the media route serves the files (server/http/surfaces/media.ts). */
export const MEDIA_PATH = '/media/'

function isExtension(value: string | undefined): value is MediaExtension {
  return value !== undefined && Object.hasOwn(contentTypes, value)
}

const documentPattern = /^[0-9a-f]{64}\.pdf$/

/** An image of the media library (a full-size file or a variant). */
export function isMediaKey(key: string): boolean {
  return keyPattern.test(key)
}

/** A stored PDF document (the uploaded CV): `<hash>.pdf`. */
export function documentKey(hash: string): string {
  return `${hash}.pdf`
}

/** A stored PDF document's key (the uploaded CV). */
export function isDocumentKey(key: string): boolean {
  return documentPattern.test(key)
}

/** The key itself; throws for anything else, so no other name reaches a file system or bucket. */
export function checkedKey(key: string): string {
  if (!isMediaKey(key) && !documentPattern.test(key)) {
    throw new Error(`not a media key: ${JSON.stringify(key)}`)
  }
  return key
}

/** The content type a key is served with, or null when it is not a key. */
export function contentTypeOfKey(key: string): string | null {
  if (documentPattern.test(key)) return 'application/pdf'
  const extension = keyPattern.exec(key)?.[3]
  return isExtension(extension) ? contentTypes[extension] : null
}

export function fullKey(hash: string, extension: MediaExtension): string {
  return `${hash}.${extension}`
}

export function variantKey(hash: string, width: number): string {
  return `${hash}-${width}.webp`
}

/** The site-relative URL of a stored file. */
export function mediaUrl(key: string): string {
  return `${MEDIA_PATH}${key}`
}

/**
 * The key of a site-relative media URL (`/media/<key>`) and the hash it
 * belongs to, or null for any other URL (external images, other paths).
 */
export function keyOfUrl(url: string): { key: string; hash: string } | null {
  if (!url.startsWith(MEDIA_PATH)) return null
  const key = url.slice(MEDIA_PATH.length)
  const hash = keyPattern.exec(key)?.[1]
  return hash ? { key, hash } : null
}

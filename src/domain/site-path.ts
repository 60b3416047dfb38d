/** Any origin will do: only the path a browser would resolve matters. */
const base = 'http://site.invalid'

/**
 * A share link's target in the one form a browser resolves it to, or null
 * when it may not lead there. It must be a path on this site: it starts
 * with one `/` (`//evil.example` and `/\evil` are protocol-relative to a
 * browser), without spaces or control characters. It is then resolved with
 * the URL parser, as a browser resolves the redirect (`.` and `..` segments,
 * `%2e` as a dot), and refused when the result would not be one plain path
 * of this site: two slashes anywhere (`/.//evil.example` becomes
 * `//evil.example`), an encoded slash or backslash (no page of the site has
 * one), or a private area (the admin, sign-in, the API doors, share links),
 * compared after percent-decoding, so `/%61dmin` is `/admin`. A query string
 * or fragment may follow the path.
 */
export function normalSitePath(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//')) return null
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return null
  }
  if (url.origin !== base) return null
  const path = url.pathname
  if (!path.startsWith('/') || path.includes('//') || /%(2f|5c)/i.test(path)) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(path).toLowerCase()
  } catch {
    return null
  }
  if (/^\/(admin|login|setup|api|trpc|internal|r)(\/|$)/.test(decoded)) return null
  return `${path}${url.search}${url.hash}`
}

/** Whether a share link may lead here (see `normalSitePath`). */
export function isPublicSitePath(value: string): boolean {
  return normalSitePath(value) !== null
}

/**
 * Whether a share link may lead here: a path on this site (it starts with
 * one `/`, so no scheme and no other host: `//evil.example` and `/\evil`
 * are protocol-relative to a browser), without spaces or control
 * characters, and not a private area (the admin, sign-in, the API doors).
 * A query string or fragment may follow the path.
 */
export function isPublicSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return false
  const path = (value.split(/[?#]/, 1)[0] ?? '').toLowerCase()
  return !/^\/(admin|login|setup|api|trpc|internal|r)(\/|$)/.test(path)
}

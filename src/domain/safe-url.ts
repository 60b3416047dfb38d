/**
 * The only links the site stores or renders: absolute http(s) URLs and
 * site-relative paths (`/img/me.png`). Protocol-relative `//host` URLs and
 * every other scheme (`javascript:`, `data:`, `file:`…) are refused.
 */
export function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) {
    return !value.startsWith('//') && !value.startsWith('/\\') && !/[\s]/.test(value)
  }
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** The URL when it is safe to render, otherwise null (the caller leaves it out). */
export function safeUrlOrNull(value: string | null | undefined): string | null {
  return value && isSafeUrl(value) ? value : null
}

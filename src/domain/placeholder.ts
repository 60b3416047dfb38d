/**
 * What an image placeholder may be: a small WebP (what uploads get) or PNG
 * (what earlier versions stored) as a base64 data: URL, nothing else. It is
 * written into a CSS `url("…")` in a `style` attribute, so a quote, a
 * parenthesis or a semicolon in it would end the URL and start rules of
 * its own (a full-page overlay, a request to another host): the alphabet
 * below has none of them. 16 KB is far above any placeholder made here
 * (80–150 bytes; older PNGs up to 2.2 KB).
 */
export const placeholderPattern = /^data:image\/(webp|png);base64,[A-Za-z0-9+/=]+$/
export const PLACEHOLDER_MAX_LENGTH = 16_384

export function isPlaceholder(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= PLACEHOLDER_MAX_LENGTH &&
    placeholderPattern.test(value)
  )
}

/** The CSS background of a placeholder, or none when the value is not one (written by hand). */
export function placeholderBackground(value: unknown): string | undefined {
  return isPlaceholder(value) ? `url("${value}")` : undefined
}

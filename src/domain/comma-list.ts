/**
 * The list fields of the admin forms (tags, image URLs, timeline bullets).
 * The spec splits them on commas; a bullet such as "Used by 40,000 riders"
 * then breaks in two. So: one item per line once the text has a line break,
 * and commas only for text on a single line (pasting `a, b, c` still works).
 * Items are trimmed and empty ones dropped.
 */
export function splitCommaList(value: string): string[] {
  const separator = /\r?\n|\r/.test(value) ? /\r?\n|\r/ : ','
  return value
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/**
 * The text an edit form starts from: each item on its own line, so every
 * item survives a round trip through `splitCommaList` unchanged. A single
 * item holding a comma ends with a line break for the same reason.
 */
export function joinCommaList(items: readonly string[]): string {
  const text = items.join('\n')
  return items.length === 1 && text.includes(',') ? `${text}\n` : text
}

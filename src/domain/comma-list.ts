/**
 * The list fields of the admin forms (tags, image URLs, timeline bullets,
 * skills). The spec splits them on commas; a bullet such as "Used by 40,000
 * riders" then broke in two. So: one item per line once the text has a line
 * break; on a single line, commas split, except a comma between two digits
 * ("40,000", "1,5 M"), which is part of a number. Items are trimmed and
 * empty ones dropped.
 */
export const lineBreak = /\r?\n|\r/
/** A comma not between two digits. */
const separatingComma = /(?<!\d),|,(?!\d)/

export function splitCommaList(value: string): string[] {
  const separator = lineBreak.test(value) ? lineBreak : separatingComma
  return value
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/**
 * The text an edit form starts from: each item on its own line, so every
 * item survives a round trip through `splitCommaList` unchanged. A single
 * item holding a separating comma ends with a line break for the same reason.
 */
export function joinCommaList(items: readonly string[]): string {
  const text = items.join('\n')
  return items.length === 1 && separatingComma.test(text) ? `${text}\n` : text
}

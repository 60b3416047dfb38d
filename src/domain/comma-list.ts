/** Splits a comma-separated form field: items trimmed, empty items dropped. */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/** The inverse used to prefill edit forms. */
export function joinCommaList(items: readonly string[]): string {
  return items.join(', ')
}

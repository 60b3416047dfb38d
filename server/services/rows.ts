/** Timestamps leave the server as ISO strings, the same on both doors. */
export function iso(date: Date): string {
  return date.toISOString()
}

/** Postgres error code of a driver error (postgres.js and PGlite both expose `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (
      'code' in current &&
      typeof current.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(current.code)
    ) {
      return current.code
    }
    current = 'cause' in current ? current.cause : undefined
  }
  return undefined
}

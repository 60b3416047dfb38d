/**
 * A route's query parameters without zod (it stays out of the public
 * bundle): `validateSearch: textParams('tag')` keeps each named parameter
 * that holds text, and nothing else. The server's page cache reads `names`
 * (server/http/pages/addresses.ts), so a page is kept by exactly these parameters.
 */
export function textParams<K extends string>(...names: K[]) {
  return {
    names,
    parse(input: Record<string, unknown>): { [P in K]?: string } {
      const read: { [P in K]?: string } = {}
      for (const name of names) {
        const value = input[name]
        // The router reads `?tag=2024` as a number: it is still the text the visitor typed.
        const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
        if (typeof text === 'string' && text.trim()) read[name] = text.trim()
      }
      return read
    },
  }
}

/**
 * Like textParams, for whole numbers: `validateSearch: wholeNumberParams('days')`
 * reads `?days=7` as 7 and drops anything else, and links write `?days=7`
 * (a string would be written as `?days=%227%22`).
 */
export function wholeNumberParams<K extends string>(...names: K[]) {
  return {
    names,
    parse(input: Record<string, unknown>): { [P in K]?: number } {
      const read: { [P in K]?: number } = {}
      for (const name of names) {
        const value = input[name]
        const number = typeof value === 'string' && value.trim() ? Number(value) : value
        if (typeof number === 'number' && Number.isSafeInteger(number)) read[name] = number
      }
      return read
    },
  }
}

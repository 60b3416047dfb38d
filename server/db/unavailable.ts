const connectionCodes = new Set([
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now
  '57P01',
  '57P02',
  '57P03',
])

/**
 * Whether an error means "the database cannot be reached right now" (as
 * opposed to a bad query): such failures answer 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = 'code' in current ? String(current.code) : ''
    if (connectionCodes.has(code) || code.startsWith('08')) return true
    const message = 'message' in current ? String(current.message) : ''
    if (/PGlite is closed|database system is (shutting down|starting up)/i.test(message))
      return true
    if ('errors' in current && Array.isArray(current.errors)) {
      // AggregateError from a connect attempt to several addresses
      if (current.errors.some((inner) => isDatabaseUnavailable(inner))) return true
    }
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}

/**
 * Reading tRPC client errors without importing @trpc/client: public pages
 * load the tRPC client lazily, so these checks go by the error's name and
 * shape rather than by `instanceof`.
 */
export interface ClientError extends Error {
  name: 'TRPCClientError'
  data?: unknown
  meta?: unknown
}

export function isClientError(error: unknown): error is ClientError {
  return error instanceof Error && error.name === 'TRPCClientError'
}

/** The HTTP status of a failed call, or null when the server was never reached. */
export function httpStatusOf(error: unknown): number | null {
  if (!isClientError(error)) return null
  const data = error.data
  const status =
    typeof data === 'object' && data !== null && 'httpStatus' in data ? data.httpStatus : null
  return typeof status === 'number' ? status : null
}

/** The server's readable message, when the server answered. */
export function serverMessageOf(error: unknown): string | null {
  if (isClientError(error) && httpStatusOf(error) !== null) return error.message || null
  return null
}

/**
 * The first message per field of an input the server refused (its 400
 * carries `fields`: `{ field: [messages] }`), or null.
 */
export function serverFieldsOf(error: unknown): Record<string, string> | null {
  if (!isClientError(error)) return null
  const data = error.data
  const fields = typeof data === 'object' && data !== null && 'fields' in data ? data.fields : null
  if (typeof fields !== 'object' || fields === null) return null
  const byField: Record<string, string> = {}
  for (const [key, messages] of Object.entries(fields)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : messages
    if (typeof first === 'string') byField[key] = first
  }
  return Object.keys(byField).length > 0 ? byField : null
}

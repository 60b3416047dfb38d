import { httpStatusOf, isClientError, serverMessageOf } from './api-errors'

/** The spec's text for a call that never reached the server. */
export const NETWORK_ERROR_TEXT = 'An error occurred. Please try again later.'

/**
 * Whether the server answered at all. A body that is not tRPC JSON (an empty
 * 401, a proxy's HTML page) still counts as an answer: only a failed fetch
 * (offline, refused, aborted) is a network failure.
 */
export function serverAnswered(error: unknown): boolean {
  if (httpStatusOf(error) !== null) return true
  if (!isClientError(error)) return false
  const meta: unknown = error.meta
  const hasResponse = typeof meta === 'object' && meta !== null && 'response' in meta
  return hasResponse || error.cause instanceof SyntaxError
}

/** What to show for a failed call: the server's words, the fallback, or the network text. */
export function failureText(error: unknown, fallback: string): string {
  if (!serverAnswered(error)) return NETWORK_ERROR_TEXT
  return serverMessageOf(error) || fallback
}

export function isUnauthorized(error: unknown): boolean {
  return httpStatusOf(error) === 401
}

import { TRPCError } from '@trpc/server'
import { RateLimited } from './rate-limit'

interface IssueLike {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>
  message: string
}

function issuesOf(error: unknown): IssueLike[] | null {
  const cause = error instanceof TRPCError ? error.cause : error
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)) {
    return cause.issues as IssueLike[]
  }
  return null
}

function pathKey(issue: IssueLike): string {
  return (issue.path ?? [])
    .map((part) => (typeof part === 'object' && part !== null ? String(part.key) : String(part)))
    .join('.')
}

/** The failing fields of a validation error, as `{ field: [messages] }`. */
export function validationFields(error: unknown): Record<string, string[]> | null {
  const issues = issuesOf(error)
  if (!issues) return null
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = pathKey(issue) || '_'
    const messages = fields[key] ?? []
    messages.push(issue.message)
    fields[key] = messages
  }
  return fields
}

/** One readable sentence for a validation error: its messages, deduplicated. */
export function validationMessage(error: unknown): string | null {
  const issues = issuesOf(error)
  if (!issues) return null
  const messages = [...new Set(issues.map((issue) => issue.message.trim()))]
  const text = messages.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`))
  return text.join(' ') || 'The request is invalid.'
}

const genericMessages: Partial<Record<TRPCError['code'], string>> = {
  INTERNAL_SERVER_ERROR: 'Something went wrong on our side. Please try again later.',
  PARSE_ERROR: 'The request body is not valid JSON.',
  NOT_FOUND: 'Not found.',
  UNAUTHORIZED: 'You need to sign in to do this.',
  METHOD_NOT_SUPPORTED: 'This method is not allowed here.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
}

/**
 * The message a client may see. Errors we did not throw on purpose (a driver
 * error, a bug) are never shown: their text can hold SQL or stack details.
 */
export function publicMessage(error: TRPCError): string {
  const validation = validationMessage(error)
  if (validation) return validation
  if (error.code === 'INTERNAL_SERVER_ERROR') return genericMessages.INTERNAL_SERVER_ERROR as string
  if (error.cause && !(error.cause instanceof TRPCError) && !(error.cause instanceof RateLimited)) {
    // A TRPCError wrapping a foreign error: keep the generic text for its code.
    return genericMessages[error.code] ?? 'The request could not be completed.'
  }
  return error.message || genericMessages[error.code] || 'The request could not be completed.'
}

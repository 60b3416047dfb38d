import { TRPCError } from '@trpc/server'
import { isDatabaseUnavailable } from '../db/unavailable'
import {
  ConflictError,
  ForbiddenError,
  InvalidCredentialsError,
  NotFoundError,
  RateLimitedError,
  ServiceError,
  TooLargeError,
  UnavailableError,
  UnsupportedTypeError,
} from '../errors'
import { messages } from '../messages'

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
    const list = fields[key] ?? []
    list.push(issue.message)
    fields[key] = list
  }
  return fields
}

/** One readable sentence for a validation error: its messages, deduplicated. */
export function validationMessage(error: unknown): string | null {
  const issues = issuesOf(error)
  if (!issues) return null
  const unique = [...new Set(issues.map((issue) => issue.message.trim()))]
  const text = unique.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`))
  return text.join(' ') || 'The request is invalid.'
}

/** What a client reads for each kind of failure when no more specific sentence applies. */
const messageByCode: Partial<Record<TRPCError['code'], string>> = {
  INTERNAL_SERVER_ERROR: messages.internal,
  SERVICE_UNAVAILABLE: messages.unavailable,
  PARSE_ERROR: messages.notJson,
  NOT_FOUND: messages.notFound,
  UNAUTHORIZED: messages.signInRequired,
  METHOD_NOT_SUPPORTED: messages.methodNotAllowed,
  PAYLOAD_TOO_LARGE: messages.tooLarge,
  UNSUPPORTED_MEDIA_TYPE: messages.mustBeJson,
  TOO_MANY_REQUESTS: messages.tooManyRequests,
}

/** The tRPC code of each failure a service throws on purpose. */
function codeOf(error: ServiceError): TRPCError['code'] {
  if (error instanceof NotFoundError) return 'NOT_FOUND'
  if (error instanceof ConflictError) return 'CONFLICT'
  if (error instanceof ForbiddenError) return 'FORBIDDEN'
  if (error instanceof InvalidCredentialsError) return 'UNAUTHORIZED'
  if (error instanceof RateLimitedError) return 'TOO_MANY_REQUESTS'
  if (error instanceof UnavailableError) return 'SERVICE_UNAVAILABLE'
  if (error instanceof UnsupportedTypeError) return 'UNSUPPORTED_MEDIA_TYPE'
  if (error instanceof TooLargeError) return 'PAYLOAD_TOO_LARGE'
  // InvalidInputError, and any other failure of the request's own making.
  return 'BAD_REQUEST'
}

/**
 * The one mapping from what a procedure (or anything the doors call) threw
 * to a TRPCError: the project's own errors get their code and keep their
 * message, a database that cannot be reached is a 503 (retry soon, not a
 * 500), anything else is an internal error whose text is never shown.
 */
export function toTrpcError(error: unknown): TRPCError {
  // A procedure that threw something else reaches us wrapped by tRPC.
  const thrown =
    error instanceof TRPCError && error.code === 'INTERNAL_SERVER_ERROR' && error.cause
      ? error.cause
      : error
  if (thrown instanceof TRPCError) return thrown
  if (thrown instanceof ServiceError) {
    return new TRPCError({ code: codeOf(thrown), message: thrown.message, cause: thrown })
  }
  if (isDatabaseUnavailable(thrown)) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: messages.unavailable,
      cause: thrown,
    })
  }
  return error instanceof TRPCError
    ? error
    : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: thrown })
}

/** Seconds a client should wait before trying again, when the failure says so. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof TRPCError)) return null
  if (error.cause instanceof RateLimitedError) return error.cause.retryAfterSeconds
  if (error.code === 'SERVICE_UNAVAILABLE') return 5
  return null
}

/**
 * The message a client may see. Errors we did not throw on purpose (a driver
 * error, a bug) are never shown: their text can hold SQL or stack details.
 */
export function publicMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return messages.internal
  const validation = validationMessage(error)
  if (validation) return validation
  const ours =
    !error.cause || error.cause instanceof TRPCError || error.cause instanceof ServiceError
  if (!ours) return messageByCode[error.code] ?? messages.notCompleted
  return error.message || messageByCode[error.code] || messages.notCompleted
}

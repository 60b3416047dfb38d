/**
 * What every failure looks like, in one place: the mapping from what was
 * thrown to a tRPC code and a sentence (`toTrpcError`, `publicMessage`,
 * `validationFields`), and every error body the server sends: tRPC's shape
 * (`trpcErrorShape`, the formatter's and the tRPC door's own refusals), the
 * REST door's `{ error, fields }` (`jsonError`, `errorResponse`), the HTML
 * page of a page that failed (`errorPageHtml`) and the answer to a failure
 * nobody caught (`unhandledResponse`: Elysia's error hook, Bun's error
 * handler). A failure answered 5xx is logged here, once (`logFailure`).
 */
import { type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc'
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
  VersionConflictError,
} from '../errors'
import { errorDetails, type Logger } from '../log'
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
  // A Map, then own properties: a field named `constructor` or `__proto__` is just a name.
  const fields = new Map<string, string[]>()
  for (const issue of issues) {
    const key = pathKey(issue) || '_'
    const list = fields.get(key) ?? []
    list.push(issue.message)
    fields.set(key, list)
  }
  return Object.fromEntries(fields)
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

/** Who is asking: the request's id and the logger its failure goes to. */
export interface FailureContext {
  log: Logger
  requestId: string | null
}

/** Errors (and their causes) already logged: a failure seen by two hooks is one line. */
const logged = new WeakSet<object>()

function causesOf(error: unknown): object[] {
  const chain: object[] = []
  let current: unknown = error
  while (current && typeof current === 'object' && !chain.includes(current)) {
    chain.push(current)
    current = 'cause' in current ? current.cause : undefined
  }
  return chain
}

/**
 * Logs a failure the client is told about as a 5xx, once: the first place
 * that sees it (a door, the page renderer, Elysia's hook, Bun's handler)
 * writes the line, the others find the same error (or one wrapping it) and
 * write nothing.
 */
export function logFailure(
  error: unknown,
  ctx: FailureContext,
  details: Record<string, unknown> = {},
): void {
  const chain = causesOf(error)
  if (chain.some((link) => logged.has(link))) return
  for (const link of chain) logged.add(link)
  const root = chain.at(-1) ?? error
  ctx.log.error('request failed', { request_id: ctx.requestId, ...details, ...errorDetails(root) })
}

/** Both versions of a save refused as a version conflict (`{ current, yours }`), else null. */
export function versionConflictOf(error: unknown): { current: unknown; yours: unknown } | null {
  const cause = error instanceof TRPCError ? error.cause : error
  if (!(cause instanceof VersionConflictError)) return null
  return { current: cause.current, yours: cause.yours }
}

/** tRPC's error shape (what its client reads), with our sentence, `fields` and request id. */
export function trpcErrorShape(error: TRPCError, requestId: string | null, path?: string) {
  const conflict = versionConflictOf(error)
  return {
    message: publicMessage(error),
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: {
      code: error.code,
      httpStatus: getHTTPStatusCodeFromError(error),
      ...(path === undefined ? {} : { path }),
      fields: validationFields(error),
      request_id: requestId,
      // A version conflict: the stored version and the one sent, for the form's dialog.
      ...(conflict ? { conflict } : {}),
    },
  }
}

/** The tRPC door's refusal of a request before tRPC reads it (too large, not JSON), in tRPC's shape. */
export function trpcErrorResponse(
  code: TRPC_ERROR_CODE_KEY,
  message: string,
  requestId: string,
): Response {
  const error = new TRPCError({ code, message })
  return Response.json(
    { error: trpcErrorShape(error, requestId) },
    { status: getHTTPStatusCodeFromError(error) },
  )
}

/** The REST shape, `{ error }` (and `fields`, `request_id` where they apply): every JSON error of /api and the files. */
export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error, ...extra }, { status, headers })
}

/** A thrown error as the REST answer: its status, sentence, `fields`, `Retry-After`, `WWW-Authenticate`. */
export function errorResponse(error: unknown, ctx: FailureContext): Response {
  const trpcError = toTrpcError(error)
  const status = getHTTPStatusCodeFromError(trpcError)
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {}
  const retryAfter = retryAfterOf(trpcError)
  if (retryAfter !== null) headers['retry-after'] = String(retryAfter)
  if (status >= 500) {
    logFailure(trpcError, ctx, { status })
    return jsonError(status, publicMessage(trpcError), { request_id: ctx.requestId }, headers)
  }
  const fields = validationFields(trpcError)
  const conflict = versionConflictOf(trpcError)
  const extra = { ...(fields ? { fields } : {}), ...(conflict ?? {}) }
  return jsonError(status, publicMessage(trpcError), extra, headers)
}

/** The 503 of a database that cannot be reached, or undefined for any other failure. */
export function unavailableResponse(error: unknown, ctx: FailureContext): Response | undefined {
  if (!isDatabaseUnavailable(error)) return undefined
  return errorResponse(new UnavailableError(messages.unavailable, { cause: error }), ctx)
}

/** A failure nobody answered (a bug in the edge itself): logged once, a generic 500. */
export function unhandledResponse(
  error: unknown,
  ctx: FailureContext,
  details: Record<string, unknown> = {},
): Response {
  logFailure(error, ctx, { status: 500, ...details })
  return jsonError(
    500,
    messages.internal,
    ctx.requestId === null ? {} : { request_id: ctx.requestId },
  )
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The page of a page that could not be rendered: plain HTML, no scripts, the error page's words. */
export function errorPageHtml(requestId: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title></head><body><main><h1>Unexpected Application Error!</h1><p>Something went wrong while loading this page. Please try again in a moment.</p><p><a href="/">Go back home</a></p><p><small>Request ${escapeHtml(requestId)}</small></p></main></body></html>`
}

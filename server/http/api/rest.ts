import { callTRPCProcedure, type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server'
import { messages } from '../../messages'
import type { Context } from '../../trpc/context'
import {
  largestDeclaredBody,
  matchRoute,
  type RestEndpoint,
  restEndpoints,
} from '../../trpc/endpoints'
import { errorResponse, jsonError } from '../../trpc/errors'
import { sharesCachedAnswer } from '../../trpc/meta'
import { appRouter } from '../../trpc/root'
import {
  type BodyFailure,
  isJsonContentType,
  MAX_BODY_BYTES,
  MULTIPART_FRAMING_BYTES,
  parseJsonObject,
  readBody,
  readForm,
} from '../infra/body'
import { withDeviceCookie } from '../infra/device-cookie'

/** The path's segments, decoded; null when one is not valid percent-encoding. */
function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return null
  }
}

const parameterCount = (route: RestEndpoint) =>
  route.segments.filter((segment) => segment.startsWith(':')).length

/** The REST route a GET or HEAD of this path reaches, if any (a literal segment wins). */
export function restReadAt(pathname: string): RestEndpoint | undefined {
  const segments = segmentsOf(pathname)
  if (!segments) return undefined
  return restEndpoints
    .filter((route) => route.rest.method === 'GET' && matchRoute(segments, route) !== null)
    .sort((a, b) => parameterCount(a) - parameterCount(b))[0]
}

/**
 * Whether a GET or HEAD of this path is a public read: the same answer for
 * everyone until the content changes, so it may be cached and revalidated.
 */
export function isPublicRead(pathname: string): boolean {
  return restReadAt(pathname)?.meta.cache !== undefined
}

/**
 * The cache key of a GET or HEAD of a public read: its path, the only input
 * this door reads (the query string never is, and a public procedure never
 * reads the token). Undefined when the answer is not shared: not a public
 * read, or one declared `public-unless-signed-in` asked with a token.
 */
export function publicReadKey(pathname: string, signedIn: boolean): string | undefined {
  const policy = restReadAt(pathname)?.meta.cache
  return sharesCachedAnswer(policy, signedIn) ? pathname : undefined
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH'])

/** The largest request body the REST door reads, framing included: Bun.serve's own limit follows. */
export const largestRequestBody = Math.max(
  MAX_BODY_BYTES,
  largestDeclaredBody + MULTIPART_FRAMING_BYTES,
)

const codeOfStatus = {
  400: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
} as const satisfies Record<BodyFailure['status'], TRPC_ERROR_CODE_KEY>

const refused = (failure: Omit<BodyFailure, 'ok'>) =>
  new TRPCError({ code: codeOfStatus[failure.status], message: failure.message })

/** The issues of a body refused for one field: the answer's `fields` names it, as a 400's does. */
class FieldRefusal extends Error {
  readonly issues: { path: string[]; message: string }[]
  constructor(field: string, message: string) {
    super(message)
    this.issues = [{ path: [field], message }]
  }
}

/** A multipart body over its limit, said as the route declares: its sentence, under its field. */
function refusedForm(failure: BodyFailure, declared: RestEndpoint['rest']['body']): TRPCError {
  if (failure.status !== 413 || !declared?.field) return refused(failure)
  const message = declared.tooLarge ?? failure.message
  return new TRPCError({
    code: codeOfStatus[413],
    message,
    cause: new FieldRefusal(declared.field, message),
  })
}

/**
 * The procedure's raw input: the path's parameters over the JSON body's
 * fields, or set on the form of a multipart route (its FormData is the
 * input). tRPC asks for it after the middleware, so a body is read only
 * for a request that passed the sign-in check.
 */
async function rawInput(
  request: Request,
  route: RestEndpoint,
  params: Record<string, string>,
): Promise<unknown> {
  if (!bodyMethods.has(request.method)) {
    if (!route.rest.query) return params
    const query = new Map<string, string>()
    for (const [name, value] of new URL(request.url).searchParams) {
      if (!query.has(name)) query.set(name, value)
    }
    return { ...Object.fromEntries(query), ...params }
  }
  const declared = route.rest.body
  const limit = declared?.maxBytes ?? MAX_BODY_BYTES
  if (declared?.type === 'multipart') {
    const form = await readForm(request, limit)
    if (!form.ok) throw refusedForm(form, declared)
    for (const [name, value] of Object.entries(params)) form.value.set(name, value)
    return form.value
  }
  const read = await readBody(request, limit)
  if (!read.ok) throw refused(read)
  if (read.value.trim() !== '' && !isJsonContentType(request)) {
    throw refused({ status: 415, message: messages.mustBeJson })
  }
  const parsed = parseJsonObject(read.value)
  if (!parsed.ok) throw refused(parsed)
  const version = route.rest.versioned ? ifMatchVersion(request, parsed.value) : undefined
  return { ...parsed.value, ...(version === undefined ? {} : { version }), ...params }
}

/**
 * The version an `If-Match` header names, for a save of a versioned row:
 * `"<version>"` (the ETag a signed-in read answers; `W/` is taken too) or
 * `*` (any version: no check). Beside a body's `version`, both must agree.
 */
function ifMatchVersion(request: Request, body: Record<string, unknown>): number | undefined {
  const header = request.headers.get('if-match')?.trim()
  if (!header || header === '*') return undefined
  const match = /^(?:W\/)?"(\d{1,16})"$/.exec(header)
  if (!match?.[1]) throw refused({ status: 400, message: messages.ifMatchInvalid })
  const version = Number(match[1])
  if (body.version !== undefined && body.version !== version) {
    throw refused({ status: 400, message: messages.ifMatchDiffers })
  }
  return version
}

/**
 * The `ETag` of an answer that is one versioned row (`version` in its
 * body): `"<version>"`, what `If-Match` sends back. An answer the response
 * cache shares gets the cache's own tag of its bytes instead.
 */
function versionTag(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined
  const version = 'version' in data ? data.version : undefined
  return typeof version === 'number' && Number.isSafeInteger(version) ? `"${version}"` : undefined
}

/**
 * The REST door: finds the route the procedures declare (server/trpc/meta.ts)
 * and calls the same procedure the tRPC door would, with the body read and
 * checked (http/body.ts: 413, 415, 400) when the procedure takes input.
 */
export async function handleRest(request: Request, ctx: Context): Promise<Response> {
  const segments = segmentsOf(new URL(request.url).pathname)
  if (!segments) return jsonError(400, messages.invalidUrl)
  const candidates = restEndpoints.flatMap((route) => {
    const params = matchRoute(segments, route)
    return params ? [{ route, params }] : []
  })
  if (candidates.length === 0) return jsonError(404, messages.noApiEndpoint)
  const method = request.method === 'HEAD' ? 'GET' : request.method
  // A literal segment wins over a parameter: PUT /api/projects/order is the
  // reorder, not an update of the project with the id "order".
  const found = candidates
    .filter((entry) => entry.route.rest.method === method)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length)[0]
  if (!found) {
    const allowed = [...new Set(candidates.map((entry) => entry.route.rest.method))].join(', ')
    return jsonError(
      405,
      `This endpoint does not accept ${request.method}.`,
      {},
      { allow: allowed },
    )
  }
  const cookies = new Headers()
  const called = await callRoute(request, ctx, found, cookies)
  if (!called.ok) return called.response
  const status = found.route.rest.status
  const response =
    status === 204 ? new Response(null, { status }) : Response.json(called.data ?? null, { status })
  const etag = status === 204 ? undefined : versionTag(called.data)
  if (etag) response.headers.set('etag', etag)
  for (const cookie of cookies.getSetCookie()) response.headers.append('set-cookie', cookie)
  return response
}

type Called = { ok: true; data: unknown } | { ok: false; response: Response }

/** The route's procedure, called as tRPC would: its middlewares, input parser and output. */
async function callRoute(
  request: Request,
  ctx: Context,
  { route, params }: { route: RestEndpoint; params: Record<string, string> },
  cookies: Headers,
): Promise<Called> {
  try {
    const data = await callTRPCProcedure({
      router: appRouter,
      path: route.procedure,
      type: route.type,
      ctx: withDeviceCookie(ctx, request, cookies),
      getRawInput: () => rawInput(request, route, params),
      signal: undefined,
      batchIndex: 0,
    })
    return { ok: true, data }
  } catch (error) {
    return { ok: false, response: errorResponse(error, ctx) }
  }
}

/**
 * A REST read answered in another format (a CSV download of a JSON read):
 * the read at `path` is called exactly as `GET path` would call it, with
 * this request's query string and token, so its sign-in check, validation
 * and errors (answered as the API's JSON) are the read's own.
 */
export async function callRestRead(request: Request, ctx: Context, path: string): Promise<Called> {
  const route = restEndpoints.find((r) => r.rest.method === 'GET' && r.rest.path === path)
  if (!route) throw new Error(`no REST read at ${path}`)
  return callRoute(request, ctx, { route, params: {} }, new Headers())
}

import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { isJsonContentType, parseJsonObject, readBody } from '../http/body'
import { json, jsonError } from '../http/respond'
import type { Context } from '../trpc/context'
import { publicMessage, validationFields } from '../trpc/errors'
import { retryAfterOf } from '../trpc/rate-limit'
import { createCaller } from '../trpc/root'
import { type RestRoute, restRoutes } from './routes'

interface CompiledRoute extends RestRoute {
  segments: string[]
}

const compiled: CompiledRoute[] = restRoutes.map((route) => ({
  ...route,
  segments: route.path.split('/').filter(Boolean),
}))

function match(segments: string[], route: CompiledRoute): Record<string, string> | null {
  if (segments.length !== route.segments.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i] as string
    const actual = segments[i] as string
    if (expected.startsWith(':')) params[expected.slice(1)] = actual
    else if (expected !== actual) return null
  }
  return params
}

/** The reads anyone may make whose answer follows from the public content alone. */
const publicReadPaths = new Set([
  '/api/timeline',
  '/api/timeline/:id',
  '/api/projects',
  '/api/projects/:slug',
  '/api/profile',
])

/**
 * Whether a GET or HEAD of this path is a public read: the same answer for
 * everyone until the content changes, so it may be cached and revalidated.
 */
export function isPublicRead(pathname: string): boolean {
  let segments: string[]
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return false
  }
  return compiled.some(
    (route) =>
      route.method === 'GET' && publicReadPaths.has(route.path) && match(segments, route) !== null,
  )
}

/** Maps a thrown error to the API's `{ error }` answer; unexpected ones stay generic. */
export function errorResponse(error: unknown, ctx: Pick<Context, 'log' | 'requestId'>): Response {
  const trpcError =
    error instanceof TRPCError
      ? error
      : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error })
  const status = getHTTPStatusCodeFromError(trpcError)
  if (status >= 500) {
    ctx.log.error('request failed', {
      request_id: ctx.requestId,
      error: trpcError.message,
      cause:
        trpcError.cause instanceof Error ? trpcError.cause.stack : String(trpcError.cause ?? ''),
    })
    return jsonError(
      status,
      publicMessage(trpcError),
      { request_id: ctx.requestId },
      status === 503 ? { 'retry-after': '5' } : {},
    )
  }
  const fields = validationFields(trpcError)
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {}
  const retryAfter = retryAfterOf(trpcError)
  if (retryAfter !== null) headers['retry-after'] = String(retryAfter)
  return jsonError(status, publicMessage(trpcError), fields ? { fields } : {}, headers)
}

/**
 * The REST door: finds the row of the route table, reads and checks the body,
 * and calls the same procedure the tRPC door would.
 */
export async function handleRest(request: Request, ctx: Context): Promise<Response> {
  const url = new URL(request.url)
  let segments: string[]
  try {
    segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return jsonError(400, 'The URL is not valid.')
  }
  const candidates = compiled
    .map((route) => ({ route, params: match(segments, route) }))
    .filter((entry) => entry.params !== null)
  if (candidates.length === 0) return jsonError(404, 'There is no API endpoint at this path.')
  const method = request.method === 'HEAD' ? 'GET' : request.method
  const found = candidates.find((entry) => entry.route.method === method)
  if (!found?.params) {
    const allowed = [...new Set(candidates.map((entry) => entry.route.method))].join(', ')
    return jsonError(
      405,
      `This endpoint does not accept ${request.method}.`,
      {},
      { allow: allowed },
    )
  }
  const { route, params } = found

  let body: Record<string, unknown> = {}
  if (route.body) {
    const read = await readBody(request)
    if (!read.ok) return read.response
    if (read.text.trim() !== '' && !isJsonContentType(request)) {
      return jsonError(415, 'The request body must be JSON (Content-Type: application/json).')
    }
    const parsed = parseJsonObject(read.text)
    if (!parsed.ok) return parsed.response
    body = parsed.value
  }

  try {
    const result = await route.call(createCaller(ctx), params, body)
    return json(route.status, result ?? null)
  } catch (error) {
    return errorResponse(error, ctx)
  }
}

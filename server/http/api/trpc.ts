import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import type { TRPCRequestInfo } from '@trpc/server/http'
import { MAX_BATCH_SIZE } from '../../../src/domain/api-limits'
import { messages } from '../../messages'
import type { Context } from '../../trpc/context'
import { cachePolicies, unbatchable } from '../../trpc/endpoints'
import { retryAfterOf, trpcErrorResponse } from '../../trpc/errors'
import { RefusedRequestError } from '../../trpc/init'
import { sharesCachedAnswer } from '../../trpc/meta'
import { appRouter } from '../../trpc/root'
import { isJsonContentType, jsonTooDeep, readBody } from '../infra/body'
import { withDeviceCookie } from '../infra/device-cookie'

/**
 * The tRPC door, with the same input limits as /api: bodies over 1 MB (413),
 * a body that is not JSON (415), JSON nested too deeply (400) are refused
 * before tRPC parses anything.
 */
export async function handleTrpc(request: Request, ctx: Context): Promise<Response> {
  const url = new URL(request.url)
  // tRPC decodes the path itself; a malformed one would be its 500.
  if (decodedProcedures(url) === null) {
    return trpcErrorResponse('BAD_REQUEST', messages.invalidUrl, ctx.requestId)
  }
  let forwarded = request
  if (request.method === 'POST') {
    const read = await readBody(request)
    if (!read.ok) {
      return read.status === 413
        ? trpcErrorResponse('PAYLOAD_TOO_LARGE', messages.tooLarge, ctx.requestId)
        : trpcErrorResponse('BAD_REQUEST', messages.notUtf8, ctx.requestId)
    }
    if (read.value.trim() !== '' && !isJsonContentType(request)) {
      return trpcErrorResponse('UNSUPPORTED_MEDIA_TYPE', messages.mustBeJson, ctx.requestId)
    }
    if (jsonTooDeep(read.value)) {
      return trpcErrorResponse('BAD_REQUEST', messages.tooDeep, ctx.requestId)
    }
    forwarded = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: read.value,
    })
  } else {
    const input = url.searchParams.get('input')
    if (input && jsonTooDeep(input)) {
      return trpcErrorResponse('BAD_REQUEST', messages.inputTooDeep, ctx.requestId)
    }
  }
  return fetchRequestHandler({
    endpoint: '/trpc',
    req: forwarded,
    router: appRouter,
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: ({ resHeaders, info }) => {
      refuseUnbatchable(info, ctx.requestId)
      return withDeviceCookie(ctx, request, resHeaders)
    },
    responseMeta: ({ errors }) => {
      const retryAfter = errors.map(retryAfterOf).find((value) => value !== null)
      return retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : {}
    },
  })
}

/**
 * A batch holding a procedure declared `batch: false` (sign-in: one
 * password or code per request) is refused as a whole, before any call
 * runs. Checked on the calls tRPC itself is about to make (`info.calls`,
 * from the path it has already percent-decoded and split on commas), not
 * on the raw path: `auth.login%2Cauth.login` or `auth%2Elogin,…` spell the
 * same batch. Throwing here fails every call of the batch with this 400.
 */
export function refuseUnbatchable(info: TRPCRequestInfo, requestId: string): void {
  if (!info.isBatchCall || info.calls.length < 2) return
  const names = new Set(info.calls.map((call) => call.path).filter((p) => unbatchable.has(p)))
  if (names.size === 0) return
  const message = `${[...names].join(', ')} cannot be called in a batch.`
  throw new RefusedRequestError('BAD_REQUEST', message, requestId)
}

/**
 * The procedures a tRPC address names, as tRPC reads them: the path after
 * `/trpc/`, percent-decoded, split on commas. Null when the path is not
 * valid percent-encoding.
 */
export function decodedProcedures(url: URL): string[] | null {
  try {
    return decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',')
  } catch {
    return null
  }
}

/** The query parameters tRPC's fetch adapter reads for a query: the rest are ignored. */
const queryInputs = ['batch', 'input'] as const

/**
 * The cache key of a GET of cacheable queries only (batched or not),
 * answered as one JSON document: the same for everyone until the content
 * changes. The key holds what tRPC reads (the procedures in the path,
 * percent-decoded as tRPC decodes them, the `batch` and `input` parameters,
 * first value, as tRPC reads them) and nothing else, so other parameters
 * or a token do not make a new entry.
 * Undefined: not shared (a procedure is private, or declared
 * `public-unless-signed-in` and asked with a token). A streaming (JSON Lines)
 * answer is not one document: the caller never keys one (server/http/infra/cache/keys.ts).
 */
export function publicQueryKey(url: URL, signedIn: boolean): string | undefined {
  const procedures = decodedProcedures(url)
  if (!procedures?.every((name) => sharesCachedAnswer(cachePolicies.get(name), signedIn))) {
    return undefined
  }
  // Keyed by the names as tRPC reads them: `projects%2Elist` is `projects.list`.
  const path = `/trpc/${procedures.join(',')}`
  const read = new URLSearchParams()
  for (const name of queryInputs) {
    const value = url.searchParams.get(name)
    if (value !== null) read.set(name, value)
  }
  const query = read.toString()
  return query ? `${path}?${query}` : path
}

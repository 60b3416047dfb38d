import type { TRPC_ERROR_CODE_KEY } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import type { Context } from '../trpc/context'
import { retryAfterOf } from '../trpc/rate-limit'
import { appRouter } from '../trpc/root'
import { isJsonContentType, jsonTooDeep, readBody } from './body'

const jsonRpcCodes: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: -32600,
  PAYLOAD_TOO_LARGE: -32413,
  UNSUPPORTED_MEDIA_TYPE: -32415,
}

/** An error in tRPC's own shape, so the tRPC client reads its status and message. */
function trpcError(status: number, code: TRPC_ERROR_CODE_KEY, message: string, requestId: string) {
  return Response.json(
    {
      error: {
        message,
        code: jsonRpcCodes[code] ?? -32600,
        data: { code, httpStatus: status, fields: null, request_id: requestId },
      },
    },
    { status },
  )
}

/**
 * The tRPC door, with the same input limits as /api: bodies over 1 MB (413),
 * a body that is not JSON (415), JSON nested too deeply (400) are refused
 * before tRPC parses anything.
 */
export async function handleTrpc(request: Request, ctx: Context): Promise<Response> {
  let forwarded = request
  if (request.method === 'POST') {
    const read = await readBody(request)
    if (!read.ok) {
      return read.response.status === 413
        ? trpcError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.', ctx.requestId)
        : trpcError(400, 'BAD_REQUEST', 'The request body is not valid UTF-8.', ctx.requestId)
    }
    if (read.text.trim() !== '' && !isJsonContentType(request)) {
      return trpcError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'The request body must be JSON (Content-Type: application/json).',
        ctx.requestId,
      )
    }
    if (jsonTooDeep(read.text)) {
      return trpcError(400, 'BAD_REQUEST', 'The request body is nested too deeply.', ctx.requestId)
    }
    forwarded = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: read.text,
    })
  } else {
    const input = new URL(request.url).searchParams.get('input')
    if (input && jsonTooDeep(input)) {
      return trpcError(400, 'BAD_REQUEST', 'The input is nested too deeply.', ctx.requestId)
    }
  }
  return fetchRequestHandler({
    endpoint: '/trpc',
    req: forwarded,
    router: appRouter,
    createContext: () => ctx,
    responseMeta: ({ errors }) => {
      const retryAfter = errors.map(retryAfterOf).find((value) => value !== null)
      return retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : {}
    },
  })
}

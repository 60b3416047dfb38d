import type { Logger } from '../../../log'
import { type RequestHeaderSettings, requestHeaders } from '../headers'
import { logRequest } from '../request-log'
import type { Entry, ResponseCache } from './response-cache'

/**
 * The answer to a request from a valid entry, with what every answer to it
 * carries (its request id, CORS, HSTS) and its log line: the fast path's,
 * and the kept pages' listener's (server/kept-pages-worker.ts).
 */
export function answerFromEntry(
  cache: Pick<ResponseCache, 'answer'>,
  request: Request,
  entry: Entry,
  settings: RequestHeaderSettings,
  log: Logger,
): Response {
  const startedAt = performance.now()
  const requestId = crypto.randomUUID()
  const { headers, vary } = requestHeaders(request, settings, requestId)
  const response = cache.answer(request, entry, vary, headers)
  logRequest(log, {
    method: request.method,
    path: entry.path,
    status: response.status,
    startedAt,
    requestId,
  })
  return response
}

/**
 * Answers a request that a valid cache entry answers, before Elysia's
 * pipeline (its hooks, router and header merging cost more than the answer
 * itself), with the same headers and the same log line as the long way.
 * `keyOf` is the key the long way keeps this request's answer under (the
 * same functions: a page's address, a public read's path, a tRPC query's
 * input), undefined when it keeps none. Anything else, or when the content
 * version is due to be read again: undefined, and the request goes the long
 * way.
 */
export function createCacheFastPath(
  cache: ResponseCache,
  keyOf: (request: Request) => string | undefined,
  settings: RequestHeaderSettings,
  log: Logger,
) {
  return (request: Request): Response | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const key = keyOf(request)
    const entry = key === undefined ? undefined : cache.lookup(key)
    if (!entry) return undefined
    return answerFromEntry(cache, request, entry, settings, log)
  }
}

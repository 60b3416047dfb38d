import type { Logger } from '../../log'
import { messages } from '../../messages'
import { jsonError, unhandledResponse } from '../../trpc/errors'
import { isPrivatePath, type RequestHeaderSettings, requestHeaders } from './headers'
import { logRequest } from './request-log'

type HookSet = { headers: Record<string, string | number>; status?: number | string }

/**
 * The request's path, or null when its URL cannot be read: an HTTP/1.0
 * request line without `Host`, a `CONNECT host:port` (Bun then hands over a
 * bare path or authority, which `new URL` refuses).
 */
export function pathOf(request: Request): string | null {
  return URL.canParse(request.url) ? new URL(request.url).pathname : null
}

/**
 * What happens around every request that goes the long way through Elysia:
 * its id and headers at the start, the answer to an error nobody handled,
 * and the log line at the end.
 */
export function createRequestLifecycle(options: {
  settings: RequestHeaderSettings
  /** The security headers every answer carries. */
  security: Record<string, string>
  log: Logger
}) {
  const started = new WeakMap<Request, { id: string; at: number }>()
  const { settings, security, log } = options

  return {
    /**
     * A request whose URL cannot be read (no `Host` on HTTP/1.0, a `CONNECT`):
     * a 400 before anything else reads the URL, with the security headers.
     */
    refuseUnreadable(request: Request): Response | undefined {
      if (URL.canParse(request.url)) return undefined
      return jsonError(
        400,
        messages.invalidRequest,
        {},
        { ...security, 'cache-control': 'no-store' },
      )
    },

    requestIdOf: (request: Request) => started.get(request)?.id ?? crypto.randomUUID(),

    begin(request: Request, set: HookSet): void {
      const id = crypto.randomUUID()
      started.set(request, { id, at: performance.now() })
      const { headers, vary } = requestHeaders(request, settings, id)
      Object.assign(set.headers, security, headers, vary ? { vary } : {})
      // API answers and admin pages may be personal: never stored (public reads say otherwise).
      if (isPrivatePath(pathOf(request) ?? '/api/')) set.headers['cache-control'] = 'no-store'
    },

    /** Elysia's own failures (no route, unparsable) and anything thrown that nobody caught. */
    fail(code: string | number, error: unknown, request: Request, set: HookSet): Response {
      if (code === 'NOT_FOUND') {
        set.status = 404
        return jsonError(404, messages.notFound)
      }
      if (code === 'PARSE' || code === 'VALIDATION') {
        set.status = 400
        return jsonError(400, messages.invalidRequest)
      }
      const path = pathOf(request)
      if (path === null) {
        set.status = 400
        return jsonError(400, messages.invalidRequest)
      }
      set.status = 500
      const requestId = started.get(request)?.id ?? null
      return unhandledResponse(error, { log, requestId }, { path, code })
    },

    end(request: Request, set: HookSet, responseValue: unknown): void {
      const status =
        responseValue instanceof Response ? responseValue.status : Number(set.status) || 200
      const { id, at } = started.get(request) ?? {}
      const path = pathOf(request) ?? request.url.slice(0, 200)
      logRequest(log, { method: request.method, path, status, startedAt: at, requestId: id })
    },
  }
}

import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client'
import type { AppRouter } from '../../server/trpc/root'
import { getToken } from './token'

/**
 * A failed answer that is not JSON (a proxy's HTML 502, say) would reach tRPC
 * as a parse error and lose its status; rewrite it into tRPC's error shape so
 * the UI can tell "the server said no" from "the server was not reached".
 */
const fetchKeepingStatus: typeof fetch = Object.assign(
  async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init)
    const type = response.headers.get('content-type') ?? ''
    if (response.ok || type.includes('json')) return response
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
    const calls = url.pathname.split('/').pop()?.split(',').length ?? 1
    const error = {
      error: {
        message: '',
        code: -32603,
        data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: response.status },
      },
    }
    const body = url.searchParams.has('batch') ? Array.from({ length: calls }, () => error) : error
    return new Response(JSON.stringify(body), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    })
  },
  { preconnect: fetch.preconnect },
)

export type TrpcLink = TRPCLink<AppRouter>

/** The browser's link: batched HTTP calls to /trpc, with the stored token when there is one. */
export function browserLinks(): TrpcLink[] {
  return [
    httpBatchLink({
      url: '/trpc',
      fetch: fetchKeepingStatus,
      headers() {
        const token = getToken()
        return token ? { authorization: `Bearer ${token}` } : {}
      },
    }),
  ]
}

/**
 * The typed tRPC client. The browser loads this module on first use (see
 * `lazyApi` in client/router.tsx); the server-side renderer builds its own
 * with an in-process link (server/http/ssr.ts).
 */
export function createTrpcClient(links: TrpcLink[] = browserLinks()) {
  return createTRPCClient<AppRouter>({ links })
}

export type TrpcClient = ReturnType<typeof createTrpcClient>

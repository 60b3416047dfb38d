import type { QueryClient } from '@tanstack/react-query'
import { httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client'
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query'
import type { AppRouter } from '../../server/trpc/root'
import { getToken } from './token'

/** React hooks for the procedures (useQuery / useMutation). */
export const trpc = createTRPCReact<AppRouter>()

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
 * The browser uses HTTP; the server-side renderer passes a link that calls
 * the procedures in-process (server/http/ssr.ts).
 */
export function createTrpcClient(links: TrpcLink[] = browserLinks()) {
  return trpc.createClient({ links })
}

export type TrpcClient = ReturnType<typeof createTrpcClient>

/** Loader-side helpers (ensureData, invalidate) bound to one QueryClient. */
export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils({ queryClient, client })
}
export type TrpcUtils = ReturnType<typeof createTrpcUtils>

/** The HTTP status of a failed call, or null when the server was never reached. */
export function httpStatusOf(error: unknown): number | null {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus
    return typeof status === 'number' ? status : null
  }
  return null
}

/** The server's readable message, when the server answered. */
export function serverMessageOf(error: unknown): string | null {
  if (error instanceof TRPCClientError && httpStatusOf(error) !== null) {
    return error.message || null
  }
  return null
}

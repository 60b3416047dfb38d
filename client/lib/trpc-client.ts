import type { QueryClient } from '@tanstack/react-query'
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  splitLink,
  type TRPCClient,
  type TRPCLink,
} from '@trpc/client'
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/root'
import { MAX_BATCH_SIZE, UNBATCHED_PROCEDURES } from '../../src/domain/api-limits'
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

/**
 * The browser's links: calls to /trpc with the stored token when there is
 * one, batched up to the server's limit; a sign-in always alone (the server
 * refuses it inside a batch).
 */
export function browserLinks(): TrpcLink[] {
  const options = {
    url: '/trpc',
    fetch: fetchKeepingStatus,
    headers() {
      const token = getToken()
      return token ? { authorization: `Bearer ${token}` } : {}
    },
  }
  const unbatched: readonly string[] = UNBATCHED_PROCEDURES
  return [
    splitLink({
      condition: (op) => unbatched.includes(op.path),
      true: httpLink(options),
      false: httpBatchLink({ ...options, maxItems: MAX_BATCH_SIZE }),
    }),
  ]
}

/**
 * The vanilla client the public pages' loaders call (`api.projects.list.query()`):
 * the browser loads this module on first need (client/lib/api.ts); the
 * server-side renderer passes an in-process link (server/http/ssr.ts).
 */
export function createApi(links: TrpcLink[] = browserLinks()): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({ links })
}

/** tRPC's TanStack React Query integration: `trpc.projects.list.queryOptions()` and the like. */
export type Trpc = TRPCOptionsProxy<AppRouter>

/**
 * The options proxy over a vanilla tRPC client, for one query cache. The
 * browser loads this module on first need (client/lib/trpc.ts); the
 * server-side renderer passes an in-process link (server/http/pages/ssr.ts).
 */
export function createTrpc(queryClient: QueryClient, links: TrpcLink[] = browserLinks()): Trpc {
  return createTRPCOptionsProxy<AppRouter>({
    client: createTRPCClient<AppRouter>({ links }),
    queryClient,
  })
}

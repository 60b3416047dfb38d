import type { QueryClient } from '@tanstack/react-query'
import { httpBatchLink, TRPCClientError } from '@trpc/client'
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query'
import type { AppRouter } from '../../server/trpc/root'
import { getToken } from './token'

/** React hooks for the procedures (useQuery / useMutation). */
export const trpc = createTRPCReact<AppRouter>()

export function createTrpcClient(baseUrl = '') {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/trpc`,
        headers() {
          const token = getToken()
          return token ? { authorization: `Bearer ${token}` } : {}
        },
      }),
    ],
  })
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

import type { QueryClient } from '@tanstack/react-query'
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query'
import type { ReactElement, ReactNode } from 'react'
import type { AppRouter } from '../../server/trpc/root'
import type { ApiLoader } from './api'
import type { TrpcClient } from './trpc-client'

/**
 * React hooks for the procedures (useQuery / useMutation), for the admin area
 * and the login page only: public pages use React Query with the same keys
 * (client/lib/api.ts), so this module never weighs on their first load.
 */
export const trpc = createTRPCReact<AppRouter>()

function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils({ queryClient, client })
}
export type TrpcUtils = ReturnType<typeof createTrpcUtils>

const utilsByClient = new WeakMap<TrpcClient, TrpcUtils>()

/**
 * For a route's `beforeLoad`: loads the tRPC client and returns it with the
 * loader-side helpers (ensureData, invalidate), which then reach every child
 * route's context. The same objects on every call, so re-renders stay cheap.
 */
export async function trpcContext(context: { api: ApiLoader; queryClient: QueryClient }) {
  const trpcClient = await context.api()
  let trpcUtils = utilsByClient.get(trpcClient)
  if (!trpcUtils) {
    trpcUtils = createTrpcUtils(context.queryClient, trpcClient)
    utilsByClient.set(trpcClient, trpcUtils)
  }
  return { trpcClient, trpcUtils }
}

/** The tRPC hooks' provider, around the screens that use them. */
export function TrpcProvider(props: {
  client: TrpcClient
  queryClient: QueryClient
  children: ReactNode
}): ReactElement {
  return (
    <trpc.Provider client={props.client} queryClient={props.queryClient}>
      {props.children}
    </trpc.Provider>
  )
}

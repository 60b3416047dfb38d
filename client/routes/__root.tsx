import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { TrpcClient, TrpcUtils } from '../lib/trpc'

export interface RouterContext {
  queryClient: QueryClient
  trpcClient: TrpcClient
  trpcUtils: TrpcUtils
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

function RootLayout() {
  return <Outlet />
}

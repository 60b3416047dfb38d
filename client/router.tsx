import { QueryClient } from '@tanstack/react-query'
import { createRouter as createTanStackRouter } from '@tanstack/react-router'
import { PendingIndicator } from './components/pending-indicator'
import { createTrpcClient, createTrpcUtils } from './lib/trpc'
import { routeTree } from './routeTree.gen'

/**
 * A new router (and query cache) per call: the browser makes one, and the
 * server-side renderer (issue 5) one per request. Nothing here touches
 * window or localStorage.
 */
export function createRouter(options: { baseUrl?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  })
  const trpcClient = createTrpcClient(options.baseUrl)
  const trpcUtils = createTrpcUtils(queryClient, trpcClient)
  return createTanStackRouter({
    routeTree,
    context: { queryClient, trpcClient, trpcUtils },
    defaultPreload: 'intent',
    // Loaders fill React Query; the router itself keeps no stale copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingIndicator,
    scrollRestoration: true,
  })
}

export type AppRouterInstance = ReturnType<typeof createRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouterInstance
  }
}

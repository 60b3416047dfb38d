import { createFileRoute, redirect } from '@tanstack/react-router'
import { AdminPending } from '../../components/admin-pending'
import { getToken } from '../../lib/token'

/**
 * The guarded layout for every admin screen. The guard is for the visitor's
 * convenience only: the server checks the token on every private call.
 */
export const Route = createFileRoute('/admin')({
  // The admin area is rendered in the browser only: its guard reads local storage and
  // its data is private. The server sends the page frame with the pending indicator.
  ssr: false,
  // Loads React Query and tRPC's code (a public page never fetches them) for every admin
  // screen: its loaders get the query cache and the proxy in their context.
  beforeLoad: async ({ context }) => {
    if (!getToken()) throw redirect({ to: '/login' })
    const { queryClient, trpc } = await context.loadQuery()
    return { queryClient, loadTrpc: () => Promise.resolve(trpc) }
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  // Until the screen loads, and all the server sends (the 404 words for an unknown address).
  pendingComponent: AdminPending,
})

import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { AdminErrorPage } from '../../components/admin/frame/admin-error-page'
import { AdminHeader } from '../../components/admin/frame/admin-header'
import { ConfirmProvider } from '../../components/admin/ui/confirm-dialog'
import { ToastProvider } from '../../components/admin/ui/toasts'
import { AdminPending } from '../../components/admin-pending'
import { getToken } from '../../lib/token'
import { QueryProvider } from '../../lib/trpc'

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
  component: AdminLayout,
  errorComponent: AdminErrorPage,
})

/** The navigation beside the screens from 1024 px up, above them below; toasts over both. */
function AdminLayout() {
  return (
    <QueryProvider>
      <ToastProvider>
        <ConfirmProvider>
          {/* data-wide-column: the frame's whole width (1200 px, design.css), not the reading column. */}
          <div
            data-wide-column
            className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8"
          >
            <AdminHeader />
            <div className="min-w-0">
              <Outlet />
            </div>
          </div>
        </ConfirmProvider>
      </ToastProvider>
    </QueryProvider>
  )
}

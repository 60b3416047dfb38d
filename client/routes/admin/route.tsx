import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { AdminErrorPage } from '../../components/admin/admin-error-page'
import { AdminHeader } from '../../components/admin/admin-header'
import { getToken } from '../../lib/token'

/**
 * The guarded layout for every admin screen. The guard is for the visitor's
 * convenience only: the server checks the token on every private call.
 */
export const Route = createFileRoute('/admin')({
  // The admin area is rendered in the browser only: its guard reads local storage and
  // its data is private. The server sends the page frame with the pending indicator.
  ssr: false,
  // Loads tRPC's code (a public page's first load never fetches it) for every admin screen.
  beforeLoad: async ({ context }) => {
    if (!getToken()) throw redirect({ to: '/login' })
    await context.loadTrpc()
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: AdminLayout,
  errorComponent: AdminErrorPage,
})

function AdminLayout() {
  return (
    <div className="mx-auto w-full space-y-6">
      <AdminHeader />
      <Outlet />
    </div>
  )
}

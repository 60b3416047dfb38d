import { createLazyFileRoute, Outlet } from '@tanstack/react-router'
import { AdminErrorPage } from '../../components/admin/frame/admin-error-page'
import { AdminHeader } from '../../components/admin/frame/admin-header'
import { ConfirmProvider } from '../../components/admin/ui/confirm-dialog'
import { ToastProvider } from '../../components/admin/ui/toasts'
import { QueryProvider } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin')({
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

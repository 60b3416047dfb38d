import { createFileRoute } from '@tanstack/react-router'
import { NotificationSettingsForm } from '../../components/admin/settings/notification-settings-form'
import { NotificationsPanel } from '../../components/admin/settings/notifications-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'

/** Settings → Notifications: where the site tells the owner about a new message. */
export const Route = createFileRoute('/admin/notifications')({
  // As it is now: the last delivery may have changed a second ago.
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.fetchQuery({ ...trpc.notifications.status.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.notifications.settings.queryOptions(), staleTime: 0 }),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Notifications' }] }),
  component: NotificationsScreen,
})

function NotificationsScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Notifications."
        lead="Where the site tells you about a new message: an email, a webhook, or both."
      />
      <NotificationsPanel />
      <NotificationSettingsForm />
    </div>
  )
}

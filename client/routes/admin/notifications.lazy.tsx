import { createLazyFileRoute } from '@tanstack/react-router'
import { NotificationSettingsForm } from '../../components/admin/settings/notification-settings-form'
import { NotificationsPanel } from '../../components/admin/settings/notifications-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/notifications')({
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

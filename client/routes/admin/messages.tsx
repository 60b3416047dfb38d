import { createFileRoute } from '@tanstack/react-router'
import { MessagesInbox } from '../../components/admin/messages/messages-inbox'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'

/** The inbox: a screen of its own (the dashboard keeps the spec's "Manage Contacts." table). */
export const Route = createFileRoute('/admin/messages')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.messages.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Messages' }] }),
  component: MessagesScreen,
})

function MessagesScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Messages."
        lead="What visitors sent from the contact form: unread first, then read, archived and spam."
      />
      <MessagesInbox />
    </div>
  )
}

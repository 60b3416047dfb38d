import { createLazyFileRoute } from '@tanstack/react-router'
import { MessagesInbox } from '../../components/admin/messages/messages-inbox'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/messages')({
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

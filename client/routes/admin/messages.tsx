import { createFileRoute } from '@tanstack/react-router'
import { MessagesInbox } from '../../components/admin/messages-inbox'
import { adminLoader } from '../../lib/admin-loaders'

/** The owner's inbox (the dashboard keeps the spec's "Manage Contacts." table). */
export const Route = createFileRoute('/admin/messages')({
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.contact.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Messages' }] }),
  component: () => (
    <div className="space-y-6">
      <h1 className="sr-only">Messages</h1>
      <MessagesInbox />
    </div>
  ),
})

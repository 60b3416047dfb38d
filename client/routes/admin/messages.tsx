import { createFileRoute } from '@tanstack/react-router'
import { ContactsPanel } from '../../components/admin/contacts-panel'
import { adminLoader } from '../../lib/admin-loaders'

/** The dashboard's contact messages on their own (the navigation's Messages). */
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
      <ContactsPanel />
    </div>
  ),
})

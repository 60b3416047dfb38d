import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

/** The inbox: a screen of its own (the dashboard keeps the spec's "Manage Contacts." table). */
export const Route = createFileRoute('/admin/messages')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.messages.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Messages' }] }),
})

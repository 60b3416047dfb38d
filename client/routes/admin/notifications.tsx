import { createFileRoute } from '@tanstack/react-router'
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
})

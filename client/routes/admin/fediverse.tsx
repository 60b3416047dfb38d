import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

/** Settings → Fediverse: the site as an ActivityPub account (docs/activitypub.md). */
export const Route = createFileRoute('/admin/fediverse')({
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.fetchQuery({ ...trpc.activityPub.settings.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.activityPub.followers.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.activityPub.deliveries.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.conversations.list.queryOptions(), staleTime: 0 }),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Fediverse' }] }),
})

import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/')({
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
      queryClient.ensureQueryData(trpc.timeline.list.queryOptions()),
      queryClient.ensureQueryData(trpc.messages.list.queryOptions()),
      // The figures move with every visit and message: fetched anew each time.
      queryClient.fetchQuery({ ...trpc.overview.get.queryOptions(), staleTime: 0 }),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Admin Dashboard' }] }),
})

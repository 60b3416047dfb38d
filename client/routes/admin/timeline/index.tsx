import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../../lib/admin-loaders'

/**
 * The timeline on a screen of its own, linked from the navigation; the
 * dashboard keeps the spec's "Manage Timeline." section too (the same list).
 */
export const Route = createFileRoute('/admin/timeline/')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.timeline.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Timeline' }] }),
})

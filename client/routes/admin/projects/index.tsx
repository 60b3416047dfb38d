import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../../lib/admin-loaders'

/**
 * The projects on a screen of their own, linked from the navigation; the
 * dashboard keeps the spec's "Manage Projects." section too (the same list).
 */
export const Route = createFileRoute('/admin/projects/')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Projects' }] }),
})

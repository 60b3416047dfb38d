import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/share-links')({
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.fetchQuery({ ...trpc.shareLinks.list.queryOptions(), staleTime: 0 }),
      // The form's select offers each published project.
      queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Share links' }] }),
})

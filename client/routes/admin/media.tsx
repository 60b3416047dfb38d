import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/media')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.media.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Media Library' }] }),
})

import { createFileRoute } from '@tanstack/react-router'
import { MediaLibrary } from '../../components/admin/media/media-library'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/media')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.media.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Media Library' }] }),
  component: MediaLibrary,
})

import { createFileRoute } from '@tanstack/react-router'
import { MediaLibrary } from '../../components/admin/media/media-library'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/media')({
  // Loader and screen travel together in this route's own chunk, so the
  // public entry bundle carries no admin code at all.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.media.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Media Library' }] }),
  component: MediaLibrary,
})

import { createFileRoute } from '@tanstack/react-router'
import { editLoader } from '../../../lib/admin-loaders'

export const Route = createFileRoute('/admin/timeline/edit/$id')({
  loader: editLoader((trpc, id) => trpc.timeline.byId.queryOptions({ id })),
  head: () => ({ meta: [{ title: 'Edit Timeline Event' }] }),
})

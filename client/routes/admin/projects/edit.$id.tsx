import { createFileRoute } from '@tanstack/react-router'
import { editLoader } from '../../../lib/admin-loaders'

export const Route = createFileRoute('/admin/projects/edit/$id')({
  loader: editLoader((trpc, id) => trpc.projects.byId.queryOptions({ id })),
  head: () => ({ meta: [{ title: 'Edit Project' }] }),
})

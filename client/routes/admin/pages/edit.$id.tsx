import { createFileRoute } from '@tanstack/react-router'
import { editLoader } from '../../../lib/admin-loaders'

export const Route = createFileRoute('/admin/pages/edit/$id')({
  loader: editLoader((trpc, id) => trpc.pages.byId.queryOptions({ id })),
  head: () => ({ meta: [{ title: 'Edit Page' }] }),
})

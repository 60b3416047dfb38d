import { createFileRoute } from '@tanstack/react-router'
import { editLoader } from '../../../lib/admin-loaders'

export const Route = createFileRoute('/admin/notes/edit/$id')({
  loader: editLoader((trpc, id) => trpc.notes.byId.queryOptions({ id })),
  head: () => ({ meta: [{ title: 'Edit Note' }] }),
})

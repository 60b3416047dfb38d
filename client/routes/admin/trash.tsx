import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/trash')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({ ...trpc.trash.list.queryOptions(), staleTime: 0 }),
  ),
  head: () => ({ meta: [{ title: 'Trash' }] }),
})

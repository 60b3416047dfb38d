import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/navigation')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({ ...trpc.navigation.get.queryOptions(), staleTime: 0 }),
  ),
  head: () => ({ meta: [{ title: 'Navigation' }] }),
})

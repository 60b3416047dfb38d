import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/newsletter')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({ ...trpc.newsletter.overview.queryOptions(), staleTime: 0 }),
  ),
  head: () => ({ meta: [{ title: 'Newsletter' }] }),
})

import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/cv')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({ ...trpc.cv.status.queryOptions(), staleTime: 0 }),
  ),
  head: () => ({ meta: [{ title: 'CV' }] }),
})

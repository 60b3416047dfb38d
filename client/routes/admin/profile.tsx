import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/profile')({
  // The stored profile as it is now (the cached one may be up to 30 s old).
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({ ...trpc.profile.get.queryOptions(), staleTime: 0 }),
  ),
  head: () => ({ meta: [{ title: 'Edit Profile' }] }),
})

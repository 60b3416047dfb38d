import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

/** Settings → Search & sharing: the fixed screens' description, share image and indexing. */
export const Route = createFileRoute('/admin/search-sharing')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.settings.seo.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Search & sharing' }] }),
})

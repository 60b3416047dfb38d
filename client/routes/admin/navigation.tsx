import { createFileRoute } from '@tanstack/react-router'
import { NavigationPanel } from '../../components/admin/settings/navigation-panel'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/navigation')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({ ...trpc.navigation.get.queryOptions(), staleTime: 0 }),
  ),
  head: () => ({ meta: [{ title: 'Navigation' }] }),
  component: NavigationPanel,
})

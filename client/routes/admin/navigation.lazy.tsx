import { createLazyFileRoute } from '@tanstack/react-router'
import { NavigationPanel } from '../../components/admin/settings/navigation-panel'

export const Route = createLazyFileRoute('/admin/navigation')({
  component: NavigationPanel,
})

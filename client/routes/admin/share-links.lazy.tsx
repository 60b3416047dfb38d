import { createLazyFileRoute } from '@tanstack/react-router'
import { ShareLinksPanel } from '../../components/admin/analytics/share-links-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/share-links')({
  component: ShareLinksScreen,
})

function ShareLinksScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Share links."
        lead="A named address for each application you send, to see who looked."
      />
      <ShareLinksPanel />
    </div>
  )
}

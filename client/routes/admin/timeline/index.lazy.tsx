import { createLazyFileRoute } from '@tanstack/react-router'
import { TimelinePanel } from '../../../components/admin/timeline/timeline-panel'
import { AdminPageHeader, ViewOnSiteLink } from '../../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/timeline/')({
  component: TimelineScreen,
})

function TimelineScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Timeline."
        lead="Your experience and education, as the home page's two tabs show them. Drag a row, or use its arrows, to change the order."
        action={<ViewOnSiteLink href="/" />}
      />
      <TimelinePanel />
    </div>
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { TimelinePanel } from '../../../components/admin/timeline/timeline-panel'
import { AdminPageHeader, ViewOnSiteLink } from '../../../components/admin/ui/page-header'
import { adminLoader } from '../../../lib/admin-loaders'

/**
 * The timeline on a screen of its own, linked from the navigation; the
 * dashboard keeps the spec's "Manage Timeline." section too (the same list).
 */
export const Route = createFileRoute('/admin/timeline/')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.timeline.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Timeline' }] }),
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

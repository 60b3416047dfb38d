import { createFileRoute } from '@tanstack/react-router'
import { TimelinePanel } from '../../../components/admin/timeline-panel'
import { adminLoader } from '../../../lib/admin-loaders'

/** The dashboard's timeline section on its own (the navigation's Timeline). */
export const Route = createFileRoute('/admin/timeline/')({
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.timeline.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Timeline' }] }),
  component: () => (
    <div className="space-y-6">
      <h1 className="sr-only">Timeline</h1>
      <TimelinePanel />
    </div>
  ),
})

import { createFileRoute } from '@tanstack/react-router'
import { AdminOverview } from '../../components/admin/home/admin-overview'
import { MessagesPanel } from '../../components/admin/messages/messages-panel'
import { ProjectsPanel } from '../../components/admin/projects/projects-panel'
import { TimelinePanel } from '../../components/admin/timeline/timeline-panel'
import { secondaryButtonClass } from '../../components/admin/ui/form-controls'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/')({
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
      queryClient.ensureQueryData(trpc.timeline.list.queryOptions()),
      queryClient.ensureQueryData(trpc.messages.list.queryOptions()),
      // The figures move with every visit and message: fetched anew each time.
      queryClient.fetchQuery({ ...trpc.overview.get.queryOptions(), staleTime: 0 }),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Admin Dashboard' }] }),
  component: Dashboard,
})

function Dashboard() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Dashboard."
        action={
          <a href="/" target="_blank" rel="noopener" className={secondaryButtonClass}>
            View site
          </a>
        }
      />
      <AdminOverview />
      <ProjectsPanel />
      <TimelinePanel />
      <MessagesPanel />
    </div>
  )
}

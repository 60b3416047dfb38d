import { createLazyFileRoute } from '@tanstack/react-router'
import { AdminOverview } from '../../components/admin/home/admin-overview'
import { MessagesPanel } from '../../components/admin/messages/messages-panel'
import { ProjectsPanel } from '../../components/admin/projects/projects-panel'
import { TimelinePanel } from '../../components/admin/timeline/timeline-panel'
import { secondaryButtonClass } from '../../components/admin/ui/form-controls'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/')({
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

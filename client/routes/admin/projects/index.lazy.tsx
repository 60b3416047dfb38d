import { createLazyFileRoute } from '@tanstack/react-router'
import { ProjectsPanel } from '../../../components/admin/projects/projects-panel'
import { AdminPageHeader, ViewOnSiteLink } from '../../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/projects/')({
  component: ProjectsScreen,
})

function ProjectsScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Projects."
        lead="Every project, drafts included, in the order the site shows them. Drag a row, or use its arrows, to change the order."
        action={<ViewOnSiteLink href="/projects" />}
      />
      <ProjectsPanel />
    </div>
  )
}

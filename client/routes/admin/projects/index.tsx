import { createFileRoute } from '@tanstack/react-router'
import { ProjectsPanel } from '../../../components/admin/projects/projects-panel'
import { AdminPageHeader, ViewOnSiteLink } from '../../../components/admin/ui/page-header'
import { adminLoader } from '../../../lib/admin-loaders'

/**
 * The projects on a screen of their own, linked from the navigation; the
 * dashboard keeps the spec's "Manage Projects." section too (the same list).
 */
export const Route = createFileRoute('/admin/projects/')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Projects' }] }),
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

import { createFileRoute } from '@tanstack/react-router'
import { ProjectsPanel } from '../../../components/admin/projects-panel'
import { adminLoader } from '../../../lib/admin-loaders'

/** The dashboard's projects section on its own (the navigation's Projects). */
export const Route = createFileRoute('/admin/projects/')({
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Projects' }] }),
  component: () => (
    <div className="space-y-6">
      <h1 className="sr-only">Projects</h1>
      <ProjectsPanel />
    </div>
  ),
})

import { createFileRoute } from '@tanstack/react-router'
import { ContactsPanel } from '../../components/admin/contacts-panel'
import { ProjectsPanel } from '../../components/admin/projects-panel'
import { TimelinePanel } from '../../components/admin/timeline-panel'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/')({
  // Loader and screen travel together in this route's own chunk, so the
  // public entry bundle carries no admin code at all.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
      queryClient.ensureQueryData(trpc.timeline.list.queryOptions()),
      queryClient.ensureQueryData(trpc.contact.list.queryOptions()),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Admin Dashboard' }] }),
  component: Dashboard,
})

function Dashboard() {
  return (
    <div className="space-y-6">
      <h1 className="sr-only">Admin Dashboard</h1>
      <ProjectsPanel />
      <TimelinePanel />
      <ContactsPanel />
    </div>
  )
}

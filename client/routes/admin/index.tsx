import { createFileRoute } from '@tanstack/react-router'
import { ContactsPanel } from '../../components/admin/contacts-panel'
import { ProjectsPanel } from '../../components/admin/projects-panel'
import { TimelinePanel } from '../../components/admin/timeline-panel'
import { adminLoader } from '../../lib/admin-loaders'
import { type DashboardSection, dashboardSections } from '../../lib/dashboard-sections'

/** `?section=projects` shows that section alone (the navigation's Projects, Timeline, Messages). */
function sectionOf(search: Record<string, unknown>): { section?: DashboardSection } {
  const section = dashboardSections.find((name) => name === search.section)
  return section ? { section } : {}
}

const headings: Record<DashboardSection, string> = {
  projects: 'Projects',
  timeline: 'Timeline',
  messages: 'Messages',
}

export const Route = createFileRoute('/admin/')({
  validateSearch: sectionOf,
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
  const { section } = Route.useSearch()
  const shown = (name: DashboardSection) => section === undefined || section === name
  return (
    <div className="space-y-6">
      <h1 className="sr-only">{section ? headings[section] : 'Admin Dashboard'}</h1>
      {shown('projects') ? <ProjectsPanel /> : null}
      {shown('timeline') ? <TimelinePanel /> : null}
      {shown('messages') ? <ContactsPanel /> : null}
    </div>
  )
}

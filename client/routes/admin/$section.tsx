import { createFileRoute, notFound } from '@tanstack/react-router'
import { ContactsPanel } from '../../components/admin/contacts-panel'
import { ProjectsPanel } from '../../components/admin/projects-panel'
import { TimelinePanel } from '../../components/admin/timeline-panel'
import { adminLoader, loadDashboard } from '../../lib/admin-loaders'

/**
 * Each dashboard section on its own screen, for the navigation:
 * /admin/projects, /admin/timeline, /admin/messages. One route for the
 * three (each route adds to the public entry's route table); any other
 * name is the 404 page. Static routes (/admin/profile, the forms) win.
 */
const sections = {
  projects: { heading: 'Projects', Panel: ProjectsPanel },
  timeline: { heading: 'Timeline', Panel: TimelinePanel },
  messages: { heading: 'Messages', Panel: ContactsPanel },
}

function sectionOf(name: string) {
  return Object.hasOwn(sections, name) ? sections[name as keyof typeof sections] : null
}

export const Route = createFileRoute('/admin/$section')({
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async (context) => {
    if (!sectionOf(context.params.section)) throw notFound()
    // The dashboard's three lists: moving between the sections fetches nothing.
    await adminLoader(loadDashboard)(context)
  },
  head: ({ params }) => ({
    meta: [{ title: params.section.charAt(0).toUpperCase() + params.section.slice(1) }],
  }),
  component: SectionScreen,
})

function SectionScreen() {
  const section = sectionOf(Route.useParams().section)
  if (!section) return null
  return (
    <div className="space-y-6">
      <h1 className="sr-only">{section.heading}</h1>
      <section.Panel />
    </div>
  )
}

import { createFileRoute, notFound } from '@tanstack/react-router'
import { MessagesInbox } from '../../components/admin/messages-inbox'
import { NotificationsPanel } from '../../components/admin/notifications-panel'
import { ProjectsPanel } from '../../components/admin/projects-panel'
import { TimelinePanel } from '../../components/admin/timeline-panel'
import { adminLoader, loadDashboard } from '../../lib/admin-loaders'

/**
 * Each dashboard section on its own screen, for the navigation:
 * /admin/projects, /admin/timeline, /admin/messages (the inbox), and
 * Settings → Notifications (/admin/notifications). One route for them all
 * (each route adds to the public entry's route table); any other name is
 * the 404 page. Static routes (/admin/profile, the forms) win.
 */
const sections = {
  projects: { heading: 'Projects', Panel: ProjectsPanel },
  timeline: { heading: 'Timeline', Panel: TimelinePanel },
  messages: { heading: 'Messages', Panel: MessagesInbox },
  notifications: { heading: 'Notifications', Panel: NotificationsPanel },
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
    if (context.params.section === 'notifications') {
      // As it is now: the last delivery may have changed a second ago.
      await adminLoader((queryClient, trpc) =>
        queryClient.fetchQuery({ ...trpc.notifications.status.queryOptions(), staleTime: 0 }),
      )(context)
      return
    }
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

import { createFileRoute, notFound } from '@tanstack/react-router'
import { MessagesInbox } from '../../components/admin/messages-inbox'
import { NotificationsPanel } from '../../components/admin/notifications-panel'
import { adminLoader } from '../../lib/admin-loaders'

/**
 * The admin screens that are not dashboard sections: the inbox
 * (/admin/messages; the dashboard keeps the spec's "Manage Contacts."
 * table) and Settings → Notifications (/admin/notifications). One route for
 * both (each route adds to the public entry's route table); any other name
 * is the 404 page. Static routes (/admin/profile, the forms) win.
 */
const sections = {
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
    await adminLoader((queryClient, trpc) =>
      context.params.section === 'notifications'
        ? // As it is now: the last delivery may have changed a second ago.
          queryClient.fetchQuery({ ...trpc.notifications.status.queryOptions(), staleTime: 0 })
        : queryClient.ensureQueryData(trpc.contact.list.queryOptions()),
    )(context)
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

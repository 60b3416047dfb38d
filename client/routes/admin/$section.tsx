import { createFileRoute } from '@tanstack/react-router'
import { AnalyticsPanel } from '../../components/admin/analytics/analytics-panel'
import { ShareLinksPanel } from '../../components/admin/analytics/share-links-panel'
import { AdminNotFound } from '../../components/admin/frame/admin-not-found'
import { MessagesInbox } from '../../components/admin/messages/messages-inbox'
import { NotificationsPanel } from '../../components/admin/settings/notifications-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'
import { parseDays } from '../../lib/analytics'
import { wholeNumberParams } from '../../lib/search-params'

/**
 * The admin screens that are not dashboard sections: the inbox
 * (/admin/messages; the dashboard keeps the spec's "Manage Contacts."
 * table), Settings → Notifications (/admin/notifications), Analytics
 * (/admin/analytics?days=7) and Share links (/admin/share-links). One route
 * for all (each route adds to the public entry's route table); any other
 * name is the admin's 404 (inside its frame). Static routes (/admin/profile,
 * the forms) win.
 */
const sections = {
  messages: {
    heading: 'Messages',
    lead: 'What visitors sent from the contact form: unread first, then read, archived and spam.',
  },
  notifications: {
    heading: 'Notifications',
    lead: 'Where the site tells you about a new message: an email, a webhook, or both.',
  },
  analytics: {
    heading: 'Analytics',
    lead: 'Page views and visitors, counted on the server: no cookies, no addresses kept.',
  },
  'share-links': {
    heading: 'Share links',
    lead: 'A named address for each application you send, to see who looked.',
  },
}

type SectionName = keyof typeof sections

function isSection(name: string): name is SectionName {
  return Object.hasOwn(sections, name)
}

export const Route = createFileRoute('/admin/$section')({
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  // The admin is rendered in the browser only: this tells the server an unknown name is a 404.
  staticData: { unknownParams: (params) => !isSection(params.section ?? '') },
  // Analytics' range: `?days=7`, 30 or 90 (lib/analytics.ts); the other screens read none.
  validateSearch: wholeNumberParams('days'),
  loaderDeps: ({ search }) => ({ days: search.days }),
  loader: async (context) => {
    const { section } = context.params
    if (!isSection(section)) return
    await adminLoader((queryClient, trpc) => {
      switch (section) {
        case 'notifications':
          // As it is now: the last delivery may have changed a second ago.
          return queryClient.fetchQuery({
            ...trpc.notifications.status.queryOptions(),
            staleTime: 0,
          })
        case 'analytics':
          // Counts move every few seconds: fetched anew on every visit.
          return queryClient.fetchQuery({
            ...trpc.analytics.summary.queryOptions({ days: parseDays(context.deps.days) }),
            staleTime: 0,
          })
        case 'share-links':
          return Promise.all([
            queryClient.fetchQuery({ ...trpc.shareLinks.list.queryOptions(), staleTime: 0 }),
            // The form's select offers each published project.
            queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
          ])
        default:
          return queryClient.ensureQueryData(trpc.contact.list.queryOptions())
      }
    })(context)
  },
  head: ({ params }) => ({
    meta: [
      { title: isSection(params.section) ? sections[params.section].heading : 'Page Not Found' },
    ],
  }),
  component: SectionScreen,
})

function SectionScreen() {
  const { section } = Route.useParams()
  const { days } = Route.useSearch()
  if (!isSection(section)) return <AdminNotFound />
  return (
    <div className="space-y-6">
      <AdminPageHeader title={`${sections[section].heading}.`} lead={sections[section].lead} />
      {section === 'messages' ? <MessagesInbox /> : null}
      {section === 'notifications' ? <NotificationsPanel /> : null}
      {section === 'analytics' ? <AnalyticsPanel days={parseDays(days)} /> : null}
      {section === 'share-links' ? <ShareLinksPanel /> : null}
    </div>
  )
}

import { linkOptions } from '@tanstack/react-router'

/** Active on this address only, the #section included. */
const exact = { exact: true, includeHash: true }

/**
 * The admin area's navigation, in order: groups of screens, each with a
 * visible name (the first, the everyday screens, has none). A new screen
 * adds its route file and one line in its group here. Projects and Timeline
 * have screens of their own (/admin/projects, /admin/timeline; the spec's
 * dashboard keeps its sections with the same lists). Messages
 * (the inbox), Analytics, Share links and Notifications have a route file
 * each too. README and docs name a screen by its group: "Settings →
 * Security".
 */
export const adminNavGroups = [
  {
    id: 'main',
    label: null,
    entries: [
      { label: 'Dashboard', link: linkOptions({ to: '/admin', activeOptions: exact }) },
      { label: 'Projects', link: linkOptions({ to: '/admin/projects' }) },
      { label: 'Timeline', link: linkOptions({ to: '/admin/timeline' }) },
      // The inbox, a screen of its own (the dashboard's "Manage Contacts." table stays there).
      {
        label: 'Messages',
        link: linkOptions({ to: '/admin/messages' }),
      },
      // Responses from the social web, beside the messages (docs/social-web.md).
      {
        label: 'Conversations',
        link: linkOptions({ to: '/admin/conversations' }),
      },
    ],
  },
  {
    id: 'content',
    label: 'Content',
    entries: [
      { label: 'Profile', link: linkOptions({ to: '/admin/profile' }) },
      { label: 'Notes', link: linkOptions({ to: '/admin/notes' }) },
      { label: 'Pages', link: linkOptions({ to: '/admin/pages' }) },
      { label: 'Publications', link: linkOptions({ to: '/admin/publications' }) },
      { label: 'Talks', link: linkOptions({ to: '/admin/talks' }) },
      { label: 'Teaching', link: linkOptions({ to: '/admin/teaching' }) },
      { label: 'Media', link: linkOptions({ to: '/admin/media' }) },
      { label: 'CV', link: linkOptions({ to: '/admin/cv' }) },
      { label: 'Import', link: linkOptions({ to: '/admin/import' }) },
      { label: 'GitHub', link: linkOptions({ to: '/admin/github' }) },
      { label: 'Trash', link: linkOptions({ to: '/admin/trash' }) },
    ],
  },
  // Visits counted on the server, and the named links sent with applications.
  {
    id: 'insights',
    label: 'Insights',
    entries: [
      {
        label: 'Analytics',
        link: linkOptions({ to: '/admin/analytics' }),
      },
      {
        label: 'Share links',
        link: linkOptions({ to: '/admin/share-links' }),
      },
      { label: 'Newsletter', link: linkOptions({ to: '/admin/newsletter' }) },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    entries: [
      { label: 'Appearance', link: linkOptions({ to: '/admin/appearance' }) },
      { label: 'Search & sharing', link: linkOptions({ to: '/admin/search-sharing' }) },
      { label: 'Navigation', link: linkOptions({ to: '/admin/navigation' }) },
      { label: 'Security', link: linkOptions({ to: '/admin/security' }) },
      {
        label: 'Notifications',
        link: linkOptions({ to: '/admin/notifications' }),
      },
      { label: 'Fediverse', link: linkOptions({ to: '/admin/fediverse' }) },
      { label: 'Backup', link: linkOptions({ to: '/admin/backup' }) },
      { label: 'Audit log', link: linkOptions({ to: '/admin/audit' }) },
    ],
  },
]

import { linkOptions } from '@tanstack/react-router'

/** Active on this address only, the #section included. */
const exact = { exact: true, includeHash: true }

/**
 * The admin area's navigation, in order: one entry per screen. A new screen
 * adds its route file and one line here. Projects and Timeline are the
 * dashboard's sections (the spec keeps them on /admin): their links go to
 * them on the dashboard, and each is marked current there. Messages (the
 * inbox), Analytics, Share links and Notifications are screens of /admin/$section.
 */
export const adminNav = [
  { label: 'Dashboard', link: linkOptions({ to: '/admin', activeOptions: exact }) },
  {
    label: 'Projects',
    link: linkOptions({ to: '/admin', hash: 'manage-projects', activeOptions: exact }),
  },
  {
    label: 'Timeline',
    link: linkOptions({ to: '/admin', hash: 'manage-timeline', activeOptions: exact }),
  },
  // The inbox, a screen of its own (the dashboard's "Manage Contacts." table stays there).
  {
    label: 'Messages',
    link: linkOptions({ to: '/admin/$section', params: { section: 'messages' } }),
  },
  // Visits counted on the server, and the named links sent with applications.
  {
    label: 'Analytics',
    link: linkOptions({ to: '/admin/$section', params: { section: 'analytics' } }),
  },
  {
    label: 'Share links',
    link: linkOptions({ to: '/admin/$section', params: { section: 'share-links' } }),
  },
  { label: 'Profile', link: linkOptions({ to: '/admin/profile' }) },
  { label: 'Media', link: linkOptions({ to: '/admin/media' }) },
  { label: 'CV', link: linkOptions({ to: '/admin/cv' }) },
  { label: 'Import', link: linkOptions({ to: '/admin/import' }) },
  { label: 'Backup', link: linkOptions({ to: '/admin/backup' }) },
  { label: 'Security', link: linkOptions({ to: '/admin/security' }) },
  { label: 'Audit log', link: linkOptions({ to: '/admin/audit' }) },
  {
    label: 'Notifications',
    link: linkOptions({ to: '/admin/$section', params: { section: 'notifications' } }),
  },
]

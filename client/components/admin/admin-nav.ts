import { linkOptions } from '@tanstack/react-router'

/** Active on this address only, the #section included. */
const exact = { exact: true, includeHash: true }

/**
 * The admin area's navigation, in order: one entry per screen. A new screen
 * adds its route file and one line here. Projects, Timeline and Messages are
 * the dashboard's sections (the spec keeps them on /admin): their links go
 * to them on the dashboard, and each is marked current there.
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
  {
    label: 'Messages',
    link: linkOptions({ to: '/admin', hash: 'manage-contacts', activeOptions: exact }),
  },
  { label: 'Profile', link: linkOptions({ to: '/admin/profile' }) },
  { label: 'Media', link: linkOptions({ to: '/admin/media' }) },
  { label: 'Security', link: linkOptions({ to: '/admin/security' }) },
  { label: 'Audit log', link: linkOptions({ to: '/admin/audit' }) },
]

import { linkOptions } from '@tanstack/react-router'

/** Active only on exactly this address, search included (Dashboard is not active on a section). */
const exact = { exact: true, includeSearch: true }

/**
 * The admin area's navigation, in order: one entry per screen. A new screen
 * adds its route file and one line here.
 */
export const adminNav = [
  { label: 'Dashboard', link: linkOptions({ to: '/admin', activeOptions: exact }) },
  {
    label: 'Projects',
    link: linkOptions({ to: '/admin', search: { section: 'projects' }, activeOptions: exact }),
  },
  {
    label: 'Timeline',
    link: linkOptions({ to: '/admin', search: { section: 'timeline' }, activeOptions: exact }),
  },
  {
    label: 'Messages',
    link: linkOptions({ to: '/admin', search: { section: 'messages' }, activeOptions: exact }),
  },
  { label: 'Profile', link: linkOptions({ to: '/admin/profile' }) },
  { label: 'Media', link: linkOptions({ to: '/admin/media' }) },
]

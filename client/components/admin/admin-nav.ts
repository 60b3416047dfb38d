import { linkOptions } from '@tanstack/react-router'

/**
 * The admin area's navigation, in order: one entry per screen. A new screen
 * adds its route file and one line here. An entry is active (aria-current)
 * on its address and the screens under it (Projects while editing one);
 * the dashboard only on /admin itself.
 */
export const adminNav = [
  { label: 'Dashboard', link: linkOptions({ to: '/admin', activeOptions: { exact: true } }) },
  {
    label: 'Projects',
    link: linkOptions({ to: '/admin/$section', params: { section: 'projects' } }),
  },
  {
    label: 'Timeline',
    link: linkOptions({ to: '/admin/$section', params: { section: 'timeline' } }),
  },
  {
    label: 'Messages',
    link: linkOptions({ to: '/admin/$section', params: { section: 'messages' } }),
  },
  { label: 'Profile', link: linkOptions({ to: '/admin/profile' }) },
  { label: 'Media', link: linkOptions({ to: '/admin/media' }) },
  {
    label: 'Notifications',
    link: linkOptions({ to: '/admin/$section', params: { section: 'notifications' } }),
  },
]

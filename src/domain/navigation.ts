/**
 * The site's fixed screens a menu can link to, with the words and paths the
 * header shows. The spec's three (Home, Projects, Contact) are always in the
 * header, shown, with these words; the others can be added, hidden or
 * renamed (src/schemas/navigation.ts).
 */
export const fixedScreens = [
  'home',
  'projects',
  'contact',
  'notes',
  'cv',
  'search',
  'privacy',
  'publications',
  'talks',
  'teaching',
] as const
export type FixedScreen = (typeof fixedScreens)[number]

export const screenInfo: Record<FixedScreen, { label: string; path: string }> = {
  home: { label: 'Home', path: '/' },
  projects: { label: 'Projects', path: '/projects' },
  contact: { label: 'Contact', path: '/contact-me' },
  notes: { label: 'Notes', path: '/notes' },
  cv: { label: 'CV', path: '/cv' },
  search: { label: 'Search', path: '/search' },
  privacy: { label: 'Privacy', path: '/privacy' },
  publications: { label: 'Publications', path: '/publications' },
  talks: { label: 'Talks', path: '/talks' },
  teaching: { label: 'Teaching', path: '/teaching' },
}

/** Screens the public menu shows only once they have a published entry (Notes: a live note). */
export const screensShownWhenFilled: readonly FixedScreen[] = ['publications', 'talks', 'teaching']

/** The spec's header links: their words stay, they stay shown, they cannot be removed. */
export const requiredScreens: readonly FixedScreen[] = ['home', 'projects', 'contact']

/** How many header links fit on a phone's row; past that the menu folds into a disclosure. */
export const PHONE_MENU_LINKS = 4

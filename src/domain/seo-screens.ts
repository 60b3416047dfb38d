/**
 * The site's fixed screens whose search and share text the owner may set
 * (Settings → Search & sharing), with the path each is at and what the
 * settings screen calls it.
 */
export const SEO_SCREENS = ['home', 'projects', 'notes', 'cv'] as const
export type SeoScreen = (typeof SEO_SCREENS)[number]

export const seoScreenInfo: Record<SeoScreen, { path: string; label: string }> = {
  home: { path: '/', label: 'Home' },
  projects: { path: '/projects', label: 'Projects' },
  notes: { path: '/notes', label: 'Notes' },
  cv: { path: '/cv', label: 'CV' },
}

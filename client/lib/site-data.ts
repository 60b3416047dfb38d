import { useLoaderData } from '@tanstack/react-router'
import type { SiteStyle } from '../../src/domain/site-styles'
import type { Menu } from '../../src/schemas/navigation'
import type { ApiOutputs } from './api'

/**
 * The profile as the public pages have it: without the About text's Markdown
 * source (`bio`), which they never show (they show `bio_html`), so that it is
 * not in every page's data (the first round trip: docs/performance.md).
 */
export type Profile = Omit<ApiOutputs['profile']['get'], 'bio'>

/** What every page shows around itself: the root loader's data (client/routes/__root.tsx). */
export interface SiteData {
  profile: Profile
  hasNotes: boolean
  /** The header's and footer's links (Settings → Navigation). */
  menu: Menu
  /** The owner's site style, on <html data-style> (client/routes/__root.tsx). */
  style: SiteStyle
}

/** The root loader's data; none on an error page whose root loader failed. */
export function useSiteData(): SiteData | undefined {
  return useLoaderData({ from: '__root__' }) as SiteData | undefined
}

/** The owner's profile, for a page rendered under the root (its loader succeeded). */
export function useProfile(): Profile {
  const data = useSiteData()
  if (!data) throw new Error('The root loader has not loaded the profile.')
  return data.profile
}

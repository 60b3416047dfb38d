import { useLoaderData } from '@tanstack/react-router'
import type { ApiOutputs } from './api'

export type Profile = ApiOutputs['profile']['get']

/** What every page shows around itself: the root loader's data (client/routes/__root.tsx). */
export interface SiteData {
  profile: Profile
  hasNotes: boolean
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

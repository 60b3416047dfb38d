/**
 * The profile's values when no OWNER_* variable is set: placeholders, not
 * the owner's. Visitors never see them (`withoutPlaceholders`): until the
 * owner gives a name, the home page says the site is being set up, and the
 * admin's Get started checklist names what is still missing
 * (`missingOwnerDetails`). A JSON Resume import fills a profile field still
 * holding one, as it fills an empty one.
 */
export const ownerPlaceholders = {
  name: 'Your Name',
  email: 'you@example.com',
  university: 'Your University',
  linkedin_url: 'https://www.linkedin.com/',
  github_url: 'https://github.com/',
} as const

type PlaceholderField = keyof typeof ownerPlaceholders

/** The profile with every placeholder value blanked: what visitors may see of it. */
export function withoutPlaceholders<P extends Record<PlaceholderField, string>>(profile: P): P {
  const shown = { ...profile }
  for (const field of Object.keys(ownerPlaceholders) as PlaceholderField[]) {
    if (shown[field].trim() === ownerPlaceholders[field]) shown[field] = '' as P[PlaceholderField]
  }
  return shown
}

/** What the owner has not given yet, in the checklist's order. */
export const ownerDetails = ['name', 'email', 'university', 'bio'] as const
export type OwnerDetail = (typeof ownerDetails)[number]

/**
 * The details a new site still lacks: the name and the email address (empty
 * or the placeholder), the university while it is the placeholder (an empty
 * one is the owner's choice: the line is left out), and a few words (bio).
 */
export function missingOwnerDetails(
  profile: Record<PlaceholderField, string> & { bio: string },
): OwnerDetail[] {
  const blank = (field: PlaceholderField) =>
    profile[field].trim() === '' || profile[field].trim() === ownerPlaceholders[field]
  const missing: Record<OwnerDetail, boolean> = {
    name: blank('name'),
    email: blank('email'),
    university: profile.university.trim() === ownerPlaceholders.university,
    bio: profile.bio.trim() === '',
  }
  return ownerDetails.filter((detail) => missing[detail])
}

/**
 * ORCID iDs: sixteen characters in four groups, the last a check character
 * (ISO 7064 MOD 11-2, as https://support.orcid.org/hc/en-us/articles/360006897674
 * describes it), typed bare or as the orcid.org address.
 */
const shape = /^(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dX])$/

/** The check character of the first fifteen digits. */
function checkCharacter(digits: string): string {
  let total = 0
  for (const digit of digits) total = (total + Number(digit)) * 2
  const result = (12 - (total % 11)) % 11
  return result === 10 ? 'X' : String(result)
}

/** `0000-0002-1825-0097` from what was typed, or null when it is not an ORCID iD. */
export function normaliseOrcid(value: string): string | null {
  const typed = value
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?orcid\.org\//i, '')
    .replace(/\/$/, '')
    .toUpperCase()
  const parts = shape.exec(typed)
  if (!parts) return null
  const id = parts.slice(1).join('-')
  const digits = id.replaceAll('-', '')
  return checkCharacter(digits.slice(0, 15)) === digits[15] ? id : null
}

/** The iD's public address, which ORCID asks sites to show it as. */
export function orcidAddress(id: string): string {
  return `https://orcid.org/${id}`
}

export const ORCID_FORMAT_ERROR = 'ORCID iD must look like 0000-0002-1825-0097.'

/**
 * The owner's links with the ORCID iD's address last (labelled "ORCID"), unless a link
 * already points to it: what the pages list with rel="me" and give as `sameAs`.
 */
export function linksWithOrcid<Link extends { label: string; url: string }>(profile: {
  links: readonly Link[]
  orcid: string
}): readonly (Link | { label: string; url: string })[] {
  if (!profile.orcid) return profile.links
  const url = orcidAddress(profile.orcid)
  const listed = profile.links.some(
    (link) => link.url.replace(/^http:/, 'https:').replace(/\/$/, '') === url,
  )
  return listed ? profile.links : [...profile.links, { label: 'ORCID', url }]
}

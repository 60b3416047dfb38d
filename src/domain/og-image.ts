/**
 * Where each public page's link-preview card (Open Graph image) is served:
 * one table for the server that draws them (server/http/surfaces/og.ts) and the head
 * tags that point at them (client/lib/seo.ts).
 */

export const OG_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const

/** Part of every card's version: raise it when the cards' design changes (server/og/card.ts). */
export const OG_CARD_DESIGN = 1

export type OgPage =
  | { page: 'home' }
  | { page: 'projects' }
  | { page: 'contact' }
  | { page: 'project'; slug: string }
  | { page: 'note'; slug: string }
  | { page: 'publication'; slug: string }

const fixed = {
  home: '/og/home.png',
  projects: '/og/projects.png',
  contact: '/og/contact-me.png',
} as const

/** The card's path: `/og/home.png`, `/og/projects/{slug}.png`… */
export function ogImagePath(page: OgPage): string {
  if (page.page === 'project') return `/og/projects/${encodeURIComponent(page.slug)}.png`
  if (page.page === 'note') return `/og/notes/${encodeURIComponent(page.slug)}.png`
  if (page.page === 'publication') return `/og/publications/${encodeURIComponent(page.slug)}.png`
  return fixed[page.page]
}

/** Which page's card a path asks for, or null for any other path. */
export function ogPageOf(path: string): OgPage | null {
  for (const [page, fixedPath] of Object.entries(fixed)) {
    if (path === fixedPath) return { page } as OgPage
  }
  const match = /^\/og\/(projects|notes|publications)\/([^/]+)\.png$/.exec(path)
  if (!match?.[2]) return null
  try {
    const slug = decodeURIComponent(match[2])
    if (slug.trim() === '') return null
    if (match[1] === 'publications') return { page: 'publication', slug }
    return match[1] === 'notes' ? { page: 'note', slug } : { page: 'project', slug }
  } catch {
    return null
  }
}

/**
 * A short fingerprint of what a card shows (FNV-1a, 32 bits, hex), added to
 * its URL as `?v=`: link previewers keep an image by its URL for days, so a
 * card whose words or picture changed gets a new URL. The server reads no
 * query parameter: the same path always answers the current card.
 */
export function cardVersion(parts: readonly (string | number | null | undefined)[]): string {
  let hash = 0x811c9dc5
  for (const char of [OG_CARD_DESIGN, ...parts].map((part) => String(part ?? '')).join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

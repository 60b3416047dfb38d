/**
 * Where a project without an image finds its generated cover: one table for
 * the server that draws it (server/http/covers.ts) and the cards and pages
 * that show it (client/components/project-card.tsx).
 */
import { cardVersion } from './og-image'

/** The cover's box: 16:9, the cards' and the project page's image box. */
export const COVER = { width: 1280, height: 720, type: 'image/svg+xml' } as const

/** Part of every cover's version: raise it when the covers' design changes (server/og/cover.ts). */
export const COVER_DESIGN = 2

/**
 * The cover's address, with `?v=` from its words: a browser holding the old
 * cover asks for the new one as soon as the title or the tags change (the
 * server reads no query parameter, and its ETag follows the content version,
 * so an accent change is seen on the next revalidation).
 */
export function projectCoverUrl(project: { slug: string; title: string; tags: readonly string[] }) {
  const version = cardVersion(['cover', COVER_DESIGN, project.title, ...project.tags])
  return `/covers/projects/${encodeURIComponent(project.slug)}.svg?v=${version}`
}

/** The project slug a cover path asks for, or null for any other path. */
export function coverSlugOf(path: string): string | null {
  const match = /^\/covers\/projects\/([^/]+)\.svg$/.exec(path)
  if (!match?.[1]) return null
  try {
    const slug = decodeURIComponent(match[1])
    return slug.trim() === '' ? null : slug
  } catch {
    return null
  }
}

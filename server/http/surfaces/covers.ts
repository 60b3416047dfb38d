/**
 * `GET /covers/projects/{slug}.svg`: the generated cover of a published
 * project (server/og/cover.ts), which its card and its page show when it has
 * no image. Goes through the response cache like the link-preview cards
 * (the route table, http/routes.ts): kept for the content version, an ETag, `no-cache`, 304s; the
 * address carries `?v=` from the cover's words (src/domain/project-cover.ts).
 * An unknown or unpublished project is a 404, a former slug moves to the
 * current one. The SVG is drawn on a Worker (server/og/cover-thread.ts).
 */
import { TRPCError } from '@trpc/server'
import { coverSlugOf, projectCoverUrl } from '../../../src/domain/project-cover'
import type { SiteStyle } from '../../../src/domain/site-styles'
import type { Profile } from '../../../src/schemas/profile'
import type { Project } from '../../../src/schemas/project'
import { messages } from '../../messages'
import { createCoverThread } from '../../og/cover-thread'
import { jsonError } from '../../trpc/errors'

/** What covers are drawn from: the public procedures (a tRPC caller fits). */
export interface CoverSources {
  profile: { get: () => Promise<Profile> }
  projects: { bySlug: (input: { slug: string }) => Promise<Project> }
  /** The site style: the title is set in its display face. */
  appearance: { get: () => Promise<{ style: SiteStyle }> }
}

const notFound = () => jsonError(404, messages.notFound)

/** Drawn off the request thread: the first cover loads fonts for 150–200 ms (og/cover-thread.ts). */
const coverThread = createCoverThread()

/** The answer to a GET or HEAD of `/covers/…` (the response cache keeps it). */
export async function coverResponse(request: Request, sources: CoverSources): Promise<Response> {
  const slug = coverSlugOf(new URL(request.url).pathname)
  if (!slug) return notFound()
  let project: Project
  try {
    project = await sources.projects.bySlug({ slug })
  } catch (error) {
    // Unknown, unpublished, or a slug the lookup refuses: no such cover.
    if (error instanceof TRPCError && ['NOT_FOUND', 'BAD_REQUEST'].includes(error.code)) {
      return notFound()
    }
    throw error
  }
  if (project.slug !== slug) {
    return new Response(null, { status: 301, headers: { location: projectCoverUrl(project) } })
  }
  const [profile, appearance] = await Promise.all([sources.profile.get(), sources.appearance.get()])
  const svg = await coverThread.render({
    title: project.title,
    tags: project.tags,
    accent: profile.accent_color,
    seed: project.slug,
    style: appearance.style,
  })
  return new Response(svg, {
    // Opened on its own, an SVG is a document: every answer's resource CSP keeps it inert (headers.ts).
    headers: { 'content-type': 'image/svg+xml; charset=utf-8' },
  })
}

/**
 * `GET /og/…png`: each public page's link-preview card (server/og/card.ts),
 * drawn from the public content:
 *
 *   /og/home.png                 the owner: name, greeting headline, study lines, photo
 *   /og/projects.png             the projects page, in the owner's name, with the photo
 *   /og/contact-me.png           the contact page, likewise
 *   /og/projects/{slug}.png      a project: title, short description, tags, first image
 *   /og/notes/{slug}.png         a live note: title, summary, tags, cover
 *   /og/publications/{slug}.png  a published publication: title, authors and venue, tags
 *
 * The answers go through the response cache like pages (app.ts): kept for
 * the content version, an ETag, `no-cache`, 304s. A content write makes the
 * next request draw the card again, unless its words and images are the
 * same: drawn cards are also kept by what they show (an LRU of 16 MB), so an
 * unrelated edit costs a database read, not a new drawing. An unknown or
 * unpublished project is a 404, a former slug moves to the current one.
 */
import { createHash } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { LRUCache } from 'lru-cache'
import pLimit from 'p-limit'
import { ogImagePath, ogPageOf } from '../../../src/domain/og-image'
import { introLines } from '../../../src/domain/profile-lines'
import type { Note } from '../../../src/schemas/note'
import type { Profile } from '../../../src/schemas/profile'
import type { Project } from '../../../src/schemas/project'
import type { Publication } from '../../../src/schemas/publication'
import type { Logger } from '../../log'
import { messages } from '../../messages'
import { type Card, renderCard } from '../../og/card'
import { type ImageSources, readSiteImage, type SiteImage } from '../../og/images'
import { jsonError } from '../../trpc/errors'

/** What the cards are drawn from: the public procedures (a tRPC caller fits). */
export interface OgSources {
  profile: { get: () => Promise<Profile> }
  projects: { bySlug: (input: { slug: string }) => Promise<Project> }
  notes: { bySlug: (input: { slug: string }) => Promise<Note> }
  publications: { bySlug: (input: { slug: string }) => Promise<Publication> }
}

export interface OgHandlerDeps extends ImageSources {
  /** Absolute, no trailing slash: its host is the cards' footer. */
  siteUrl: string
  log: Logger
}

/** The spec's sentences of the home page, as the card repeats them (the study and focus lines). */
function studyLines(profile: Profile): string[] {
  return introLines({ ...profile, age: null, minor: '' })
}

/** The first of a project's images the server holds (an upload or a site file). */
async function firstImage(
  deps: ImageSources,
  project: Project,
  width: number,
): Promise<SiteImage | null> {
  for (const [index, url] of project.image_urls.entries()) {
    const image = await readSiteImage(deps, url, project.images[index] ?? null, width)
    if (image) return image
  }
  return null
}

const notFound = () => jsonError(404, messages.notFound)

export function createOgHandler(deps: OgHandlerDeps) {
  const host = new URL(deps.siteUrl).host
  // Drawn cards by what they show; a few hundred KB each.
  const drawn = new LRUCache<string, Uint8Array<ArrayBuffer>>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (png) => png.byteLength,
  })
  // One drawing at a time: libvips uses every core for one already.
  const drawing = pLimit(1)

  /** The card's PNG: the one drawn before for the same words and images, or a new one. */
  async function pngOf(card: Card, images: (SiteImage | null)[]): Promise<Uint8Array<ArrayBuffer>> {
    const identity = JSON.stringify({
      card: { ...card, photo: undefined, image: undefined },
      images: images.map((image) => image?.id ?? null),
    })
    const key = createHash('sha256').update(identity).digest('base64url')
    const kept = drawn.get(key)
    if (kept) return kept
    const png = await drawing(() => renderCard(card))
    drawn.set(key, png)
    return png
  }

  async function personCard(
    profile: Profile,
    words: { eyebrow: string; title: string; subtitle: string; lines: string[] },
  ) {
    const photo = await readSiteImage(deps, profile.photo_url, profile.photo, 320)
    const card: Card = {
      kind: 'person',
      ...words,
      name: profile.name,
      photo: photo?.bytes ?? null,
      site: host,
    }
    return pngOf(card, [photo])
  }

  /** The project or note a card shows, or the answer instead: 404 (unknown, not public), 301 (a former slug). */
  async function bySlug<T extends { slug: string }>(
    page: 'project' | 'note' | 'publication',
    slug: string,
    lookup: (input: { slug: string }) => Promise<T>,
  ): Promise<T | Response> {
    let entry: T
    try {
      entry = await lookup({ slug })
    } catch (error) {
      // Unknown, unpublished, not live, or a slug the lookup refuses: no such card.
      if (error instanceof TRPCError && ['NOT_FOUND', 'BAD_REQUEST'].includes(error.code)) {
        return notFound()
      }
      throw error
    }
    if (entry.slug === slug) return entry
    return new Response(null, {
      status: 301,
      headers: { location: ogImagePath({ page, slug: entry.slug }) },
    })
  }

  /** A piece of work's card: its title, description, tags and image, signed with the owner's name. */
  async function workCard(
    sources: OgSources,
    work: { title: string; description: string; tags: string[] },
    image: Promise<SiteImage | null>,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const [profile, picture] = await Promise.all([sources.profile.get(), image])
    const card: Card = {
      kind: 'project',
      ...work,
      image: picture?.bytes ?? null,
      footer: `${profile.name} · ${host}`,
    }
    return pngOf(card, [picture])
  }

  /** The card of one page, or the answer instead of it (404, a redirect). */
  async function draw(
    sources: OgSources,
    path: string,
  ): Promise<Uint8Array<ArrayBuffer> | Response> {
    const page = ogPageOf(path)
    if (!page) return notFound()
    if (page.page === 'project') {
      const project = await bySlug('project', page.slug, (input) => sources.projects.bySlug(input))
      if (project instanceof Response) return project
      return workCard(sources, project, firstImage(deps, project, 640))
    }
    if (page.page === 'note') {
      const note = await bySlug('note', page.slug, (input) => sources.notes.bySlug(input))
      if (note instanceof Response) return note
      const cover = note.cover_url
        ? readSiteImage(deps, note.cover_url, null, 640)
        : Promise.resolve(null)
      const work = { title: note.title, description: note.summary, tags: note.tags }
      return workCard(sources, work, cover)
    }
    if (page.page === 'publication') {
      const publication = await bySlug('publication', page.slug, (input) =>
        sources.publications.bySlug(input),
      )
      if (publication instanceof Response) return publication
      const authors = publication.authors
        .map((a) => a.literal ?? [a.given, a.family].filter(Boolean).join(' '))
        .join(', ')
      const where = [publication.venue, publication.year].filter(Boolean).join(', ')
      const work = {
        title: publication.title,
        description: [authors, where].filter(Boolean).join(' · '),
        tags: publication.tags,
      }
      return workCard(sources, work, Promise.resolve(null))
    }
    const profile = await sources.profile.get()
    if (page.page === 'home') {
      return personCard(profile, {
        eyebrow: 'Portfolio',
        title: profile.name,
        subtitle: profile.greeting,
        lines: studyLines(profile),
      })
    }
    if (page.page === 'projects') {
      return personCard(profile, {
        eyebrow: 'Projects',
        title: `Projects by ${profile.name}`,
        subtitle: 'Things I have designed, built and shipped.',
        lines: [],
      })
    }
    return personCard(profile, {
      eyebrow: 'Contact',
      title: `Contact ${profile.name}`,
      subtitle: 'Questions, feedback, a career opportunity or just a hello: send a message.',
      lines: [],
    })
  }

  return {
    /** The answer to a GET or HEAD of `/og/…` (the response cache keeps it). */
    async handle(request: Request, sources: OgSources): Promise<Response> {
      const path = new URL(request.url).pathname
      const started = performance.now()
      const result = await draw(sources, path)
      if (result instanceof Response) return result
      deps.log.debug('og card', {
        path,
        bytes: result.byteLength,
        ms: Math.round(performance.now() - started),
      })
      return new Response(result, {
        headers: {
          'content-type': 'image/png',
          'content-length': String(result.byteLength),
        },
      })
    },
  }
}

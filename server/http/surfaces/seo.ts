/**
 * The files crawlers and browsers ask for beside the pages: /sitemap.xml
 * (every public page, every project, note and page of the owner's at its current slug), /robots.txt and
 * the web app manifest.
 */
import { SEO_SCREENS, seoScreenInfo } from '../../../src/domain/seo-screens'
import type { Note } from '../../../src/schemas/note'
import type { Page } from '../../../src/schemas/page'
import type { Profile } from '../../../src/schemas/profile'
import type { Project } from '../../../src/schemas/project'
import type { ScreensSeo } from '../../../src/schemas/seo'

/** The public pages that exist whatever the content. */
export const publicPages = ['/', '/projects', '/cv', '/contact-me', '/privacy'] as const

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A fixed screen's path, when the owner hid it from search engines (Settings → Search & sharing). */
function hiddenPaths(screens: ScreensSeo | undefined): Set<string> {
  return new Set(
    SEO_SCREENS.filter((screen) => screens?.[screen].noindex).map(
      (screen) => seoScreenInfo[screen].path,
    ),
  )
}

/** What search engines may list: an item hidden from them (`noindex`) is left out. */
const listed = <T extends { noindex: boolean }>(items: readonly T[]) =>
  items.filter((item) => !item.noindex)

export function sitemapXml(
  siteUrl: string,
  projects: readonly Project[],
  notes: readonly Note[] = [],
  pages: readonly Page[] = [],
  screens?: ScreensSeo,
  scholarly: ScholarlyLists = { publications: [], talks: [], teaching: [] },
): string {
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${
      lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''
    }</url>`
  const hidden = hiddenPaths(screens)
  const lines = [
    ...publicPages.filter((path) => !hidden.has(path)).map((path) => entry(path)),
    ...listed(projects).map((project) =>
      entry(`/projects/${encodeURIComponent(project.slug)}`, project.updated_at),
    ),
    // Notes: the list once a note is live, and each live note.
    ...(notes.length > 0 && !hidden.has('/notes') ? [entry('/notes')] : []),
    ...listed(notes).map((note) =>
      entry(`/notes/${encodeURIComponent(note.slug)}`, note.updated_at),
    ),
    // The owner's published pages, at /{slug}.
    ...listed(pages).map((page) => entry(`/${encodeURIComponent(page.slug)}`, page.updated_at)),
    // The scholarly record: each list once it has a published entry, and each publication.
    ...(scholarly.publications.length > 0 ? [entry('/publications')] : []),
    ...listed(scholarly.publications).map((publication) =>
      entry(`/publications/${encodeURIComponent(publication.slug)}`, publication.updated_at),
    ),
    ...(scholarly.talks.length > 0 ? [entry('/talks')] : []),
    ...(scholarly.teaching.length > 0 ? [entry('/teaching')] : []),
  ]
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

export function webManifest(profile: Pick<Profile, 'name' | 'accent_color'>) {
  return {
    name: `${profile.name} · Portfolio`,
    short_name: profile.name,
    description: 'Portfolio: projects, experience and education.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'minimal-ui',
    background_color: '#f8fafc',
    theme_color: profile.accent_color,
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  }
}

/** The published publications, talks and courses (the public lists). */
export interface ScholarlyLists {
  publications: readonly { slug: string; updated_at: string; noindex: boolean }[]
  talks: readonly unknown[]
  teaching: readonly unknown[]
}

/** Where the content comes from: the public procedures (a tRPC caller fits). */
export interface SeoSources {
  projects: { list: () => Promise<Project[]> }
  notes: { list: (input: { tag?: string | null }) => Promise<Note[]> }
  profile: { get: () => Promise<Profile> }
  pages: { list: () => Promise<Page[]> }
  settings: { seo: () => Promise<ScreensSeo> }
  publications: { list: () => Promise<ScholarlyLists['publications']> }
  talks: { list: () => Promise<ScholarlyLists['talks']> }
  teaching: { list: () => Promise<ScholarlyLists['teaching']> }
}

/** The three answers, revalidated on every use (content changes with each admin write). */
export function createSeoHandlers(siteUrl: string, sources: SeoSources) {
  const revalidate = 'no-cache'
  return {
    sitemap: async () =>
      new Response(
        sitemapXml(
          siteUrl,
          await sources.projects.list(),
          await sources.notes.list({}),
          await sources.pages.list(),
          await sources.settings.seo(),
          {
            publications: await sources.publications.list(),
            talks: await sources.talks.list(),
            teaching: await sources.teaching.list(),
          },
        ),
        {
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'cache-control': revalidate,
          },
        },
      ),
    robots: () =>
      new Response(robotsTxt(siteUrl), {
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': revalidate },
      }),
    manifest: async () =>
      new Response(JSON.stringify(webManifest(await sources.profile.get())), {
        headers: {
          'content-type': 'application/manifest+json; charset=utf-8',
          'cache-control': revalidate,
        },
      }),
  }
}

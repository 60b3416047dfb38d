/**
 * The notes' feeds: `/feed.xml` (Atom 1.0), `/rss.xml` (RSS 2.0) and
 * `/feed.json` (JSON Feed 1.1), each the newest FEED_SIZE live notes with
 * their full sanitised HTML. Feed readers show a note away from the site,
 * so every relative link and image in it is made absolute against the
 * site's address. Atom and RSS are written by fast-xml-parser's XMLBuilder,
 * which escapes every text and attribute (no CDATA section for a `]]>` to
 * end); characters XML cannot carry at all are left out first. Plain texts
 * (titles, summaries) are `type="text"` in Atom, only the body is HTML.
 * JSON Feed 1.1 is plain JSON. The answers go through the
 * response cache (ETag, 304) and carry `Last-Modified`: the latest change
 * among the notes they hold.
 */
import { XMLBuilder } from 'fast-xml-parser'
import type { Element, Root } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toHtml } from 'hast-util-to-html'
import { visit } from 'unist-util-visit'
import type { Note } from '../../../src/schemas/note'
import type { Profile } from '../../../src/schemas/profile'
import { xmlSafe } from '../../xml-safe'

/** Notes per feed. */
export const FEED_SIZE = 20

/** Where each feed is, with its media type; every HTML page links to them. */
export const feedFiles = [
  { path: '/feed.xml', type: 'application/atom+xml', title: 'Atom feed' },
  { path: '/rss.xml', type: 'application/rss+xml', title: 'RSS feed' },
  { path: '/feed.json', type: 'application/feed+json', title: 'JSON Feed' },
] as const

/** Where the content comes from: the public procedures (a tRPC caller fits). */
export interface FeedSources {
  notes: { list: (input: { tag?: string | null }) => Promise<Note[]> }
  profile: { get: () => Promise<Profile> }
}

const urlAttributes: Record<string, string[]> = {
  a: ['href'],
  img: ['src'],
  source: ['src'],
}

/** The HTML with every relative `href`, `src` and `srcset` URL resolved against `base`. */
export function absolutiseHtml(html: string, base: string): string {
  const tree = fromHtml(html, { fragment: true }) as Root
  const resolve = (value: string) => {
    try {
      return new URL(value, `${base}/`).href
    } catch {
      return value
    }
  }
  visit(tree, 'element', (node: Element) => {
    for (const name of urlAttributes[node.tagName] ?? []) {
      const value = node.properties[name]
      if (typeof value === 'string' && value !== '' && !value.startsWith('#')) {
        node.properties[name] = resolve(value)
      }
    }
    const srcset = node.properties.srcSet
    if (Array.isArray(srcset)) {
      const resolved: string[] = srcset.map((candidate) => {
        const [url, ...rest] = String(candidate).trim().split(/\s+/)
        return [resolve(url ?? ''), ...rest].join(' ')
      })
      node.properties.srcSet = resolved.join(', ')
    }
  })
  return toHtml(tree)
}

export interface FeedData {
  siteUrl: string
  profile: Profile
  notes: Note[]
}

const noteUrl = (siteUrl: string, note: Note) => `${siteUrl}/notes/${encodeURIComponent(note.slug)}`
const publishedOf = (note: Note) => new Date(note.published_at ?? note.created_at)
const changedOf = (note: Note) =>
  new Date(Math.max(publishedOf(note).getTime(), new Date(note.updated_at).getTime()))

/** The latest change among the notes (whole seconds, as HTTP dates carry), or null when none. */
export function lastModifiedOf(notes: readonly Note[]): Date | null {
  if (notes.length === 0) return null
  const latest = Math.max(...notes.map((note) => changedOf(note).getTime()))
  return new Date(Math.floor(latest / 1000) * 1000)
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  // `isPermaLink="true"` stays an attribute with its value (XML has no bare attributes).
  suppressBooleanAttributes: false,
})

/** An XML document from a tree in XMLBuilder's shape (`@name` attributes, `#text` text). */
function xmlDocument(tree: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build(tree)}`
}

/** A plain text node; `type="text"` where Atom asks which kind of text it is. */
const plain = (value: string) => ({ '@type': 'text', '#text': xmlSafe(value) })

const imageTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
}
const imageTypeOf = (url: string) =>
  imageTypes[/\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? ''] ?? 'image/jpeg'

const coverOf = (siteUrl: string, note: Note) =>
  note.cover_url ? new URL(note.cover_url, `${siteUrl}/`).href : null

/**
 * The feed's title, description and author: the owner's name, or, on a new site whose owner
 * has not given one yet (visitors never see the placeholder), the site's own words.
 */
function feedWords(profileName: string) {
  const owner = profileName.trim()
  return owner
    ? { author: owner, title: `${owner} · Notes`, description: `Notes by ${owner}.` }
    : { author: 'Portfolio', title: 'Notes', description: 'Notes from this portfolio.' }
}

/** Atom 1.0 (RFC 4287). */
export function atomFeed(data: FeedData): string {
  const { siteUrl, profile, notes } = data
  const words = feedWords(profile.name)
  const name = xmlSafe(words.author)
  const author = { name, uri: `${siteUrl}/` }
  return xmlDocument({
    feed: {
      '@xmlns': 'http://www.w3.org/2005/Atom',
      '@xml:lang': 'en',
      id: `${siteUrl}/notes`,
      title: plain(words.title),
      subtitle: plain(words.description),
      updated: (lastModifiedOf(notes) ?? new Date(0)).toISOString(),
      generator: 'portfolio',
      rights: plain(`© ${words.author}`),
      author,
      link: [
        { '@rel': 'alternate', '@type': 'text/html', '@href': `${siteUrl}/notes` },
        { '@rel': 'self', '@type': 'application/atom+xml', '@href': `${siteUrl}/feed.xml` },
      ],
      entry: notes.map((note) => {
        const link = noteUrl(siteUrl, note)
        const cover = coverOf(siteUrl, note)
        return {
          id: link,
          title: plain(note.title),
          link: [
            { '@rel': 'alternate', '@type': 'text/html', '@href': link },
            ...(cover
              ? [{ '@rel': 'enclosure', '@type': imageTypeOf(cover), '@href': cover }]
              : []),
          ],
          published: publishedOf(note).toISOString(),
          updated: changedOf(note).toISOString(),
          author,
          summary: plain(note.summary),
          content: { '@type': 'html', '#text': xmlSafe(absolutiseHtml(note.body_html, siteUrl)) },
          category: note.tags.map((tag) => ({ '@term': xmlSafe(tag), '@label': xmlSafe(tag) })),
        }
      }),
    },
  })
}

/** HTML-escaped text: RSS's `description` is HTML, the summary is plain text. */
const htmlEscaped = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

/** RSS 2.0 (https://www.rssboard.org/rss-specification). */
export function rssFeed(data: FeedData): string {
  const { siteUrl, profile, notes } = data
  const words = feedWords(profile.name)
  const name = xmlSafe(words.author)
  const updated = lastModifiedOf(notes) ?? new Date(0)
  return xmlDocument({
    rss: {
      '@version': '2.0',
      '@xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      '@xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
      '@xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel: {
        title: xmlSafe(words.title),
        link: `${siteUrl}/notes`,
        description: xmlSafe(words.description),
        language: 'en',
        copyright: `© ${name}`,
        lastBuildDate: updated.toUTCString(),
        docs: 'https://www.rssboard.org/rss-specification',
        generator: 'portfolio',
        'atom:link': {
          '@href': `${siteUrl}/rss.xml`,
          '@rel': 'self',
          '@type': 'application/rss+xml',
        },
        item: notes.map((note) => {
          const link = noteUrl(siteUrl, note)
          const cover = coverOf(siteUrl, note)
          return {
            title: xmlSafe(note.title),
            link,
            guid: { '@isPermaLink': 'true', '#text': link },
            pubDate: publishedOf(note).toUTCString(),
            'dc:creator': name,
            description: htmlEscaped(xmlSafe(note.summary)),
            'content:encoded': xmlSafe(absolutiseHtml(note.body_html, siteUrl)),
            category: note.tags.map(xmlSafe),
            ...(cover
              ? { enclosure: { '@url': cover, '@length': '0', '@type': imageTypeOf(cover) } }
              : {}),
          }
        }),
      },
    },
  })
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export function jsonFeed(data: FeedData): string {
  const { siteUrl, profile, notes } = data
  const words = feedWords(profile.name)
  const author = { name: words.author, url: `${siteUrl}/` }
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: words.title,
    home_page_url: `${siteUrl}/notes`,
    feed_url: `${siteUrl}/feed.json`,
    description: words.description,
    language: 'en',
    authors: [author],
    items: notes.map((note) => ({
      id: noteUrl(siteUrl, note),
      url: noteUrl(siteUrl, note),
      title: note.title,
      content_html: absolutiseHtml(note.body_html, siteUrl),
      summary: note.summary,
      ...(note.cover_url ? { image: new URL(note.cover_url, `${siteUrl}/`).href } : {}),
      date_published: publishedOf(note).toISOString(),
      date_modified: changedOf(note).toISOString(),
      tags: note.tags,
      authors: [author],
    })),
  })
}

const formats = {
  '/feed.xml': { type: 'application/atom+xml; charset=utf-8', make: atomFeed },
  '/rss.xml': { type: 'application/rss+xml; charset=utf-8', make: rssFeed },
  '/feed.json': { type: 'application/feed+json; charset=utf-8', make: jsonFeed },
} as const
export type FeedPath = keyof typeof formats

/** One feed's answer, revalidated on every use (`no-cache`; the cache adds the ETag). */
export async function feedResponse(
  path: FeedPath,
  siteUrl: string,
  sources: FeedSources,
): Promise<Response> {
  const [profile, all] = await Promise.all([sources.profile.get(), sources.notes.list({})])
  const notes = all.slice(0, FEED_SIZE)
  const format = formats[path]
  const lastModified = lastModifiedOf(notes)
  return new Response(format.make({ siteUrl, profile, notes }), {
    headers: {
      'content-type': format.type,
      'cache-control': 'no-cache',
      ...(lastModified ? { 'last-modified': lastModified.toUTCString() } : {}),
    },
  })
}

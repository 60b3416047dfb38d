/**
 * The notes' feeds: `/feed.xml` (Atom 1.0), `/rss.xml` (RSS 2.0) and
 * `/feed.json` (JSON Feed 1.1), each the newest FEED_SIZE live posts with
 * their full sanitised HTML. Feed readers show a post away from the site,
 * so every relative link and image in it is made absolute against the
 * site's address. Atom and RSS come from the `feed` package; JSON Feed 1.1
 * is plain JSON (that package writes version 1). The answers go through the
 * response cache (ETag, 304) and carry `Last-Modified`: the latest change
 * among the posts they hold.
 */
import { Feed } from 'feed'
import type { Element, Root } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toHtml } from 'hast-util-to-html'
import { visit } from 'unist-util-visit'
import type { Post } from '../../../src/schemas/post'
import type { Profile } from '../../../src/schemas/profile'

/** Posts per feed. */
export const FEED_SIZE = 20

/** Where each feed is, with its media type; every HTML page links to them. */
export const feedFiles = [
  { path: '/feed.xml', type: 'application/atom+xml', title: 'Atom feed' },
  { path: '/rss.xml', type: 'application/rss+xml', title: 'RSS feed' },
  { path: '/feed.json', type: 'application/feed+json', title: 'JSON Feed' },
] as const

/** Where the content comes from: the public procedures (a tRPC caller fits). */
export interface FeedSources {
  posts: { list: (input: { tag?: string | null }) => Promise<Post[]> }
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
  posts: Post[]
}

const postUrl = (siteUrl: string, post: Post) => `${siteUrl}/notes/${encodeURIComponent(post.slug)}`
const publishedOf = (post: Post) => new Date(post.published_at ?? post.created_at)
const changedOf = (post: Post) =>
  new Date(Math.max(publishedOf(post).getTime(), new Date(post.updated_at).getTime()))

/** The latest change among the posts (whole seconds, as HTTP dates carry), or null when none. */
export function lastModifiedOf(posts: readonly Post[]): Date | null {
  if (posts.length === 0) return null
  const latest = Math.max(...posts.map((post) => changedOf(post).getTime()))
  return new Date(Math.floor(latest / 1000) * 1000)
}

function xmlFeed(data: FeedData): Feed {
  const { siteUrl, profile, posts } = data
  const author = { name: profile.name, link: `${siteUrl}/` }
  const feed = new Feed({
    id: `${siteUrl}/notes`,
    link: `${siteUrl}/notes`,
    title: `${profile.name} · Notes`,
    description: `Notes by ${profile.name}.`,
    language: 'en',
    updated: lastModifiedOf(posts) ?? new Date(0),
    generator: 'portfolio',
    copyright: `© ${profile.name}`,
    feedLinks: {
      atom: `${siteUrl}/feed.xml`,
      rss: `${siteUrl}/rss.xml`,
      json: `${siteUrl}/feed.json`,
    },
    author,
  })
  for (const post of posts) {
    const link = postUrl(siteUrl, post)
    feed.addItem({
      title: post.title,
      id: link,
      guid: link,
      link,
      date: changedOf(post),
      published: publishedOf(post),
      description: post.summary,
      content: absolutiseHtml(post.body_html, siteUrl),
      category: post.tags.map((tag) => ({ name: tag, term: tag })),
      author: [author],
      ...(post.cover_url ? { image: new URL(post.cover_url, `${siteUrl}/`).href } : {}),
    })
  }
  return feed
}

export const atomFeed = (data: FeedData) => xmlFeed(data).atom1()
export const rssFeed = (data: FeedData) => xmlFeed(data).rss2()

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export function jsonFeed(data: FeedData): string {
  const { siteUrl, profile, posts } = data
  const author = { name: profile.name, url: `${siteUrl}/` }
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: `${profile.name} · Notes`,
    home_page_url: `${siteUrl}/notes`,
    feed_url: `${siteUrl}/feed.json`,
    description: `Notes by ${profile.name}.`,
    language: 'en',
    authors: [author],
    items: posts.map((post) => ({
      id: postUrl(siteUrl, post),
      url: postUrl(siteUrl, post),
      title: post.title,
      content_html: absolutiseHtml(post.body_html, siteUrl),
      summary: post.summary,
      ...(post.cover_url ? { image: new URL(post.cover_url, `${siteUrl}/`).href } : {}),
      date_published: publishedOf(post).toISOString(),
      date_modified: changedOf(post).toISOString(),
      tags: post.tags,
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
  const [profile, all] = await Promise.all([sources.profile.get(), sources.posts.list({})])
  const posts = all.slice(0, FEED_SIZE)
  const format = formats[path]
  const lastModified = lastModifiedOf(posts)
  return new Response(format.make({ siteUrl, profile, posts }), {
    headers: {
      'content-type': format.type,
      'cache-control': 'no-cache',
      ...(lastModified ? { 'last-modified': lastModified.toUTCString() } : {}),
    },
  })
}

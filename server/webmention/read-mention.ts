/**
 * What a verified Webmention's source says (W3C Webmention §3.2.2, with the microformats2
 * conventions the IndieWeb uses): whether it links to the target at all, and if so, its kind
 * (a reply, like, repost or bookmark of the target, or a plain mention), its author (name,
 * URL, photo), its content and when it was published. The HTML it carries is untrusted: the
 * caller sanitises it before showing it.
 */
import type { Element, Root } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { parseMicroformats } from './microformats'

export type MentionKind = 'reply' | 'like' | 'repost' | 'bookmark' | 'mention'

export interface MentionAuthor {
  name: string | null
  url: string | null
  photo: string | null
}

export interface Mention {
  kind: MentionKind
  /** The entry's own URL (its `u-url`), else the source. */
  url: string
  author: MentionAuthor
  /** The entry's content as HTML (unsanitised) and as text; null for a like or repost without any. */
  content: { html: string | null; text: string } | null
  published: string | null
}

type Parsed = ReturnType<typeof parseMicroformats>
type Item = Parsed['items'][number]
type Property = Item['properties'][string][number]

/** A URL compared as browsers would load it: resolved, without its fragment. */
function normalise(url: string, base?: string): string | null {
  try {
    const parsed = new URL(url, base)
    parsed.hash = ''
    return parsed.toString()
  } catch {
    return null
  }
}

/** Every href and src in the document, resolved against `base`. */
function linkedUrls(html: string, base: string): Set<string> {
  const urls = new Set<string>()
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue
      for (const name of ['href', 'src'] as const) {
        const value = child.properties[name]
        if (typeof value === 'string') {
          const url = normalise(value, base)
          if (url) urls.add(url)
        }
      }
      visit(child)
      if (child.tagName === 'template' && child.content) visit(child.content)
    }
  }
  visit(fromHtml(html))
  return urls
}

const isItem = (value: Property | undefined): value is Item =>
  typeof value === 'object' && value !== null && 'properties' in value

function text(value: Property | undefined): string | null {
  if (value === undefined) return null
  if (typeof value === 'string') return value
  if (isItem(value)) return typeof value.value === 'string' ? value.value : null
  return 'value' in value && typeof value.value === 'string' ? value.value : null
}

/** A URL property's values: plain URLs, or the `url` of an embedded h-cite or h-card. */
function urlsOf(item: Item, name: string, base: string): string[] {
  return (item.properties[name] ?? []).flatMap((value) => {
    const raw = isItem(value) ? text(value.properties.url?.[0]) : text(value)
    const url = raw ? normalise(raw, base) : null
    return url ? [url] : []
  })
}

function allItems(items: Item[]): Item[] {
  return items.flatMap((item) => [item, ...allItems(item.children ?? [])])
}

function authorOf(entry: Item | undefined, document: Parsed, base: string): MentionAuthor {
  const property = entry?.properties.author?.[0]
  const card =
    (isItem(property) ? property : undefined) ??
    (property === undefined
      ? document.items.find((item) => item.type?.includes('h-card'))
      : undefined)
  if (card) {
    const url = text(card.properties.url?.[0])
    const photo = text(card.properties.photo?.[0])
    return {
      name: text(card.properties.name?.[0]),
      url: url ? normalise(url, base) : null,
      photo: photo ? normalise(photo, base) : null,
    }
  }
  const plain = text(property)
  if (plain && /^https?:\/\//i.test(plain)) return { name: null, url: plain, photo: null }
  return { name: plain, url: null, photo: null }
}

/**
 * The mention `html` (fetched from `source`) makes of `target`, or null when it does not
 * link to it (a mention whose link has gone is then removed).
 */
export function readMention(html: string, source: string, target: string): Mention | null {
  const wanted = normalise(target)
  if (!wanted || !linkedUrls(html, source).has(wanted)) return null
  const document = parseMicroformats(html, source)
  const entries = allItems(document.items).filter((item) => item.type?.includes('h-entry'))
  const sourceUrl = normalise(source)
  const entry =
    entries.find((item) => urlsOf(item, 'url', source).includes(sourceUrl ?? '')) ?? entries[0]
  const relation = (name: string) => (entry ? urlsOf(entry, name, source).includes(wanted) : false)
  const kind: MentionKind = relation('in-reply-to')
    ? 'reply'
    : relation('like-of')
      ? 'like'
      : relation('repost-of')
        ? 'repost'
        : relation('bookmark-of')
          ? 'bookmark'
          : 'mention'
  const contentProperty = entry?.properties.content?.[0]
  let content: Mention['content'] = null
  if (contentProperty !== undefined) {
    const isHtml =
      typeof contentProperty === 'object' && contentProperty !== null && 'html' in contentProperty
    content = {
      html: isHtml ? contentProperty.html : null,
      text: (text(contentProperty) ?? '').trim(),
    }
  } else {
    const summary = text(entry?.properties.summary?.[0]) ?? text(entry?.properties.name?.[0])
    if (summary) content = { html: null, text: summary.trim() }
  }
  return {
    kind,
    url: (entry ? urlsOf(entry, 'url', source)[0] : undefined) ?? sourceUrl ?? source,
    author: authorOf(entry, document, source),
    content,
    published: text(entry?.properties.published?.[0]),
  }
}

/**
 * HTML written elsewhere (a reply's `e-content`, a Mastodon status): parsed as a browser
 * would, its relative links resolved against the page it came from, then through the same
 * URL filter and sanitiser as the owner's Markdown, with images and headings taken out (a
 * reply is text: no hot-linked picture, no heading in the middle of the page). Links open
 * outside with `rel="nofollow ugc noopener noreferrer"`.
 */
import type { Element, Root } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toHtml } from 'hast-util-to-html'
import { toText } from 'hast-util-to-text'
import { visit } from 'unist-util-visit'
import { sanitizeTree } from './sanitize'

/** The longest HTML taken from elsewhere; longer is cut before it is parsed (the parser closes what was open). */
export const REMOTE_HTML_MAX = 20_000

const dropped = new Set(['img', 'picture', 'video', 'audio', 'source', 'hr', 'table', 'input'])
const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

function resolve(value: unknown, base: string | undefined): unknown {
  if (typeof value !== 'string' || !base) return value
  try {
    return new URL(value, base).toString()
  } catch {
    return value
  }
}

/** Sanitised HTML and its text, from HTML made elsewhere (`base`: the page it came from). */
export function sanitizeRemoteHtml(html: string, base?: string): { html: string; text: string } {
  const tree = fromHtml(html.slice(0, REMOTE_HTML_MAX), { fragment: true })
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'a') node.properties.href = resolve(node.properties.href, base) as string
  })
  const safe = sanitizeTree(tree as Root, 'markdown')
  visit(safe, 'element', (node: Element, index, parent) => {
    if (!parent || index === undefined) return
    if (dropped.has(node.tagName)) {
      parent.children.splice(index, 1)
      return index
    }
    if (headings.has(node.tagName)) {
      node.tagName = 'p'
      node.properties = {}
    }
    if (node.tagName === 'a') {
      node.properties.rel = ['nofollow', 'ugc', 'noopener', 'noreferrer']
    }
  })
  return { html: toHtml(safe).trim(), text: toText(safe).replace(/\s+/g, ' ').trim() }
}

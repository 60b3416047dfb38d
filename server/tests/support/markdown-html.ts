/**
 * What the Markdown tests read rendered HTML with: parsed as a browser would
 * (parse5, through hast-util-from-html), never by looking for substrings
 * alone, and the safety invariant every rendering must keep (`unsafeParts`).
 */
import type { Element, Root } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { visit } from 'unist-util-visit'

export const parse = (html: string): Root => fromHtml(html, { fragment: true })

export function elements(html: string): Element[] {
  const found: Element[] = []
  visit(parse(html), 'element', (node) => {
    found.push(node)
  })
  return found
}

export const byTag = (html: string, tag: string) =>
  elements(html).filter((el) => el.tagName === tag)
export const text = (html: string) => {
  let out = ''
  visit(parse(html), 'text', (node) => {
    out += node.value
  })
  return out
}

// ------------------------------------------------------------ the invariant

const blockTags = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'input',
  'pre',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'section',
  'span',
  'tfoot',
  'dl',
  'dt',
  'dd',
  'details',
  'summary',
]
/** Markdown's inline elements, then raw HTML's (GitHub's harmless ones). */
const inlineTags = [
  ...['a', 'em', 'strong', 'del', 'code', 'br'],
  ...['b', 'i', 's', 'ins', 'kbd', 'samp', 'var', 'q', 'sub', 'sup', 'abbr'],
]
const allowedTags = {
  markdown: new Set([...inlineTags, ...blockTags]),
  inline: new Set(inlineTags),
}
const forbiddenTags = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'style',
  'form',
  'svg',
  'math',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'applet',
  'template',
  'noscript',
  'textarea',
  'button',
  'select',
])
const allowedProperties = new Set([
  'href',
  'src',
  'alt',
  'title',
  'id',
  'className',
  'target',
  'rel',
  'loading',
  'decoding',
  'type',
  'checked',
  'disabled',
  'align',
  'start',
  'dataFootnoteRef',
  'dataFootnoteBackref',
  'dataFootnotes',
  'ariaDescribedBy',
  'ariaLabel',
  'open',
  'width',
  'height',
  'dataPrintUrl',
])
const safeHref = /^(?:https?:\/\/[^/\\\s]|mailto:\S|\/(?![/\\])|#)/
const safeSrc = /^(?:https?:\/\/[^/\\\s]|\/(?![/\\]))/

/**
 * Everything in `html` that could run script or leave the allowed URLs, as
 * readable lines (empty when the output is safe).
 */
export function unsafeParts(html: string, kind: 'markdown' | 'inline' = 'markdown'): string[] {
  const problems: string[] = []
  for (const el of elements(html)) {
    const tag = el.tagName.toLowerCase()
    if (forbiddenTags.has(tag)) problems.push(`forbidden element <${tag}>`)
    else if (!allowedTags[kind].has(tag)) problems.push(`unexpected element <${tag}>`)
    for (const name of Object.keys(el.properties)) {
      if (/^on/i.test(name)) problems.push(`<${tag}> event handler ${name}`)
      else if (name === 'style') problems.push(`<${tag}> style attribute`)
      else if (!allowedProperties.has(name)) problems.push(`<${tag}> unexpected attribute ${name}`)
    }
    const { href, src, target, rel } = el.properties
    if (href !== undefined && !safeHref.test(String(href))) problems.push(`href ${String(href)}`)
    if (src !== undefined && !safeSrc.test(String(src))) problems.push(`src ${String(src)}`)
    if (href !== undefined && tag !== 'a') problems.push(`href on <${tag}>`)
    const printed = el.properties.dataPrintUrl
    if (printed !== undefined && printed !== href && `mailto:${String(printed)}` !== href) {
      problems.push(`data-print-url ${String(printed)} is not the link's address`)
    }
    if (src !== undefined && tag !== 'img') problems.push(`src on <${tag}>`)
    if (target !== undefined) {
      const rels = Array.isArray(rel) ? rel.map(String) : []
      if (!rels.includes('noopener') || !rels.includes('noreferrer')) {
        problems.push(`target without rel noopener noreferrer: ${String(rel)}`)
      }
    }
    if (tag === 'input' && (el.properties.type !== 'checkbox' || el.properties.disabled !== true)) {
      problems.push('an input that is not a disabled checkbox')
    }
  }
  return problems
}

// ---------------------------------------------------------------- GFM

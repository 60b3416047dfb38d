import type { ElementContent, Root as HastRoot } from 'hast'
import { parse, prepare } from './parse'
import { inlineSchema, safeTree } from './sanitize'

/** The inline tree, sanitised: what the PDF CV writes as text and links. */
const inlineTreePipeline = safeTree(inlineSchema).freeze()

/** A run of a bullet's text with one style: a link (its sanitised address), strong, code. */
export interface InlineSegment {
  text: string
  href?: string
  strong?: boolean
  code?: boolean
}

const strongTags = new Set(['strong', 'b'])
const codeTags = new Set(['code', 'kbd', 'samp'])

/**
 * One line of inline Markdown as styled runs of text, for output that is
 * not HTML (the PDF CV): the same parse, raw HTML and sanitiser as
 * `renderInlineMarkdown`, so a link here is one the page shows. Adjacent
 * runs of the same style are joined; `href` is the link's address as the
 * URL filter left it (http(s), mailto, a site path or a fragment).
 */
export function inlineMarkdownSegments(source: string): InlineSegment[] {
  const { tree, file } = parse('inline', prepare(source))
  const hast = inlineTreePipeline.runSync(tree, file) as HastRoot
  const segments: InlineSegment[] = []
  type Style = Omit<InlineSegment, 'text'>
  const stack: { node: ElementContent | HastRoot; style: Style }[] = [{ node: hast, style: {} }]
  while (stack.length > 0) {
    const { node, style } = stack.pop() as { node: ElementContent | HastRoot; style: Style }
    if (node.type === 'text') {
      const last = segments.at(-1)
      const same =
        last && last.href === style.href && last.strong === style.strong && last.code === style.code
      if (same) last.text += node.value
      else if (node.value !== '') segments.push({ text: node.value, ...style })
      continue
    }
    if (node.type !== 'root' && node.type !== 'element') continue
    let inner = style
    if (node.type === 'element') {
      const href = node.properties.href
      if (node.tagName === 'a' && typeof href === 'string') inner = { ...inner, href }
      if (strongTags.has(node.tagName)) inner = { ...inner, strong: true }
      if (codeTags.has(node.tagName)) inner = { ...inner, code: true }
      if (node.tagName === 'br') {
        stack.push({ node: { type: 'text', value: ' ' }, style })
        continue
      }
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children[i] as ElementContent, style: inner })
    }
  }
  return segments
}

import type { Element, ElementContent, Root as HastRoot } from 'hast'
import { toText } from 'hast-util-to-text'
import { visit } from 'unist-util-visit'
import { PLAIN_TEXT_LENGTH } from './limits'
import { memoized } from './memo'
import { parse } from './parse'
import { markdownSchema, safeTree } from './sanitize'

/** The sanitised tree, for the plain text: what the page shows, without the markup. */
const textPipeline = safeTree(markdownSchema).freeze()

/**
 * The visible text of Markdown, whitespace collapsed, cut at a word boundary
 * with "…" when longer than `maxLength`: a link preview's description. Plain
 * text, entities decoded: the caller escapes it (React does).
 */
export function markdownToPlainText(source: string, maxLength = PLAIN_TEXT_LENGTH): string {
  return truncate(memoized('text', source, plainText), maxLength)
}

function plainText(prepared: string): string {
  const { tree, file } = parse('text', prepared)
  const hast = textPipeline.runSync(tree, file) as HastRoot
  visit(hast, 'element', (node, index, parent) => {
    // Footnotes: the call's number and the list at the end are not prose.
    const footnote =
      node.properties.dataFootnotes !== undefined ||
      (node.tagName === 'sup' && isFootnoteCall(node))
    if (footnote && parent && index !== undefined) {
      parent.children.splice(index, 1)
      return index
    }
  })
  return toText(hast).replace(/\s+/g, ' ').trim()
}

function isFootnoteCall(sup: Element): boolean {
  const first: ElementContent | undefined = sup.children[0]
  return first?.type === 'element' && first.properties.dataFootnoteRef !== undefined
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  if (maxLength <= 1) return '…'.slice(0, Math.max(0, maxLength))
  let cut = text.slice(0, maxLength - 1)
  const code = cut.charCodeAt(cut.length - 1)
  if (code >= 0xd800 && code <= 0xdbff) cut = cut.slice(0, -1)
  // At a word boundary when the cut fell inside a word (and a boundary is near).
  if (!/\s/.test(text.charAt(cut.length))) {
    const space = cut.lastIndexOf(' ')
    if (space >= cut.length / 2) cut = cut.slice(0, space)
  }
  return `${cut.replace(/[\s,;:.!?\-–—]+$/, '')}…`
}

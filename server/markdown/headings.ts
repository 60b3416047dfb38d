/** Headings after the sanitiser: levels moved under the page's outline, GitHub's slugs as ids. */
import GithubSlugger, { slug } from 'github-slugger'
import type { Element, Root as HastRoot } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'

export const headingTags = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']

/** GitHub's slugs, unique in the document and beside the ids already used. */
export function rehypeHeadingIds() {
  return (tree: HastRoot, file: VFile) => {
    const slugger = new GithubSlugger()
    const reserved = (file.data as { reservedIds?: readonly string[] }).reservedIds ?? []
    for (const id of reserved) slugger.slug(id)
    visit(tree, 'element', (node) => {
      if (typeof node.properties.id === 'string') slugger.slug(node.properties.id)
    })
    visit(tree, 'element', (node) => {
      if (!headingTags.includes(node.tagName) || node.properties.id !== undefined) return
      const text = hastToString(node)
      if (slug(text) === '') return
      node.properties.id = slugger.slug(text)
    })
  }
}

/**
 * With a `headingBase` above 1, the description's outline is moved under
 * the page's: its shallowest heading takes that level and the others keep
 * their distance from it (`## A` / `### B` → h3 / h4, as `# A` / `## B`
 * would), h6 the deepest; raw HTML's headings are counted too. A text that
 * starts at `##`, as many READMEs do, does not skip a level.
 */
export function rehypeHeadingLevels() {
  return (tree: HastRoot, file: VFile) => {
    const base = (file.data as { headingBase?: number }).headingBase ?? 1
    if (base <= 1) return
    const headings: Element[] = []
    visit(tree, 'element', (node) => {
      if (headingTags.includes(node.tagName)) headings.push(node)
    })
    const shallowest = Math.min(...headings.map((node) => headingTags.indexOf(node.tagName)))
    for (const node of headings) {
      const level = headingTags.indexOf(node.tagName) - shallowest + base - 1
      node.tagName = headingTags[Math.min(level, headingTags.length - 1)] ?? 'h6'
    }
  }
}

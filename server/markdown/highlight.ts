import type { Root as HastRoot } from 'hast'
import { EXIT, visit } from 'unist-util-visit'
import type { VFile } from 'vfile'

type Highlighter = (tree: HastRoot, file: VFile) => void
let highlighter: Highlighter | undefined

/**
 * rehype-highlight (highlight.js' common languages: ~200 modules, ~0.25 s to
 * load) for a tree with a code block, loaded with the first such tree rather
 * than at start: most pages have none, and the first public answer needs none.
 * A synchronous `require` (Bun loads an ES module that way), since rendering is.
 */
export function rehypeHighlightWhenCode() {
  return (tree: HastRoot, file: VFile) => {
    let code = false
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'pre') return
      code = true
      return EXIT
    })
    if (!code) return
    if (!highlighter) {
      const { default: rehypeHighlight } =
        require('rehype-highlight') as typeof import('rehype-highlight')
      highlighter = rehypeHighlight({ detect: false }) as Highlighter
    }
    highlighter(tree, file)
  }
}

import type { Root as HastRoot } from 'hast'
import rehypeExternalLinks from 'rehype-external-links'
import rehypeStringify from 'rehype-stringify'
import { rehypeHeadingIds, rehypeHeadingLevels } from './headings'
import { rehypeHighlightWhenCode } from './highlight'
import { externalLinks, rehypeImageAttributes, rehypePrintAddresses } from './links'
import { memoized } from './memo'
import { parse } from './parse'
import { inlineSchema, markdownSchema, rehypeDropEmptyClasses, safeTree } from './sanitize'

export type RenderOptions = {
  /**
   * Ids the page around the Markdown already uses (`main`…): a heading that
   * would slug to one of them gets the next free one (`main-1`).
   */
  reservedIds?: readonly string[]
  /**
   * The level a `#` heading takes (1 by default): the page's own headings
   * above the Markdown keep theirs, and the rest follow in order, h6 the
   * deepest (a project page's description sits under its h2: 3).
   */
  headingBase?: number
}

/** From the bounded mdast tree to HTML: one pipeline each, whatever the parser. */
const htmlPipeline = safeTree(markdownSchema)
  .use(rehypeDropEmptyClasses)
  .use(rehypeHighlightWhenCode)
  .use(rehypeHeadingLevels)
  .use(rehypeHeadingIds)
  .use(rehypeExternalLinks, externalLinks)
  .use(rehypeImageAttributes)
  .use(rehypeStringify)
  .freeze()

const inlinePipeline = safeTree(inlineSchema)
  .use(rehypeExternalLinks, externalLinks)
  .use(rehypePrintAddresses)
  .use(rehypeStringify)
  .freeze()

/**
 * Markdown (CommonMark + GFM) to sanitised HTML: a project's description.
 * Only the elements and attributes of `markdownSchema` come out, plus the
 * highlighting spans (`class="hljs-…"`), heading ids, `target`/`rel` on
 * external links and `loading`/`decoding` on images.
 */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const reservedIds = options.reservedIds ?? []
  const headingBase = Math.min(Math.max(Math.trunc(options.headingBase ?? 1), 1), 6)
  return memoized(`html ${headingBase} ${reservedIds.join(' ')}`, source, (prepared) => {
    const { tree, file } = parse('html', prepared, { reservedIds, headingBase })
    return htmlPipeline.stringify(htmlPipeline.runSync(tree, file) as HastRoot, file)
  })
}

/**
 * One line of inline Markdown (links, emphasis, strong, code, strikethrough,
 * autolinks): a timeline bullet. Block syntax stays text and there is no
 * `<p>` around it.
 */
export function renderInlineMarkdown(source: string): string {
  return memoized('inline', source, (prepared) => {
    const { tree, file } = parse('inline', prepared)
    return inlinePipeline
      .stringify(inlinePipeline.runSync(tree, file) as HastRoot, file)
      .replace(/^<p>/, '')
      .replace(/<\/p>$/, '')
  })
}

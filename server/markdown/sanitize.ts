import type { Element, ElementContent, Root as HastRoot } from 'hast'
import rehypeRaw from 'rehype-raw'
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { EXIT, visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { isSafeUrl } from '../../src/domain/safe-url'
import { headingTags } from './headings'
import { MAX_HTML_DEPTH } from './limits'

/** mdast to hast with raw HTML parsed (parse5), bounded in depth. */
export const withRawHtml = { allowDangerousHtml: true } as const

/** Elements the sanitiser removes with their content: their text is not prose either. */
const removedWithContent = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'form',
  'select',
  'button',
])

/** The text of a hast subtree, without recursion, leaving out what the sanitiser removes. */
function hastText(node: HastRoot | Element): string {
  let text = ''
  const stack: (HastRoot | ElementContent)[] = [node]
  while (stack.length > 0) {
    const current = stack.pop() as HastRoot | ElementContent
    if (current.type === 'text') text += current.value
    else if (current.type === 'element' && removedWithContent.has(current.tagName)) continue
    else if (current.type === 'root' || current.type === 'element') {
      for (let i = current.children.length - 1; i >= 0; i--) {
        stack.push(current.children[i] as ElementContent)
      }
    }
  }
  return text
}

const parseRawHtml = rehypeRaw()

/**
 * rehype-raw, for a tree that holds raw HTML: parse5 builds the whole tree
 * again, which a text without raw HTML (most of them) need not pay for.
 */
function rehypeRawWhenPresent() {
  return (tree: HastRoot, file: VFile): HastRoot => {
    let found = false
    visit(tree, 'raw', () => {
      found = true
      return EXIT
    })
    return found ? parseRawHtml(tree, file) : tree
  }
}

/**
 * Right after rehype-raw, iterative: an element MAX_HTML_DEPTH deep keeps
 * only its text, so the recursive steps after it (the sanitiser, the
 * highlighter, the serialiser) never meet a tree deep enough to overflow.
 */
function rehypeBoundDepth() {
  return (tree: HastRoot) => {
    const stack: { node: HastRoot | Element; depth: number }[] = [{ node: tree, depth: 0 }]
    while (stack.length > 0) {
      const { node, depth } = stack.pop() as { node: HastRoot | Element; depth: number }
      if (depth >= MAX_HTML_DEPTH && node.type === 'element') {
        node.children = [{ type: 'text', value: hastText(node) }]
        continue
      }
      for (const child of node.children) {
        if (child.type === 'element') stack.push({ node: child, depth: depth + 1 })
      }
    }
  }
}

/** Links: http(s) with a host, mailto, a site path (`/…`, not `//`) or a fragment (`#…`). */
export function isAllowedHref(href: string): boolean {
  if (href.startsWith('#')) return !/\s/.test(href)
  if (/^mailto:/i.test(href)) return href.length > 'mailto:'.length && !/\s/.test(href)
  return isSafeUrl(href)
}

/** Images: http(s) with a host or a site path. */
export function isAllowedSrc(src: string): boolean {
  return isSafeUrl(src)
}

function lowerScheme(url: string): string {
  return url.replace(/^(https?|mailto):/i, (scheme) => scheme.toLowerCase())
}

/**
 * Before the sanitiser: a link to anything else loses its `<a>` (its text
 * stays), an image from anywhere else is dropped. Allowed URLs get their
 * scheme in lower case, which is what the sanitiser's protocol list matches.
 */
function rehypeFilterUrls() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node, index, parent) => {
      if (!parent || index === undefined) return
      if (node.tagName === 'a') {
        const href = node.properties.href
        if (typeof href === 'string' && isAllowedHref(href)) {
          node.properties.href = lowerScheme(href)
          return
        }
        parent.children.splice(index, 1, ...node.children)
        return index
      }
      if (node.tagName === 'img') {
        const src = node.properties.src
        if (typeof src === 'string' && isAllowedSrc(src)) {
          node.properties.src = lowerScheme(src)
          return
        }
        parent.children.splice(index, 1)
        return index
      }
    })
  }
}

/** Raw HTML's inline elements kept (as GitHub does); `sup` is also the footnotes'. */
const rawPhrasingTags = ['b', 'i', 's', 'ins', 'kbd', 'samp', 'var', 'q', 'sub', 'sup', 'abbr']

/** Everything the full renderer may output before highlighting and ids. */
export const markdownSchema: SanitizeSchema = {
  tagNames: [
    ...headingTags,
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'input',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    // GFM footnotes
    'sup',
    'section',
    // Raw HTML: GitHub's harmless ones
    ...rawPhrasingTags,
    'dl',
    'dt',
    'dd',
    'details',
    'summary',
  ],
  attributes: {
    a: [
      'href',
      'title',
      // GFM footnotes: the call and the way back, ids as remark-rehype prefixes them.
      ['id', /^user-content-fnref-[\w-]+$/],
      'dataFootnoteRef',
      'dataFootnoteBackref',
      ['ariaDescribedBy', 'footnote-label'],
      ['ariaLabel', /^Back to reference [\w-]+$/],
      ['className', 'data-footnote-backref'],
    ],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    details: ['open'],
    code: [['className', /^language-[^\s]+$/]],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    ul: [['className', 'contains-task-list']],
    ol: ['start', ['className', 'contains-task-list']],
    li: [
      ['className', 'task-list-item'],
      ['id', /^user-content-fn-[\w-]+$/],
    ],
    th: [['align', 'left', 'center', 'right']],
    td: [['align', 'left', 'center', 'right']],
    h2: [
      ['id', 'footnote-label'],
      ['className', 'sr-only'],
    ],
    section: ['dataFootnotes', ['className', 'footnotes']],
  },
  required: { input: { type: 'checkbox', disabled: true } },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
  ancestors: {
    li: ['ol', 'ul'],
    tbody: ['table'],
    tfoot: ['table'],
    td: ['table'],
    th: ['table'],
    thead: ['table'],
    tr: ['table'],
    dt: ['dl'],
    dd: ['dl'],
    summary: ['details'],
  },
  // Ids come only from this pipeline (footnotes already prefixed by
  // remark-rehype, headings after the sanitiser), so no second prefix.
  clobber: [],
  clobberPrefix: '',
  // Removed with their content (raw HTML may hold any of them).
  strip: [...removedWithContent],
  allowComments: false,
  allowDoctypes: false,
}

/** Everything the inline renderer may output. */
export const inlineSchema: SanitizeSchema = {
  ...markdownSchema,
  tagNames: ['a', 'em', 'strong', 'del', 'code', 'br', ...rawPhrasingTags],
  attributes: { a: ['href', 'title'], abbr: ['title'] },
  required: {},
  ancestors: {},
}

const safetyPasses = {
  markdown: unified().use(rehypeFilterUrls).use(rehypeSanitize, markdownSchema).freeze(),
  inline: unified().use(rehypeFilterUrls).use(rehypeSanitize, inlineSchema).freeze(),
}

/**
 * The two safety passes the renderers run, on any HTML tree: the URL filter,
 * then the sanitiser with that renderer's schema. Exported so the tests can
 * feed them parsed HTML alone, without Markdown around it.
 */
export function sanitizeTree(
  tree: HastRoot,
  kind: keyof typeof safetyPasses = 'markdown',
): HastRoot {
  return safetyPasses[kind].runSync(tree) as HastRoot
}

/** A class list the sanitiser emptied (raw HTML's own classes) would print as `class=""`. */
export function rehypeDropEmptyClasses() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node) => {
      const { className } = node.properties
      if (Array.isArray(className) && className.length === 0) delete node.properties.className
    })
  }
}

/**
 * mdast to a safe hast tree, as every renderer starts (each goes on from
 * it): raw HTML parsed (parse5) when there is any, the depth bound, the URL
 * filter, then the sanitiser with the renderer's schema.
 */
export function safeTree(schema: SanitizeSchema) {
  return unified()
    .use(remarkRehype, withRawHtml)
    .use(rehypeRawWhenPresent)
    .use(rehypeBoundDepth)
    .use(rehypeFilterUrls)
    .use(rehypeSanitize, schema)
}

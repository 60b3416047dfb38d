/**
 * Markdown for the public pages: project descriptions, timeline
 * bullets and the text of link previews. Pure functions, run on the server
 * only; the browser receives finished HTML and no Markdown code.
 *
 * The pipeline (unified): remark-parse + remark-gfm → bounds (below) →
 * remark-rehype (raw HTML kept) → rehype-raw (parse5 parses it as a browser
 * would) → depth bound → URL filter → rehype-sanitize (an explicit
 * allowlist) → rehype-highlight (highlight.js' common languages, no
 * auto-detection) → heading ids (GitHub slugs) → rehype-external-links →
 * image attributes → rehype-stringify.
 *
 * Raw HTML written in the Markdown is parsed, then sanitised like the rest:
 * the harmless elements GitHub also keeps (`<b>`, `<kbd>`, `<sub>`,
 * `<details>`/`<summary>`, `<br>`…) render; `<script>`, `<style>`,
 * `<iframe>`, forms, SVG and MathML are removed with their content, event
 * handlers and `style` attributes are dropped, links and images keep only
 * safe URLs, other elements leave only their text, and comments go. The
 * result is serialised from the sanitised tree, so what the browser parses
 * again is that tree (the tests parse every output as a browser would).
 *
 * Hostile input is bounded before and after parsing: at most
 * MAX_SOURCE_LENGTH characters; at most MAX_CONTAINERS_PER_LINE block quote
 * or list markers opened on one line; emphasis, strikethrough and setext
 * headings parsed only when a source has fewer delimiter runs or underlines
 * than any real text (micromark's time grows with the square of these);
 * trees no deeper than MAX_TREE_DEPTH (Markdown) and MAX_HTML_DEPTH (the
 * HTML tree, raw HTML included); tables no bigger than MAX_TABLE_CELLS
 * cells (short rows are padded, so a wide header multiplies the output);
 * references copying at most MAX_REFERENCE_CHARS characters of URLs; at most
 * MAX_FOOTNOTE_CALLS footnote calls. Time and output then stay within a small
 * multiple of the input.
 */
import GithubSlugger, { slug } from 'github-slugger'
import type { Element, ElementContent, Root as HastRoot, Properties } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import { toText } from 'hast-util-to-text'
import { LRUCache } from 'lru-cache'
import type {
  Definition,
  Nodes as MdastNodes,
  Parent as MdastParent,
  Root as MdastRoot,
  PhrasingContent,
  RootContent,
} from 'mdast'
import rehypeExternalLinks, { type Options as ExternalLinksOptions } from 'rehype-external-links'
import rehypeRaw from 'rehype-raw'
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { type Processor, unified } from 'unified'
import { EXIT, SKIP, visit } from 'unist-util-visit'
import { VFile } from 'vfile'
import { isSafeUrl } from '../../src/domain/safe-url'

/** The longest Markdown rendered; the rest is cut (the fields allow 10,000). */
export const MAX_SOURCE_LENGTH = 10_000
/** Block quote and list markers opened on one line; further ones are text. */
export const MAX_CONTAINERS_PER_LINE = 16
/** Deeper Markdown nodes have their content rendered as plain text. */
export const MAX_TREE_DEPTH = 48
/** Deeper HTML elements (raw HTML can nest without Markdown's markers) become their text. */
export const MAX_HTML_DEPTH = 64
/** Cells of all tables together (rows × header columns); a bigger table is shown as its text. */
export const MAX_TABLE_CELLS = 10_000
/** Characters of URLs and titles that references may copy from definitions. */
export const MAX_REFERENCE_CHARS = 40_000
/** Footnote calls rendered; later ones stay text (each one is a link and a way back). */
export const MAX_FOOTNOTE_CALLS = 100
/** Emphasis and strikethrough delimiter runs; past this they are text (micromark is quadratic in them). */
export const MAX_DELIMITER_RUNS = 1_000
/** Setext underlines (`===`, `---` lines); past this they are text or rules. */
export const MAX_SETEXT_UNDERLINES = 500
/** Characters of sources and results kept, so unchanged text is rendered once. */
export const MEMO_CHARS = 2_000_000
/** Default length of `markdownToPlainText` (a link preview's description). */
export const PLAIN_TEXT_LENGTH = 160

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

// ---------------------------------------------------------------- the source

/** Cut to MAX_SOURCE_LENGTH without splitting a surrogate pair. */
function clampSource(source: string): string {
  if (source.length <= MAX_SOURCE_LENGTH) return source
  let end = MAX_SOURCE_LENGTH
  const last = source.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return source.slice(0, end)
}

const containerMarker = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/y
const thematicBreak = /^[ \t>]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/

/**
 * A line that opens more than MAX_CONTAINERS_PER_LINE block quotes or list
 * items gets a backslash before the marker past the limit, which makes the
 * rest of the line text. Nesting across lines needs more indentation per
 * level, so the size limit bounds it (about 100 levels in 10,000 characters).
 */
function limitContainerNesting(source: string): string {
  return source.replace(/[^\r\n]+/g, (line) => {
    if (thematicBreak.test(line)) return line
    containerMarker.lastIndex = 0
    let count = 0
    for (;;) {
      const start = containerMarker.lastIndex
      const match = containerMarker.exec(line)
      if (!match) return line
      count += 1
      if (count > MAX_CONTAINERS_PER_LINE) {
        const token = match[0]
        const markerAt = start + token.length - token.trimStart().length
        const marker = line.slice(markerAt).match(/^\d{1,9}/)
        const escapeAt = markerAt + (marker ? marker[0].length : 0)
        return `${line.slice(0, escapeAt)}\\${line.slice(escapeAt)}`
      }
    }
  })
}

// ------------------------------------------------------------ the mdast bounds

const flowContainers = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition'])
const phrasingContainers = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
])

function hasChildren(node: MdastNodes): node is MdastNodes & MdastParent {
  return 'children' in node && Array.isArray(node.children)
}

/** The text of a subtree, without recursion (the subtree may be deep). */
function mdastText(node: MdastNodes): string {
  let text = ''
  const stack: MdastNodes[] = [node]
  while (stack.length > 0) {
    const current = stack.pop() as MdastNodes
    if ('value' in current && typeof current.value === 'string') text += current.value
    else if (current.type === 'image' || current.type === 'imageReference')
      text += current.alt ?? ''
    if (hasChildren(current)) {
      for (let i = current.children.length - 1; i >= 0; i--) {
        stack.push(current.children[i] as MdastNodes)
      }
    }
  }
  return text
}

/**
 * One pass over the tree, iterative: deep subtrees become text, tables over
 * the cell budget become their source text, and references past their
 * budgets become their text. Raw HTML stays for rehype-raw and the sanitiser.
 */
function boundTree(tree: MdastRoot, source: string): void {
  const definitions = new Map<string, number>()
  visitDefinitions(tree, (definition) => {
    if (!definitions.has(definition.identifier)) {
      definitions.set(
        definition.identifier,
        definition.url.length + (definition.title?.length ?? 0),
      )
    }
  })
  let tableCells = 0
  let referenceChars = 0
  let footnoteCalls = 0

  const stack: { parent: MdastParent; depth: number }[] = [{ parent: tree, depth: 0 }]
  while (stack.length > 0) {
    const { parent, depth } = stack.pop() as { parent: MdastParent; depth: number }

    if (depth >= MAX_TREE_DEPTH && parent.children.length > 0) {
      const text = { type: 'text', value: mdastText(parent as MdastNodes) } as const
      if (flowContainers.has(parent.type)) {
        parent.children = [{ type: 'paragraph', children: [text] }]
        continue
      }
      if (phrasingContainers.has(parent.type)) {
        parent.children = [text]
        continue
      }
      // list, table, tableRow: their children are flattened one level down.
    }

    const children: RootContent[] = []
    for (const child of parent.children as RootContent[]) {
      let node: RootContent = child
      if (child.type === 'table') {
        const columns = child.align?.length ?? child.children[0]?.children.length ?? 0
        tableCells += columns * child.children.length
        if (tableCells > MAX_TABLE_CELLS) {
          const start = child.position?.start.offset ?? 0
          const end = child.position?.end.offset ?? start
          node = {
            type: 'paragraph',
            children: [{ type: 'text', value: source.slice(start, end) }],
          }
        }
      } else if (child.type === 'linkReference' || child.type === 'imageReference') {
        referenceChars += definitions.get(child.identifier) ?? 0
        if (referenceChars > MAX_REFERENCE_CHARS) {
          node = { type: 'text', value: mdastText(child) }
        }
      } else if (child.type === 'footnoteReference') {
        footnoteCalls += 1
        if (footnoteCalls > MAX_FOOTNOTE_CALLS) {
          node = { type: 'text', value: `[^${child.label ?? child.identifier}]` }
        }
      }
      children.push(node)
      if (hasChildren(node as MdastNodes)) {
        stack.push({ parent: node as MdastParent, depth: depth + 1 })
      }
    }
    parent.children = children as MdastParent['children']
  }
}

function visitDefinitions(tree: MdastRoot, onDefinition: (node: Definition) => void): void {
  const stack: MdastNodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop() as MdastNodes
    if (node.type === 'definition') onDefinition(node)
    // Definitions sit in flow containers only; phrasing never holds one.
    else if (hasChildren(node) && !phrasingContainers.has(node.type)) {
      for (const child of node.children) stack.push(child as MdastNodes)
    }
  }
}

function remarkBounds() {
  return (tree: MdastRoot, file: { value: unknown }) => boundTree(tree, String(file.value))
}

/** Block constructs, switched off for inline Markdown. */
const blockConstructs = [
  'blockQuote',
  'codeFenced',
  'codeIndented',
  'definition',
  'headingAtx',
  'setextUnderline',
  'htmlFlow',
  'list',
  'thematicBreak',
  'table',
  'gfmFootnoteDefinition',
]

/** Switches micromark constructs off by name: what they would match stays text. */
function remarkDisable(this: Processor, names: readonly string[]) {
  if (names.length === 0) return
  const data = this.data() as { micromarkExtensions?: unknown[] }
  data.micromarkExtensions ??= []
  data.micromarkExtensions.push({ disable: { null: [...names] } })
}

/**
 * The inline tree: the phrasing of every paragraph in one line (a blank line
 * becomes a space), images as their alternative text.
 */
function remarkFlattenInline() {
  return (tree: MdastRoot) => {
    const phrasing: PhrasingContent[] = []
    for (const block of tree.children) {
      if (block.type !== 'paragraph') continue
      if (phrasing.length > 0) phrasing.push({ type: 'text', value: ' ' })
      phrasing.push(...block.children)
    }
    tree.children = [{ type: 'paragraph', children: phrasing }]
    visit(tree, (node, index, parent) => {
      if (
        (node.type === 'image' || node.type === 'imageReference') &&
        parent &&
        index !== undefined
      ) {
        parent.children[index] = { type: 'text', value: node.alt ?? '' }
        return SKIP
      }
    })
  }
}

// ------------------------------------------------------------ the HTML bound

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

// --------------------------------------------------------------------- URLs

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

// -------------------------------------------------------------- the allowlist

const headingTags = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']

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

// ------------------------------------------------------- after the sanitiser

/** GitHub's slugs, unique in the document and beside the ids already used. */
function rehypeHeadingIds() {
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
function rehypeHeadingLevels() {
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

/** A class list the sanitiser emptied (raw HTML's own classes) would print as `class=""`. */
function rehypeDropEmptyClasses() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node) => {
      const { className } = node.properties
      if (Array.isArray(className) && className.length === 0) delete node.properties.className
    })
  }
}

const imageProperties: Properties = { loading: 'lazy', decoding: 'async' }

function rehypeImageAttributes() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'img') Object.assign(node.properties, imageProperties)
    })
  }
}

/** Absolute http(s) links open in a new tab, without `window.opener` or a referrer. */
const externalLinks: ExternalLinksOptions = {
  target: '_blank',
  rel: ['noopener', 'noreferrer'],
  protocols: ['http', 'https'],
}

/** An address as its link text would show it: no scheme, no `mailto:`, no trailing slash. */
function bareAddress(href: string): string {
  return href
    .replace(/^(?:https?:\/\/|mailto:)/i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '')
    .toLowerCase()
}

/**
 * A bullet's link whose text is not its address gets the address in
 * `data-print-url` (an e-mail link: the address alone), for the printed CV
 * (`.cv a[data-print-url]::after`). Site paths and fragments get none: on
 * paper they lead nowhere.
 */
function rehypePrintAddresses() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node) => {
      const href = node.properties.href
      if (node.tagName !== 'a' || typeof href !== 'string') return
      if (!/^(?:https?:|mailto:)/.test(href)) return
      if (bareAddress(hastToString(node).trim()) === bareAddress(href)) return
      node.properties.dataPrintUrl = href.startsWith('mailto:') ? href.slice(7) : href
    })
  }
}

// ---------------------------------------------------------------- processors

type Kind = 'html' | 'inline' | 'text'

/**
 * Parsers by kind and by the constructs a source's counts switch off (at
 * most eight): Markdown to a bounded mdast tree.
 */
const parsers = new Map<string, Processor<MdastRoot, MdastRoot, MdastRoot>>()

function parser(kind: Kind, disabled: readonly string[]) {
  const key = `${kind} ${disabled.join(' ')}`
  let found = parsers.get(key)
  if (!found) {
    const names = kind === 'inline' ? [...blockConstructs, ...disabled] : disabled
    const base = unified()
      .use(remarkParse)
      .use(remarkDisable, names)
      .use(remarkGfm)
      .use(remarkBounds)
    found = (kind === 'inline' ? base.use(remarkFlattenInline) : base).freeze() as never
    parsers.set(key, found as never)
  }
  return found as Processor<MdastRoot, MdastRoot, MdastRoot>
}

/** mdast to hast with raw HTML parsed (parse5), bounded in depth. */
const withRawHtml = { allowDangerousHtml: true } as const

type Highlighter = (tree: HastRoot, file: VFile) => void
let highlighter: Highlighter | undefined

/**
 * rehype-highlight (highlight.js' common languages: ~200 modules, ~0.25 s to
 * load) for a tree with a code block, loaded with the first such tree rather
 * than at start: most pages have none, and the first public answer needs none.
 * A synchronous `require` (Bun loads an ES module that way), since rendering is.
 */
function rehypeHighlightWhenCode() {
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

/** From the bounded mdast tree to HTML: one pipeline each, whatever the parser. */
const htmlPipeline = unified()
  .use(remarkRehype, withRawHtml)
  .use(rehypeRawWhenPresent)
  .use(rehypeBoundDepth)
  .use(rehypeFilterUrls)
  .use(rehypeSanitize, markdownSchema)
  .use(rehypeDropEmptyClasses)
  .use(rehypeHighlightWhenCode)
  .use(rehypeHeadingLevels)
  .use(rehypeHeadingIds)
  .use(rehypeExternalLinks, externalLinks)
  .use(rehypeImageAttributes)
  .use(rehypeStringify)
  .freeze()

const inlinePipeline = unified()
  .use(remarkRehype, withRawHtml)
  .use(rehypeRawWhenPresent)
  .use(rehypeBoundDepth)
  .use(rehypeFilterUrls)
  .use(rehypeSanitize, inlineSchema)
  .use(rehypeExternalLinks, externalLinks)
  .use(rehypePrintAddresses)
  .use(rehypeStringify)
  .freeze()

/** The inline tree, sanitised: what the PDF CV writes as text and links. */
const inlineTreePipeline = unified()
  .use(remarkRehype, withRawHtml)
  .use(rehypeRawWhenPresent)
  .use(rehypeBoundDepth)
  .use(rehypeFilterUrls)
  .use(rehypeSanitize, inlineSchema)
  .freeze()

/** The sanitised tree, for the plain text: what the page shows, without the markup. */
const textPipeline = unified()
  .use(remarkRehype, withRawHtml)
  .use(rehypeRawWhenPresent)
  .use(rehypeBoundDepth)
  .use(rehypeFilterUrls)
  .use(rehypeSanitize, markdownSchema)
  .freeze()

function prepare(source: string): string {
  return limitContainerNesting(clampSource(source))
}

/**
 * Constructs whose parsing time grows with the square of their count in
 * micromark, switched off for a source with more of them than any real text:
 * emphasis and strikethrough (delimiter runs that can open or close) and
 * setext headings (underline lines). What they would match stays text.
 */
function costlyConstructs(source: string): string[] {
  const disabled: string[] = []
  if (countDelimiterRuns(source) > MAX_DELIMITER_RUNS) disabled.push('attention', 'strikethrough')
  const underlines = source.match(/^[ \t]{0,3}(?:=+|-+)[ \t]*$/gm)?.length ?? 0
  if (underlines > MAX_SETEXT_UNDERLINES) disabled.push('setextUnderline')
  return disabled
}

const alphanumeric = /[\p{L}\p{N}]/u

function countDelimiterRuns(source: string): number {
  let count = 0
  for (const match of source.matchAll(/([*_~])\1*/g)) {
    const before = source.charAt(match.index - 1) || ' '
    const after = source.charAt(match.index + match[0].length) || ' '
    const canOpen = !/\s/.test(after)
    const canClose = !/\s/.test(before)
    // `_` inside a word (snake_case) neither opens nor closes.
    if (match[1] === '_' && alphanumeric.test(before) && alphanumeric.test(after)) continue
    if ((canOpen || canClose) && ++count > MAX_DELIMITER_RUNS) break
  }
  return count
}

/** The bounded mdast tree of a prepared source, and its file. */
function parse(kind: Kind, prepared: string, data: Record<string, unknown> = {}) {
  const file = new VFile({ value: prepared, data })
  const processor = parser(kind, costlyConstructs(prepared))
  const tree = processor.runSync(processor.parse(file), file) as MdastRoot
  return { tree, file }
}

/**
 * Results by source. Every content change empties the page cache, and pages
 * then render all their descriptions and bullets again: those that did not
 * change come from here. The functions stay pure; this only remembers.
 */
const memo = new LRUCache<string, string>({
  maxSize: MEMO_CHARS,
  sizeCalculation: (value, key) => value.length + key.length,
})

function memoized(key: string, source: string, render: (prepared: string) => string): string {
  const prepared = prepare(source)
  const fullKey = `${key}\u0000${prepared}`
  const known = memo.get(fullKey)
  if (known !== undefined) return known
  const result = render(prepared)
  memo.set(fullKey, result)
  return result
}

// ------------------------------------------------------------------- exports

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

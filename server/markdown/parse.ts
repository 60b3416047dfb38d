import type {
  Definition,
  Nodes as MdastNodes,
  Parent as MdastParent,
  Root as MdastRoot,
  PhrasingContent,
  RootContent,
} from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { type Processor, unified } from 'unified'
import { SKIP, visit } from 'unist-util-visit'
import { VFile } from 'vfile'
import {
  MAX_CONTAINERS_PER_LINE,
  MAX_DELIMITER_RUNS,
  MAX_FOOTNOTE_CALLS,
  MAX_REFERENCE_CHARS,
  MAX_SETEXT_UNDERLINES,
  MAX_SOURCE_LENGTH,
  MAX_TABLE_CELLS,
  MAX_TREE_DEPTH,
} from './limits'

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

export type Kind = 'html' | 'inline' | 'text'

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

export function prepare(source: string): string {
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
export function parse(kind: Kind, prepared: string, data: Record<string, unknown> = {}) {
  const file = new VFile({ value: prepared, data })
  const processor = parser(kind, costlyConstructs(prepared))
  const tree = processor.runSync(processor.parse(file), file) as MdastRoot
  return { tree, file }
}

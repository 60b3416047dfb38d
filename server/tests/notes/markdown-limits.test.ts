/**
 * The Markdown renderers (server/markdown/render.ts) on hostile input: a long
 * README renders in well under a second of CPU, and input past the limits
 * (server/markdown/limits.ts: length, tree depth, delimiter runs, setext
 * underlines) is bounded in time and size.
 */
import { describe, expect, test } from 'bun:test'
import {
  MAX_DELIMITER_RUNS,
  MAX_SETEXT_UNDERLINES,
  MAX_SOURCE_LENGTH,
  MAX_TREE_DEPTH,
} from '../../markdown/limits'
import { markdownToPlainText } from '../../markdown/plain-text'
import { renderInlineMarkdown, renderMarkdown } from '../../markdown/render'
import { byTag, text, unsafeParts } from '../support/markdown-html'

function readmeLike(length: number): string {
  const section = (i: number) => `## Section ${i}: getting *started* with \`tool-${i}\`

This project is a **portfolio** app built with [Bun](https://bun.sh) and ~~Express~~ tRPC. See www.example.com/docs or write to me@example.com. ![diagram](/media/diagram-${i}.png "Diagram")

- [x] Server rendering with \`renderToString\`
- [ ] Markdown ([issue](/projects/portfolio#markdown))
  - nested item with _emphasis_

| Feature | Status | Notes |
|:--------|:------:|------:|
| Tables  | done   | GFM   |

\`\`\`ts
export function add(a: number, b: number): number {
  return a + b // ${i}
}
\`\`\`

> A quote with a [link](https://example.com/${i}).

`
  let source = '# Portfolio\n\n'
  for (let i = 1; source.length < length; i++) source += section(i)
  return source.slice(0, length)
}

const indentedList = () => {
  let source = ''
  for (let i = 0; source.length < MAX_SOURCE_LENGTH; i++) source += `${' '.repeat(2 * i)}- a\n`
  return source
}

const hostile: [string, string][] = [
  ['10k backticks', '`'.repeat(10_000)],
  ['backtick runs', '`a'.repeat(5_000)],
  ['nested lists on one line', `${'- '.repeat(5_000)}a`],
  ['nested ordered lists', `${'1. '.repeat(3_333)}a`],
  ['nested quotes', '>'.repeat(10_000)],
  ['mixed containers', `${'> - 1. '.repeat(1_428)}a`],
  ['indentation-nested list', indentedList()],
  ['open brackets', '['.repeat(10_000)],
  ['unclosed links', '[a]('.repeat(2_500)],
  ['interleaved emphasis', '*a _'.repeat(1_250) + '_* '.repeat(1_250)],
  ['nested strikethrough', '~a '.repeat(1_666) + 'b~ '.repeat(1_666)],
  ['less-than signs', '<'.repeat(10_000)],
  ['open comments', '<!--'.repeat(2_500)],
  ['padded table', `${'|a'.repeat(1_250)}|\n${'|-'.repeat(1_250)}|\n${'a\n'.repeat(2_500)}`],
  ['reference to a long URL', `[a]: /${'x'.repeat(5_000)}\n\n${'[a]'.repeat(1_666)}`],
  ['footnote calls', `${'x[^a]'.repeat(1_990)}\n\n[^a]: note`],
  ['setext headings', 'a\n=\n'.repeat(2_500)],
  ['list items', '- a\n'.repeat(2_500)],
  ['code to highlight', `\`\`\`html\n${'<a '.repeat(3_300)}\n\`\`\``],
  ['www literals', 'www.'.repeat(2_500)],
  ['nested raw divs', '<div>'.repeat(2_000)],
  ['nested raw bold', '<b>a'.repeat(2_500)],
  ['nested raw lists', '<ul><li>'.repeat(1_250)],
  [
    'raw links and bold (adoption agency)',
    `${'<a href=/x><b>'.repeat(500)}${'<p>x</p>'.repeat(200)}`,
  ],
  ['raw tables', '<table><tr><td>'.repeat(660)],
  ['over the size limit', 'word '.repeat(100_000)],
]

/** The process's CPU time for `run`, in milliseconds. */
function cpuTime<T>(run: () => T): { result: T; ms: number } {
  const before = process.cpuUsage()
  const result = run()
  const used = process.cpuUsage(before)
  return { result, ms: (used.user + used.system) / 1_000 }
}

// CPU time, not wall time, so that a busy machine does not fail these.
describe('limits', () => {
  test('a 10,000-character README renders in well under a second of CPU', () => {
    renderMarkdown(readmeLike(MAX_SOURCE_LENGTH))
    // Another text: the same one would come from the memo.
    const source = `${readmeLike(MAX_SOURCE_LENGTH - 10)}\n\nthe end`
    const { result, ms } = cpuTime(() => renderMarkdown(source))
    expect(ms).toBeLessThan(1_000)
    expect(unsafeParts(result)).toEqual([])
  })

  test.each(hostile)(
    '%s: bounded time and output, no crash',
    (_name, source) => {
      for (const render of [renderMarkdown, renderInlineMarkdown, markdownToPlainText]) {
        const { result, ms } = cpuTime(() => render(source))
        // The catastrophic cases took 3 to 30 s before the bounds; the
        // slowest left (2,500 list items) take about 0.15 s.
        expect(ms).toBeLessThan(3_000)
        expect(result.length).toBeLessThan(250_000)
      }
    },
    30_000,
  )

  test('remembered results depend on the options', () => {
    expect(renderMarkdown('# Main')).toBe('<h1 id="main">Main</h1>')
    expect(renderMarkdown('# Main', { reservedIds: ['main'] })).toBe('<h1 id="main-1">Main</h1>')
    expect(renderMarkdown('# Main')).toBe('<h1 id="main">Main</h1>')
    expect(markdownToPlainText('one two three', 8)).toBe('one two…')
    expect(markdownToPlainText('one two three')).toBe('one two three')
  })

  test('input past the limit is cut, not refused', () => {
    const source = `${'a '.repeat(MAX_SOURCE_LENGTH / 2)}TAIL`
    const html = renderMarkdown(source)
    expect(html.startsWith('<p>a a')).toBe(true)
    expect(html.includes('TAIL')).toBe(false)
  })

  test('nesting past the limits becomes text, never a stack overflow', () => {
    // Markers on one line: the 17th and later are text.
    const quotes = renderMarkdown(`${'> '.repeat(200)}deep`)
    expect(byTag(quotes, 'blockquote')).toHaveLength(16)
    expect(text(quotes)).toContain('deep')
    // Nesting by indentation (about 100 levels fit in 10,000 characters).
    const list = renderMarkdown(indentedList())
    expect(byTag(list, 'ul').length).toBeLessThanOrEqual(MAX_TREE_DEPTH / 2)
    expect(text(list).replace(/\s/g, '')).toBe('a'.repeat(98))
    // Emphasis nested 490 deep.
    const emphasis = renderMarkdown(`${'*a '.repeat(490)}${'b* '.repeat(490)}`)
    expect(byTag(emphasis, 'em').length).toBeLessThan(MAX_TREE_DEPTH)
    expect(text(emphasis).replace(/\s/g, '')).toBe(`${'a'.repeat(490)}${'b'.repeat(490)}`)
  })

  test('past 1,000 delimiter runs, emphasis and strikethrough stay text', () => {
    const many = `*one* ~~two~~ ${'*a* '.repeat(MAX_DELIMITER_RUNS / 2)}`
    const html = renderMarkdown(many)
    expect(byTag(html, 'em')).toEqual([])
    expect(byTag(html, 'del')).toEqual([])
    expect(text(html).startsWith('*one* ~~two~~ *a*')).toBe(true)
    // At the limit: emphasis as usual.
    const fewer = renderMarkdown(`*one* ~~two~~ ${'*a* '.repeat(MAX_DELIMITER_RUNS / 2 - 2)}`)
    expect(byTag(fewer, 'del')).toHaveLength(1)
    // Underscores inside words and list markers do not count.
    const words = renderMarkdown(
      `${'snake_case_name '.repeat(300)}\n\n${'* item\n'.repeat(600)}\n*em*`,
    )
    expect(byTag(words, 'em')).toHaveLength(1)
  })

  test('past 500 setext underlines, they stay text or rules', () => {
    const html = renderMarkdown('Title\n=====\n\n'.repeat(MAX_SETEXT_UNDERLINES + 1))
    expect(byTag(html, 'h1')).toEqual([])
    expect(byTag(renderMarkdown('Title\n=====\n\n'.repeat(10)), 'h1')).toHaveLength(10)
  })
})

/**
 * `bun run bench:markdown`: what the Markdown module costs. The resident
 * memory its import adds (and its first render, when highlight.js compiles
 * the grammars it uses), the time per render of a 10,000-character
 * README-like document after warm-up (wall and CPU time; each source differs,
 * so the memo never answers), a memo hit, a timeline bullet, and the slowest
 * hostile inputs known. Informative, not a test.
 */
const gc = () => Bun.gc(true)
const rss = () => process.memoryUsage().rss / 1_048_576

gc()
const before = rss()
const { renderInlineMarkdown, renderMarkdown } = await import('../server/markdown/render')
const { markdownToPlainText } = await import('../server/markdown/plain-text')
gc()
const afterImport = rss()

function readmeLike(length: number, seed = 0): string {
  const section = (i: number) => `## Section ${i}: getting *started* with \`tool-${i}\`

This project is a **portfolio** app built with [Bun](https://bun.sh), [Elysia](https://elysiajs.com) and ~~Express~~ tRPC. See www.example.com/docs or write to me@example.com. ![diagram](/media/diagram-${i}.png "Diagram")

- [x] Server rendering with \`renderToString\`
- [ ] Markdown support ([issue](/projects/portfolio#markdown))
  - nested item with _emphasis_
  - another one

| Feature | Status | Notes |
|:--------|:------:|------:|
| Tables  | done   | GFM   |
| Code    | done   | hljs  |

\`\`\`ts
export function add(a: number, b: number): number {
  // comment ${i}
  return a + b
}
\`\`\`

> A quote with a [link](https://example.com/${i}) and some more text to read.

1. First
2. Second

`
  let source = '# Portfolio\n\nIntro paragraph with some text.\n\n'
  for (let i = 1; source.length < length; i++) source += section(i)
  return `${source.slice(0, length - 12)}\n\nrun ${String(seed).padStart(6, '0')}`
}

renderMarkdown(readmeLike(10_000, -1))
gc()
const afterFirstRender = rss()

function measure(name: string, runs: number, render: (i: number) => string) {
  for (let i = 0; i < 20; i++) render(1_000_000 + i)
  const cpu = process.cpuUsage()
  const started = performance.now()
  for (let i = 0; i < runs; i++) render(i)
  const wall = (performance.now() - started) / runs
  const used = process.cpuUsage(cpu)
  const cpuMs = (used.user + used.system) / 1000 / runs
  console.log(
    `${name.padEnd(36)} ${wall.toFixed(3).padStart(8)} ms wall ${cpuMs.toFixed(3).padStart(8)} ms CPU`,
  )
}

const docs = Array.from({ length: 200 }, (_, i) => readmeLike(10_000, i))
console.log(`load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(2))}`)
console.log(
  `document: ${docs[0]?.length} characters, ${renderMarkdown(docs[0] ?? '').length} of HTML`,
)
measure('renderMarkdown (10,000 characters)', docs.length, (i) => renderMarkdown(docs[i] ?? ''))
measure('renderMarkdown, remembered', 1_000, () => renderMarkdown(docs[0] ?? ''))
measure('markdownToPlainText (10,000)', docs.length, (i) => markdownToPlainText(`${docs[i]} plain`))
measure('renderInlineMarkdown (a bullet)', 2_000, (i) =>
  renderInlineMarkdown(
    `Led the **migration** to [Bun](https://bun.sh) and \`tRPC\`, ~~slow~~ fast, see www.example.com #${i}`,
  ),
)

const hostile: Record<string, string> = {
  'nested emphasis, 500 deep (1,000 runs)': '*a '.repeat(500) + 'b* '.repeat(500),
  'nested strikethrough, 500 deep': '~a '.repeat(500) + 'b~ '.repeat(500),
  'interleaved emphasis, 1,000 runs': '*a _'.repeat(250) + '_* '.repeat(250),
  'nested emphasis, 1,666 deep (text)': '*a '.repeat(1_666) + 'b* '.repeat(1_666),
  '500 setext headings': 'a\n=\n'.repeat(500),
  '2,500 list items': '- a\n'.repeat(2_500),
  '2,500 quote lines': '> a\n'.repeat(2_500),
  'padded table': `${'|a'.repeat(1_250)}|\n${'|-'.repeat(1_250)}|\n${'a\n'.repeat(2_500)}`,
  'backtick runs': '`a'.repeat(5_000),
  'nested lists on one line': `${'- '.repeat(5_000)}a`,
}
for (const [name, source] of Object.entries(hostile)) {
  measure(`hostile: ${name}`, 3, (i) => renderMarkdown(`${source.slice(0, 9_990)}${i}`))
}

console.log(
  `RSS: ${before.toFixed(1)} MB before, +${(afterImport - before).toFixed(1)} MB after the import, +${(afterFirstRender - before).toFixed(1)} MB after the first render`,
)

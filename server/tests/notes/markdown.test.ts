/**
 * The Markdown renderers (server/markdown/render.ts): GFM, heading ids,
 * links and images, the inline and plain-text forms (XSS vectors:
 * markdown-xss.test.ts; hostile input: markdown-limits.test.ts). Output is checked by parsing it as a browser would
 * (parse5, through hast-util-from-html), never by looking for substrings
 * alone. Raw HTML in the Markdown is parsed and sanitised: the harmless
 * elements render, everything that could run script is removed.
 */
import { describe, expect, test } from 'bun:test'
import type { Element } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { markdownToPlainText } from '../../markdown/plain-text'
import { renderInlineMarkdown, renderMarkdown } from '../../markdown/render'
import { inlineMarkdownSegments } from '../../markdown/segments'
import { byTag, elements, parse, text, unsafeParts } from '../support/markdown-html'

describe('renderMarkdown: CommonMark and GFM', () => {
  test('a table, with its alignment', () => {
    const html = renderMarkdown('| Name | Qty |\n|:-----|----:|\n| apple | 2 |\n| pear | 10 |')
    expect(byTag(html, 'table')).toHaveLength(1)
    const headers = byTag(html, 'th')
    expect(headers.map((th) => text(toHtml(th)))).toEqual(['Name', 'Qty'])
    expect(headers.map((th) => th.properties.align)).toEqual(['left', 'right'])
    expect(byTag(html, 'td')).toHaveLength(4)
  })

  test('a task list: disabled checkboxes, one checked', () => {
    const html = renderMarkdown('- [x] written\n- [ ] reviewed')
    const boxes = byTag(html, 'input')
    expect(boxes).toHaveLength(2)
    for (const box of boxes) {
      expect(box.properties.type).toBe('checkbox')
      expect(box.properties.disabled).toBe(true)
    }
    expect(boxes.map((box) => box.properties.checked === true)).toEqual([true, false])
    expect(byTag(html, 'ul')[0]?.properties.className).toEqual(['contains-task-list'])
    expect(unsafeParts(html)).toEqual([])
  })

  test('strikethrough', () => {
    const html = renderMarkdown('It was ~~slow~~ fast.')
    expect(byTag(html, 'del').map((del) => text(toHtml(del)))).toEqual(['slow'])
  })

  test('autolinks: www, http(s) literals, e-mail addresses and <…>', () => {
    const html = renderMarkdown(
      'See www.example.com, https://example.org/path and mail me@example.com or <https://a.example>.',
    )
    expect(byTag(html, 'a').map((a) => a.properties.href)).toEqual([
      'http://www.example.com',
      'https://example.org/path',
      'mailto:me@example.com',
      'https://a.example',
    ])
  })

  test('fenced code is highlighted on the server with hljs classes', () => {
    const html = renderMarkdown('```ts\nconst answer: number = 42 // why\n```')
    const code = byTag(html, 'code')[0]
    expect(code?.properties.className).toEqual(['hljs', 'language-ts'])
    const classes = byTag(html, 'span').flatMap((span) => span.properties.className as string[])
    expect(classes).toContain('hljs-keyword')
    expect(classes).toContain('hljs-number')
    expect(classes).toContain('hljs-comment')
    expect(text(html)).toBe('const answer: number = 42 // why\n')
  })

  test('an unknown language or none is plain text (no guessing)', () => {
    for (const source of [
      '```klingon\nqapla = 1\n```',
      '```\nconst x = 1\n```',
      '    const x = 1',
    ]) {
      const html = renderMarkdown(source)
      expect(byTag(html, 'span')).toEqual([])
      expect(byTag(html, 'pre')).toHaveLength(1)
    }
  })

  test('emphasis, strong, quotes, lists, rules and line breaks', () => {
    const html = renderMarkdown('*a* **b**\n\n> quoted\n\n1. one\n2. two\n\n---\n\nline  \nbreak')
    for (const tag of ['em', 'strong', 'blockquote', 'ol', 'li', 'hr', 'br']) {
      expect(byTag(html, tag).length).toBeGreaterThan(0)
    }
    expect(unsafeParts(html)).toEqual([])
  })

  test('footnotes link both ways with matching ids', () => {
    const html = renderMarkdown('Claim.[^1]\n\n[^1]: Source.')
    const ids = new Set(elements(html).map((el) => el.properties.id))
    const fragments = byTag(html, 'a').map((a) => String(a.properties.href))
    expect(fragments.length).toBe(2)
    for (const fragment of fragments) expect(ids.has(fragment.slice(1))).toBe(true)
    expect(unsafeParts(html)).toEqual([])
  })
})

describe('renderMarkdown: heading ids', () => {
  const ids = (html: string) =>
    elements(html)
      .filter((el) => /^h[1-6]$/.test(el.tagName))
      .map((el) => el.properties.id)

  test('GitHub slugs, unique in the document', () => {
    const html = renderMarkdown(
      '# Getting Started\n## Getting started\n### Getting *started*!\n## API',
    )
    expect(ids(html)).toEqual(['getting-started', 'getting-started-1', 'getting-started-2', 'api'])
  })

  test('non-ASCII letters stay; punctuation and emoji go', () => {
    const html = renderMarkdown('# Привет, мир!\n## Größe & Maß\n## 日本語\n## 🎉 Launch day')
    expect(ids(html)).toEqual(['привет-мир', 'größe--maß', '日本語', '-launch-day'])
  })

  test('the sanitiser does not touch them (no user-content- prefix)', () => {
    expect(renderMarkdown('## Install')).toBe('<h2 id="install">Install</h2>')
  })

  test('under the page’s own headings: the shallowest takes headingBase, the rest keep their distance, h6 the deepest (raw HTML too)', () => {
    const source = '# One\n\n## Two\n\n### Three\n\n###### Six\n\n<h1>Raw</h1>'
    expect(renderMarkdown(source, { headingBase: 3 })).toBe(
      [
        '<h3 id="one">One</h3>',
        '<h4 id="two">Two</h4>',
        '<h5 id="three">Three</h5>',
        '<h6 id="six">Six</h6>',
        '<h3 id="raw">Raw</h3>',
      ].join('\n'),
    )
    // The shallowest takes the base, whatever it was written as: no level skipped.
    expect(renderMarkdown('## Stack\n\n#### Detail', { headingBase: 3 })).toBe(
      '<h3 id="stack">Stack</h3>\n<h5 id="detail">Detail</h5>',
    )
    expect(renderMarkdown('### Only', { headingBase: 3 })).toBe('<h3 id="only">Only</h3>')
    // Without it, the levels as written.
    expect(renderMarkdown('## Two')).toBe('<h2 id="two">Two</h2>')
  })

  test('an id of the page around is skipped; a heading without letters gets none', () => {
    const html = renderMarkdown('# Main\n\n# !!!', { reservedIds: ['main'] })
    expect(ids(html)).toEqual(['main-1', undefined])
  })

  test('a heading never takes an id the footnotes use', () => {
    const html = renderMarkdown('## Footnote label\n\nx[^a]\n\n[^a]: y')
    const all = elements(html)
      .map((el) => el.properties.id)
      .filter(Boolean)
    expect(new Set(all).size).toBe(all.length)
  })

  test('a link to a heading reaches it', () => {
    const html = renderMarkdown('[Go](#usage)\n\n## Usage')
    expect(byTag(html, 'a')[0]?.properties.href).toBe('#usage')
    expect(ids(html)).toEqual(['usage'])
  })
})

describe('renderMarkdown: links and images', () => {
  test('external links open a new tab without opener or referrer', () => {
    const [link] = byTag(renderMarkdown('[Bun](https://bun.sh/docs)'), 'a')
    expect(link?.properties).toEqual({
      href: 'https://bun.sh/docs',
      target: '_blank',
      rel: ['noopener', 'noreferrer'],
    })
  })

  test('site-relative, fragment and mailto links stay in the tab', () => {
    const html = renderMarkdown('[a](/projects/x) [b](#top) [c](mailto:me@example.com)')
    expect(byTag(html, 'a').map((a) => a.properties)).toEqual([
      { href: '/projects/x' },
      { href: '#top' },
      { href: 'mailto:me@example.com' },
    ])
  })

  test('other links lose the link, keep the text', () => {
    const html = renderMarkdown(
      '[a](//evil.example) [b](relative/path) [c](./x) [d](ftp://x.example) [e](tel:123) [f](?q=1)',
    )
    expect(byTag(html, 'a')).toEqual([])
    expect(text(html)).toBe('a b c d e f')
  })

  test('the scheme is matched in any case and written in lower case', () => {
    const html = renderMarkdown('[a](HTTPS://Example.com/X) [b](MailTo:me@example.com)')
    expect(byTag(html, 'a').map((a) => a.properties.href)).toEqual([
      'https://Example.com/X',
      'mailto:me@example.com',
    ])
  })

  test('images: http(s) and site paths, lazy and async; others dropped', () => {
    const html = renderMarkdown(
      '![a](https://cdn.example/a.png "A") ![b](/media/b.png) ![c](http://x.example/c.png) ![d](data:image/png;base64,AAAA) ![e](//x.example/e.png) ![f](f.png)',
    )
    const images = byTag(html, 'img')
    expect(images.map((img) => img.properties.src)).toEqual([
      'https://cdn.example/a.png',
      '/media/b.png',
      'http://x.example/c.png',
    ])
    for (const img of images) {
      expect(img.properties.loading).toBe('lazy')
      expect(img.properties.decoding).toBe('async')
    }
    expect(images[0]?.properties.title).toBe('A')
  })
})

describe('renderMarkdown: raw HTML', () => {
  test('the harmless elements render: b, i, kbd, sub, sup, details and summary, br', () => {
    const html = renderMarkdown(
      'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>: H<sub>2</sub>O, x<sup>2</sup>, <b>bold</b> and <i>italic</i>,<br>next line.\n\n<details open>\n<summary>More</summary>\n\nHidden *Markdown* text.\n\n</details>',
    )
    expect(byTag(html, 'kbd').map((kbd) => text(toHtml(kbd)))).toEqual(['Ctrl', 'C'])
    for (const tag of ['sub', 'sup', 'b', 'i', 'br', 'summary', 'em']) {
      expect(byTag(html, tag)).toHaveLength(1)
    }
    const [details] = byTag(html, 'details')
    expect(details?.properties.open).toBe(true)
    expect(text(toHtml(details as Element))).toContain('Hidden Markdown text.')
    expect(unsafeParts(html)).toEqual([])
  })

  test('an element not on the list leaves its text; comments go', () => {
    const html = renderMarkdown(
      'Wrap it in <Suspense> and <span class="x" style="y">this</span>.<!-- note to self -->',
    )
    expect(elements(html).map((el) => el.tagName)).toEqual(['p'])
    expect(text(html)).toBe('Wrap it in  and this.')
  })

  test('script, style and iframe go with their content; handlers and javascript: go', () => {
    const html = renderMarkdown(
      'Before <script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.example">inside</iframe> <b onclick="alert(1)" style="color:red">kept</b> <a href="javascript:alert(1)">link text</a> <img src="https://ok.example/a.png" onerror="alert(1)" alt="A" width="40"> after',
    )
    expect(text(html)).toBe('Before  kept link text  after')
    expect(byTag(html, 'b')[0]?.properties).toEqual({})
    expect(byTag(html, 'a')).toEqual([])
    expect(byTag(html, 'img')[0]?.properties).toEqual({
      src: 'https://ok.example/a.png',
      alt: 'A',
      width: 40,
      loading: 'lazy',
      decoding: 'async',
    })
    expect(unsafeParts(html)).toEqual([])
  })

  test('raw links follow the Markdown rules: safe schemes, a new tab for external ones', () => {
    const html = renderMarkdown(
      '<a href="https://bun.sh" target="_self" rel="opener">Bun</a> <a href="/projects/x" target="_blank">here</a> <a href="//evil.example">no</a>',
    )
    expect(byTag(html, 'a').map((a) => a.properties)).toEqual([
      { href: 'https://bun.sh', target: '_blank', rel: ['noopener', 'noreferrer'] },
      { href: '/projects/x' },
    ])
  })

  test('an unclosed tag ends with the output, never spilling onto the page around it', () => {
    const html = renderMarkdown('<b>bold without end\n\nnext paragraph')
    expect(text(html)).toBe('bold without end\nnext paragraph')
    // The output is balanced: parsed again, it is the same markup.
    expect(toHtml(parse(html))).toBe(html)
    // On a page, what follows the description is not inside the <b>.
    const page = `<div>${html}</div><p>after</p>`
    for (const bold of byTag(page, 'b')) expect(text(toHtml(bold))).not.toContain('after')
    expect(renderInlineMarkdown('<i>open <a href="/x">link')).toBe(
      '<i>open <a href="/x">link</a></i>',
    )
  })

  test('ids, classes and names that could clobber the page are dropped', () => {
    const html = renderMarkdown(
      '<a href="/x" id="location" name="alert">a</a> <img src="/x.png" id="getElementById" name="cookie" class="hljs-keyword"> <h2 id="main" class="x">Title</h2>',
    )
    for (const el of elements(html)) {
      expect(el.properties.name).toBeUndefined()
      expect(el.properties.className).toBeUndefined()
    }
    expect(
      elements(html)
        .map((el) => el.properties.id)
        .filter(Boolean),
    ).toEqual(['title'])
  })
})

// ----------------------------------------------------------------- XSS

describe('renderInlineMarkdown', () => {
  test('inline syntax renders, without a paragraph around it', () => {
    const html = renderInlineMarkdown(
      'Moved *fast* with **Bun**, `tRPC` and ~~Express~~, see [docs](/projects/x) and https://bun.sh',
    )
    expect(html.startsWith('Moved ')).toBe(true)
    expect(elements(html).map((el) => el.tagName)).toEqual([
      'em',
      'strong',
      'code',
      'del',
      'a',
      'a',
    ])
    expect(byTag(html, 'a')[1]?.properties).toEqual({
      href: 'https://bun.sh',
      target: '_blank',
      rel: ['noopener', 'noreferrer'],
    })
  })

  test('a link whose text is not its address carries it for print (data-print-url)', () => {
    const html = renderInlineMarkdown(
      '[guide](https://docs.example/api) [mail](mailto:me@example.com) [page](/projects/x) [top](#top) https://bun.sh www.example.com/ [https://a.example](https://a.example/) <a href="https://raw.example">raw</a>',
    )
    expect(byTag(html, 'a').map((a) => a.properties.dataPrintUrl ?? null)).toEqual([
      'https://docs.example/api',
      'me@example.com',
      null,
      null,
      null,
      null,
      null,
      'https://raw.example',
    ])
    expect(unsafeParts(html, 'inline')).toEqual([])
  })

  test.each([
    ['# not a heading', '# not a heading'],
    ['- not a list', '- not a list'],
    ['1. not a list', '1. not a list'],
    ['> not a quote', '> not a quote'],
    ['---', '---'],
    ['    not code', 'not code'],
    ['```js', '```js'],
    ['| a | b |', '| a | b |'],
    ['[^1]: not a footnote', '[^1]: not a footnote'],
    ['[r]: /not-a-definition', '[r]: /not-a-definition'],
  ])('block syntax stays text: %p', (source, shown) => {
    const html = renderInlineMarkdown(source)
    expect(elements(html)).toEqual([])
    expect(text(html)).toBe(shown)
  })

  test('several lines and paragraphs make one line of inline content', () => {
    const html = renderInlineMarkdown('first\n\nsecond\n# third')
    expect(elements(html)).toEqual([])
    expect(text(html).replace(/\s+/g, ' ')).toBe('first second # third')
  })

  test('links follow the same rules; images become their text', () => {
    const html = renderInlineMarkdown(
      '[a](javascript:alert(1)) [b](//evil.example) [c](#x) ![logo](https://x.example/l.png)',
    )
    expect(byTag(html, 'a').map((a) => a.properties.href)).toEqual(['#x'])
    expect(text(html)).toBe('a b c logo')
  })

  test('raw HTML: inline elements render, script and blocks do not', () => {
    const html = renderInlineMarkdown(
      'Uses <b>React</b>, <kbd>K</kbd>, H<sub>2</sub>O <script>alert(1)</script><div>block</div><img src="/a.png">',
    )
    expect(elements(html).map((el) => el.tagName)).toEqual(['b', 'kbd', 'sub'])
    expect(text(html)).toBe('Uses React, K, H2O block')
  })
})

describe('inlineMarkdownSegments (the PDF CV)', () => {
  test('styled runs: links with their text and address, strong, code', () => {
    expect(
      inlineMarkdownSegments('Wrote [the **API** guide](https://docs.example/api) in `TS`, see /x'),
    ).toEqual([
      { text: 'Wrote ' },
      { text: 'the ', href: 'https://docs.example/api' },
      { text: 'API', href: 'https://docs.example/api', strong: true },
      { text: ' guide', href: 'https://docs.example/api' },
      { text: ' in ' },
      { text: 'TS', code: true },
      { text: ', see /x' },
    ])
  })

  test('the same sanitiser as the page: unsafe links are text, script is gone', () => {
    expect(
      inlineMarkdownSegments(
        '[x](javascript:alert(1)) <a href="//evil.example">y</a> <script>alert(1)</script><b>z</b>',
      ),
    ).toEqual([{ text: 'x y ' }, { text: 'z', strong: true }])
  })
})

// ---------------------------------------------------------- plain text

describe('markdownToPlainText', () => {
  test('markup goes, whitespace collapses, entities are decoded', () => {
    const source =
      '# Portfolio\n\nBuilt **fast** with [Bun](https://bun.sh) &amp; `tRPC` &copy; &#x41;.\n\n- [x] one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![diagram](/d.png)'
    expect(markdownToPlainText(source, 500)).toBe(
      'Portfolio Built fast with Bun & tRPC © A. one two a b 1 2',
    )
  })

  test('raw HTML leaves its visible text; script goes; footnote marks are left out', () => {
    expect(markdownToPlainText('A <b>tag</b>.[^1]\n\n[^1]: note')).toBe('A tag.')
    expect(
      markdownToPlainText('<script>alert(1)</script><style>p{}</style>Hello <kbd>K</kbd>'),
    ).toBe('Hello K')
  })

  test('cut at a word boundary with an ellipsis, within maxLength', () => {
    const source = 'The quick brown fox jumps over the lazy dog, twice.'
    expect(markdownToPlainText(source, 100)).toBe(source)
    const cut = markdownToPlainText(source, 24)
    expect(cut).toBe('The quick brown fox…')
    expect(cut.length).toBeLessThanOrEqual(24)
    expect(markdownToPlainText(source, 46)).toBe('The quick brown fox jumps over the lazy dog…')
  })

  test('a single long word is cut inside it', () => {
    expect(markdownToPlainText('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`)
  })

  test('160 characters by default', () => {
    const long = 'word '.repeat(100)
    const cut = markdownToPlainText(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('word…')).toBe(true)
  })

  test('an emoji is never split', () => {
    const cut = markdownToPlainText('😀'.repeat(20), 6)
    expect(cut).toBe('😀😀…')
  })
})

// ------------------------------------------------------------ limits

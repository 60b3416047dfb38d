/**
 * The Markdown renderers (server/markdown/render.ts): GFM, heading ids,
 * links and images, the inline and plain-text forms, XSS vectors and
 * hostile input. Output is checked by parsing it as a browser would
 * (parse5, through hast-util-from-html), never by looking for substrings
 * alone. Raw HTML in the Markdown is parsed and sanitised: the harmless
 * elements render, everything that could run script is removed.
 */
import { describe, expect, test } from 'bun:test'
import type { Element, Root } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toHtml } from 'hast-util-to-html'
import { visit } from 'unist-util-visit'
import {
  MAX_DELIMITER_RUNS,
  MAX_SETEXT_UNDERLINES,
  MAX_SOURCE_LENGTH,
  MAX_TREE_DEPTH,
} from '../../markdown/limits'
import { markdownToPlainText } from '../../markdown/plain-text'
import { renderInlineMarkdown, renderMarkdown } from '../../markdown/render'
import { sanitizeTree } from '../../markdown/sanitize'
import { inlineMarkdownSegments } from '../../markdown/segments'

const parse = (html: string): Root => fromHtml(html, { fragment: true })

function elements(html: string): Element[] {
  const found: Element[] = []
  visit(parse(html), 'element', (node) => {
    found.push(node)
  })
  return found
}

const byTag = (html: string, tag: string) => elements(html).filter((el) => el.tagName === tag)
const text = (html: string) => {
  let out = ''
  visit(parse(html), 'text', (node) => {
    out += node.value
  })
  return out
}

// ------------------------------------------------------------ the invariant

const blockTags = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'input',
  'pre',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'section',
  'span',
  'tfoot',
  'dl',
  'dt',
  'dd',
  'details',
  'summary',
]
/** Markdown's inline elements, then raw HTML's (GitHub's harmless ones). */
const inlineTags = [
  ...['a', 'em', 'strong', 'del', 'code', 'br'],
  ...['b', 'i', 's', 'ins', 'kbd', 'samp', 'var', 'q', 'sub', 'sup', 'abbr'],
]
const allowedTags = {
  markdown: new Set([...inlineTags, ...blockTags]),
  inline: new Set(inlineTags),
}
const forbiddenTags = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'style',
  'form',
  'svg',
  'math',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'applet',
  'template',
  'noscript',
  'textarea',
  'button',
  'select',
])
const allowedProperties = new Set([
  'href',
  'src',
  'alt',
  'title',
  'id',
  'className',
  'target',
  'rel',
  'loading',
  'decoding',
  'type',
  'checked',
  'disabled',
  'align',
  'start',
  'dataFootnoteRef',
  'dataFootnoteBackref',
  'dataFootnotes',
  'ariaDescribedBy',
  'ariaLabel',
  'open',
  'width',
  'height',
  'dataPrintUrl',
])
const safeHref = /^(?:https?:\/\/[^/\\\s]|mailto:\S|\/(?![/\\])|#)/
const safeSrc = /^(?:https?:\/\/[^/\\\s]|\/(?![/\\]))/

/**
 * Everything in `html` that could run script or leave the allowed URLs, as
 * readable lines (empty when the output is safe).
 */
function unsafeParts(html: string, kind: 'markdown' | 'inline' = 'markdown'): string[] {
  const problems: string[] = []
  for (const el of elements(html)) {
    const tag = el.tagName.toLowerCase()
    if (forbiddenTags.has(tag)) problems.push(`forbidden element <${tag}>`)
    else if (!allowedTags[kind].has(tag)) problems.push(`unexpected element <${tag}>`)
    for (const name of Object.keys(el.properties)) {
      if (/^on/i.test(name)) problems.push(`<${tag}> event handler ${name}`)
      else if (name === 'style') problems.push(`<${tag}> style attribute`)
      else if (!allowedProperties.has(name)) problems.push(`<${tag}> unexpected attribute ${name}`)
    }
    const { href, src, target, rel } = el.properties
    if (href !== undefined && !safeHref.test(String(href))) problems.push(`href ${String(href)}`)
    if (src !== undefined && !safeSrc.test(String(src))) problems.push(`src ${String(src)}`)
    if (href !== undefined && tag !== 'a') problems.push(`href on <${tag}>`)
    const printed = el.properties.dataPrintUrl
    if (printed !== undefined && printed !== href && `mailto:${String(printed)}` !== href) {
      problems.push(`data-print-url ${String(printed)} is not the link's address`)
    }
    if (src !== undefined && tag !== 'img') problems.push(`src on <${tag}>`)
    if (target !== undefined) {
      const rels = Array.isArray(rel) ? rel.map(String) : []
      if (!rels.includes('noopener') || !rels.includes('noreferrer')) {
        problems.push(`target without rel noopener noreferrer: ${String(rel)}`)
      }
    }
    if (tag === 'input' && (el.properties.type !== 'checkbox' || el.properties.disabled !== true)) {
      problems.push('an input that is not a disabled checkbox')
    }
  }
  return problems
}

// ---------------------------------------------------------------- GFM

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

/**
 * OWASP's XSS filter evasion cheat sheet and the Markdown-specific ones.
 * Each goes through both renderers, and through the safety passes alone as
 * parsed HTML (for the day raw HTML would be parsed).
 */
const xssVectors: [string, string][] = [
  ['script element', '<script>alert(1)</script>'],
  ['split script tag', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['uppercase script with src', '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['malformed IMG (OWASP)', '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">'],
  ['IMG javascript src', "<IMG SRC=javascript:alert('XSS')>"],
  [
    'IMG hex entities without semicolons',
    '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  ],
  ['svg onload', '<svg/onload=alert(1)>'],
  ['svg script', '<svg><script>alert(1)</script></svg>'],
  ['svg xlink', '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>'],
  ['MathML mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['iframe javascript', '<iframe src="javascript:alert(1)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object data', '<object data="javascript:alert(1)"></object>'],
  ['embed src', '<embed src="data:text/html,<script>alert(1)</script>">'],
  ['form action', '<form action="javascript:alert(1)"><button>go</button></form>'],
  ['button formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['style element', "<style>@import 'https://xss.example/x.css';</style>"],
  ['style attribute', '<div style="background:url(javascript:alert(1))">x</div>'],
  ['body onload', '<body onload=alert(1)>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['link import', '<link rel="import" href="https://xss.example/x.html">'],
  ['a javascript', '<a href="javascript:alert(1)">x</a>'],
  ['a tab-split scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['a newline-split scheme', '<a href="jav&#x0A;ascript:alert(1)">x</a>'],
  ['a leading space and case', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
  ['a vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
  ['a data html', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['a onclick on a safe link', '<a href="https://ok.example" onclick="alert(1)">x</a>'],
  ['unknown element handler', '<x onclick=alert(1)>x</x>'],
  ['HTML comment', '<!--<script>alert(1)</script>-->'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['input autofocus', '<input onfocus=alert(1) autofocus>'],
  ['img srcset', '<img srcset="javascript:alert(1) 1x">'],
  ['table background', '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>'],
  ['md link javascript', '[x](javascript:alert(1))'],
  ['md link mixed case', '[x](JaVaScRiPt:alert(1))'],
  ['md link named entity colon', '[x](javascript&colon;alert(1))'],
  ['md link tab entity', '[x](jav&#x09;ascript:alert(1))'],
  [
    'md link decimal entities',
    '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  ],
  ['md link percent-encoded scheme', '[x](%6Aavascript:alert(1))'],
  ['md link in angle brackets', '[x](<javascript:alert(1)>)'],
  ['md link with title', '[x](javascript:alert(1) "title")'],
  ['md autolink javascript', '<javascript:alert(1)>'],
  ['md reference javascript', '[x][r]\n\n[r]: javascript:alert(1)'],
  ['md link vbscript', '[x](vbscript:msgbox(1))'],
  ['md link data', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['md link protocol-relative', '[x](//evil.example/path)'],
  ['md link quote breakout', '[x](https://ok.example/"onmouseover="alert(1))'],
  ['md title quote breakout', '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'],
  ['md image javascript', '![x](javascript:alert(1))'],
  ['md image data svg', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['md image alt breakout', '![x" onerror="alert(1)](https://ok.example/a.png)'],
  ['md link text with raw img', '[<img src=x onerror=alert(1)>](https://ok.example)'],
  ['md heading with raw img', '# Title <img src=x onerror=alert(1)>'],
  ['md fence info breakout', '```"><script>alert(1)</script>\ncode\n```'],
  ['md autolink literal with tag', 'www.example.com/<script>alert(1)</script>'],
  ['md html block', '<div>\n<script>alert(1)</script>\n</div>'],
]

/**
 * Raw HTML written into the Markdown, which is now parsed: the elements and
 * attributes that run script, unclosed and broken tags, comments, and the
 * mutation tricks (markup that a sanitiser and a browser would parse
 * differently: namespace switches, raw-text elements, comment endings).
 */
const rawHtmlVectors: [string, string][] = [
  ['raw script among Markdown', '# Title\n\n<script>alert(1)</script>\n\n*text*'],
  ['raw script inline', 'Text <script>alert(1)</script> more'],
  ['unclosed script', 'x <script>alert(1)'],
  ['script split by a comment', '<scr<!-- -->ipt>alert(1)</script>'],
  ['img onerror inline', 'A picture <img src=x onerror=alert(1)> here'],
  ['img safe src with onerror', '<img src="https://ok.example/a.png" onerror="alert(1)">'],
  ['img without the closing bracket', 'x <img src=x onerror=alert(1)//'],
  ['img slashes for spaces', '<img/src=x/onerror=alert(1)>'],
  ['img encoded handler name', '<img src=x on&#101;rror=alert(1)>'],
  ['svg script inline', 'x <svg><script>alert(1)</script></svg>'],
  [
    'svg foreignObject iframe',
    '<svg><foreignObject><iframe src=javascript:alert(1)></iframe></foreignObject></svg>',
  ],
  ['svg style namespace switch', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  [
    'math mglyph namespace switch',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  ],
  [
    'form in math mutation',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  ],
  [
    'math maction xlink',
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  ],
  ['noscript attribute breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['textarea breakout', '<textarea><img src=x onerror=alert(1)></textarea>'],
  ['title breakout', '<title><img src=x onerror=alert(1)></title>'],
  ['xmp breakout', '<xmp><img src=x onerror=alert(1)></xmp>'],
  ['template content', '<template><img src=x onerror=alert(1)></template>'],
  ['select style', '<select><style><img src=x onerror=alert(1)></style></select>'],
  ['iframe inline', 'See <iframe src="https://evil.example"></iframe> this'],
  ['iframe unclosed', '<iframe src="javascript:alert(1)">'],
  ['a javascript inline', 'Go <a href="javascript:alert(1)">here</a>'],
  ['a entity-encoded javascript', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['a javascript with NUL', '<a href="java\u0000script:alert(1)">x</a>'],
  ['a nested in a Markdown link', '[<a href="javascript:alert(1)">x</a>](https://ok.example)'],
  [
    'a inside svg inside a link',
    '<a href="https://ok.example"><svg><a href="javascript:alert(1)">x</a></svg></a>',
  ],
  ['a unclosed in a div', '<div><a href="javascript:alert(1)">unclosed'],
  ['style inline', 'Text <style>*{background:url(javascript:alert(1))}</style> more'],
  ['style unclosed', '<style>body{display:none}'],
  ['form inline', 'x <form action="https://evil.example"><input name="password"></form>'],
  ['input outside a task list', '<input type="text" onfocus="alert(1)" autofocus>'],
  [
    'details ontoggle with summary',
    '<details open ontoggle=alert(1)><summary>x</summary>y</details>',
  ],
  [
    'summary with an image handler',
    '<details><summary><img src=x onerror=alert(1)></summary></details>',
  ],
  ['kbd onclick', 'Press <kbd onclick=alert(1) style="x">K</kbd>'],
  ['bold with handler, unclosed', '<b onmouseover=alert(1)>unclosed bold'],
  ['comment ending with --!>', '<!-- --!><img src=x onerror=alert(1)> -->'],
  ['comment opened as <!-->', '<!--><img src=x onerror=alert(1)>-->'],
  ['comment unclosed', 'text <!-- <img src=x onerror=alert(1)>'],
  ['processing instruction', '<?xml version="1.0"?><img src=x onerror=alert(1)>'],
  ['bogus comment', '</x onclick=alert(1)><img src=x onerror=alert(1)>'],
  ['meta charset', '<meta charset="utf-7">+ADw-script+AD4-alert(1)+ADw-/script+AD4-'],
  ['base in the body', '<base href="https://evil.example/">[x](/relative)'],
  ['object inline', 'x <object data="javascript:alert(1)"></object>'],
  ['strong around raw img', '**<img src=x onerror=alert(1)>**'],
  ['table with raw handlers', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
  ['heading with raw link', '## <a href="javascript:alert(1)">x</a>'],
  ['code span keeps raw as text', '`<script>alert(1)</script>`'],
  [
    'attribute quote breakout',
    '<a href="https://ok.example/" title="x" onmouseover="alert(1)">x</a>',
  ],
]

describe('XSS vectors render inert', () => {
  test('there are enough vectors', () => {
    expect(xssVectors.length).toBeGreaterThanOrEqual(25)
  })

  test.each(xssVectors)('%s (renderMarkdown)', (_name, vector) => {
    expect(unsafeParts(renderMarkdown(vector))).toEqual([])
  })

  test.each(xssVectors)('%s (renderInlineMarkdown)', (_name, vector) => {
    expect(unsafeParts(renderInlineMarkdown(vector), 'inline')).toEqual([])
  })

  test.each(xssVectors)('%s (the safety passes on parsed HTML)', (_name, vector) => {
    for (const kind of ['markdown', 'inline'] as const) {
      const html = toHtml(sanitizeTree(parse(vector), kind))
      expect(unsafeParts(html, kind)).toEqual([])
    }
  })

  test('there are enough raw HTML vectors', () => {
    expect(rawHtmlVectors.length).toBeGreaterThanOrEqual(40)
  })

  test.each(rawHtmlVectors)('raw HTML: %s (both renderers, plain text)', (_name, vector) => {
    const html = renderMarkdown(vector)
    expect(unsafeParts(html)).toEqual([])
    const inline = renderInlineMarkdown(vector)
    expect(unsafeParts(inline, 'inline')).toEqual([])
    // No mutation: a browser parsing the output builds the very tree it was serialised from.
    expect(toHtml(parse(html))).toBe(html)
    expect(toHtml(parse(inline))).toBe(inline)
  })

  test('the check itself catches each kind of problem', () => {
    expect(unsafeParts('<script>x</script>')).toEqual(['forbidden element <script>'])
    expect(unsafeParts('<a href="javascript:x">y</a>')).toEqual(['href javascript:x'])
    expect(unsafeParts('<a href="//evil.example">y</a>')).toEqual(['href //evil.example'])
    expect(unsafeParts('<img src="data:x">')).toEqual(['src data:x'])
    expect(unsafeParts('<p onclick="x" style="y">z</p>')).toEqual([
      '<p> event handler onClick',
      '<p> style attribute',
    ])
    expect(unsafeParts('<a href="https://x.example" target="_blank">y</a>')).toEqual([
      'target without rel noopener noreferrer: undefined',
    ])
    expect(unsafeParts('<h1>x</h1>', 'inline')).toEqual(['unexpected element <h1>'])
  })

  test('the safety passes keep what is safe', () => {
    const html = toHtml(
      sanitizeTree(parse('<p><a href="https://ok.example" title="t">ok</a> <em>x</em></p>')),
    )
    expect(html).toBe('<p><a href="https://ok.example" title="t">ok</a> <em>x</em></p>')
  })
})

// -------------------------------------------------------------- inline

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

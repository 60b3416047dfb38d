/**
 * The Markdown renderers (server/markdown/render.ts) against XSS: OWASP's
 * filter evasion vectors and raw-HTML mutation tricks render inert through
 * both renderers and through the sanitiser on parsed HTML; the output is
 * parsed as a browser would, and a browser's parse must give it back unchanged.
 */
import { describe, expect, test } from 'bun:test'
import { toHtml } from 'hast-util-to-html'
import { renderInlineMarkdown, renderMarkdown } from '../../markdown/render'
import { sanitizeTree } from '../../markdown/sanitize'
import { parse, unsafeParts } from '../support/markdown-html'

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

/**
 * Webmention: endpoint discovery against a fake remote site on loopback, with the cases of the
 * webmention.rocks discovery suite; sending to a fake endpoint; and what a source's
 * microformats say about a mention (reply, like, repost, bookmark, mention, author, content).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mf2 } from 'microformats-parser'
import { OutboundError } from '../../outbound/fetch'
import { discoverEndpoint } from '../../webmention/discover'
import { readMention } from '../../webmention/read-mention'
import { sendWebmention } from '../../webmention/send'

let site: ReturnType<typeof Bun.serve>
let base = ''
const received: { path: string; query: string; body: string; type: string | null }[] = []

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(`<!doctype html><html><head><title>t</title>${body}`, {
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  })

/** The webmention.rocks discovery cases, each a page of the fake site. */
const pages: Record<string, () => Response> = {
  // 1, 2: a Link header, relative and absolute.
  '/1': () => html('', { link: '</endpoint/1>; rel=webmention' }),
  '/2': () => html('', { link: `<${base}/endpoint/2>; rel="webmention"` }),
  // 3, 4: a <link> element, relative and absolute.
  '/3': () => html('<link rel="webmention" href="/endpoint/3"></head><body></body>'),
  '/4': () => html(`<link rel="webmention" href="${base}/endpoint/4"></head><body></body>`),
  // 5, 6: an <a> element, relative and absolute.
  '/5': () => html('</head><body><a rel="webmention" href="/endpoint/5">wm</a></body>'),
  '/6': () => html(`</head><body><a rel="webmention" href="${base}/endpoint/6">wm</a></body>`),
  // 7: the header's name and rel in strange casing.
  '/7': () => html('', { LinK: '</endpoint/7>; rel=WebMention' }),
  // 8: a quoted rel in the header.
  '/8': () => html('', { link: '</endpoint/8>; rel="webmention"' }),
  // 9: several rel values.
  '/9': () => html('<link rel="webmention somethingelse" href="/endpoint/9"></head><body></body>'),
  // 10: the header and an element: the header wins.
  '/10': () =>
    html('<link rel="webmention" href="/endpoint/wrong"></head><body></body>', {
      link: '</endpoint/10>; rel="webmention"',
    }),
  // 11: several elements: the first in document order.
  '/11': () =>
    html(
      '<link rel="webmention" href="/endpoint/11"></head><body><a rel="webmention" href="/endpoint/wrong">x</a></body>',
    ),
  // 12: rel="not-webmention" is not it.
  '/12': () =>
    html(
      '<link rel="not-webmention" href="/endpoint/wrong"><link rel="webmention" href="/endpoint/12"></head><body></body>',
    ),
  // 13: an element inside an HTML comment is not one.
  '/13': () =>
    html(
      '<!-- <link rel="webmention" href="/endpoint/wrong"> --><link rel="webmention" href="/endpoint/13"></head><body></body>',
    ),
  // 15: an empty href is the page itself.
  '/15': () => html('<link rel="webmention" href=""></head><body></body>'),
  // 16: an <a> before a <link>: the <a>.
  '/16': () =>
    html(
      '</head><body><a rel="webmention" href="/endpoint/16">x</a><link rel="webmention" href="/endpoint/wrong"></body>',
    ),
  // 17: the endpoint's query string is kept.
  '/17': () => html('<link rel="webmention" href="/endpoint/17?version=1"></head><body></body>'),
  // 18, 19: several Link headers, or several links in one.
  '/18': () => {
    const headers = new Headers({ 'content-type': 'text/html' })
    headers.append('link', '<https://example.com/other>; rel="other"')
    headers.append('link', '</endpoint/18>; rel="webmention"')
    return new Response('<p>18</p>', { headers })
  },
  '/19': () =>
    html('', { link: '<https://example.com/o>; rel="other", </endpoint/19>; rel="webmention"' }),
  // 20: an element without an href is skipped.
  '/20': () =>
    html(
      '<link rel="webmention"></head><body><a rel="webmention" href="/endpoint/20">x</a></body>',
    ),
  // 22: relative to the page's own path.
  '/deep/22': () => html('<link rel="webmention" href="endpoint/22"></head><body></body>'),
  // 23: after a redirect, relative to the URL that answered.
  '/23': () => new Response(null, { status: 302, headers: { location: '/after/23/page' } }),
  '/after/23/page': () => html('<link rel="webmention" href="endpoint"></head><body></body>'),
  // No endpoint at all; a non-HTML answer.
  '/none': () => html('</head><body><p>nothing here</p></body>'),
  '/image': () => new Response(new Uint8Array(4), { headers: { 'content-type': 'image/png' } }),
}

beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      if (url.pathname.startsWith('/endpoint') || url.pathname.endsWith('/endpoint')) {
        received.push({
          path: url.pathname,
          query: url.search,
          body: await request.text(),
          type: request.headers.get('content-type'),
        })
        if (url.pathname === '/endpoint/refuses') return new Response('no', { status: 400 })
        return new Response('queued', { status: 202, headers: { location: '/status/1' } })
      }
      if (url.pathname === '/refusing')
        return html('<link rel="webmention" href="/endpoint/refuses">')
      const page = pages[url.pathname]
      return page ? page() : new Response('not found', { status: 404 })
    },
  })
  base = `http://127.0.0.1:${site.port}`
})

afterAll(() => site.stop(true))

const local = { allowLoopback: true }

describe('endpoint discovery (the webmention.rocks cases)', () => {
  const cases: [string, string][] = [
    ['/1', '/endpoint/1'],
    ['/2', '/endpoint/2'],
    ['/3', '/endpoint/3'],
    ['/4', '/endpoint/4'],
    ['/5', '/endpoint/5'],
    ['/6', '/endpoint/6'],
    ['/7', '/endpoint/7'],
    ['/8', '/endpoint/8'],
    ['/9', '/endpoint/9'],
    ['/10', '/endpoint/10'],
    ['/11', '/endpoint/11'],
    ['/12', '/endpoint/12'],
    ['/13', '/endpoint/13'],
    ['/15', '/15'],
    ['/16', '/endpoint/16'],
    ['/17', '/endpoint/17?version=1'],
    ['/18', '/endpoint/18'],
    ['/19', '/endpoint/19'],
    ['/20', '/endpoint/20'],
    ['/deep/22', '/deep/endpoint/22'],
    ['/23', '/after/23/endpoint'],
  ]
  for (const [page, endpoint] of cases) {
    test(`${page} → ${endpoint}`, async () => {
      expect(await discoverEndpoint(`${base}${page}`, local)).toBe(`${base}${endpoint}`)
    })
  }

  test('a page without one, or not HTML, has none', async () => {
    expect(await discoverEndpoint(`${base}/none`, local)).toBeNull()
    expect(await discoverEndpoint(`${base}/image`, local)).toBeNull()
  })

  test('a loopback target is refused unless the setting allows it', async () => {
    const error = await discoverEndpoint(`${base}/3`).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OutboundError)
    expect((error as OutboundError).reason).toBe('address')
  })
})

describe('sending', () => {
  test('source and target go form-encoded to the endpoint, its query string kept', async () => {
    received.length = 0
    const result = await sendWebmention('https://me.example/notes/a', `${base}/17`, local)
    expect(result).toEqual({
      outcome: 'sent',
      endpoint: `${base}/endpoint/17?version=1`,
      status: 202,
      location: `${base}/status/1`,
    })
    expect(received).toHaveLength(1)
    expect(received[0]?.query).toBe('?version=1')
    expect(received[0]?.type).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(received[0]?.body))).toEqual({
      source: 'https://me.example/notes/a',
      target: `${base}/17`,
    })
  })

  test('no endpoint, or an endpoint that refuses, is said so', async () => {
    expect(await sendWebmention('https://me.example/a', `${base}/none`, local)).toEqual({
      outcome: 'no-endpoint',
    })
    expect(await sendWebmention('https://me.example/a', `${base}/refusing`, local)).toEqual({
      outcome: 'refused',
      endpoint: `${base}/endpoint/refuses`,
      status: 400,
    })
  })
})

describe('what a source says', () => {
  const target = 'https://ada.example/notes/engines'
  const source = 'https://grace.example/2026/reply'
  const entry = (inner: string) =>
    `<!doctype html><html><body>
      <div class="h-card"><a class="p-name u-url" href="https://grace.example/">Grace</a></div>
      <article class="h-entry">
        <a class="u-url" href="/2026/reply">permalink</a>
        <time class="dt-published" datetime="2026-11-20T10:00:00Z">20 Nov</time>
        ${inner}
      </article>
    </body></html>`

  test('a reply: its author h-card, its content as HTML and text, its date', () => {
    const mention = readMention(
      entry(`<a class="u-in-reply-to" href="${target}">in reply to</a>
        <div class="p-author h-card"><img class="u-photo" src="/me.jpg" alt=""><span class="p-name">Grace Hopper</span><a class="u-url" href="https://grace.example/"></a></div>
        <div class="e-content"><p>Lovely <strong>note</strong>.</p></div>`),
      source,
      target,
    )
    expect(mention).toEqual({
      kind: 'reply',
      url: source,
      author: {
        name: 'Grace Hopper',
        url: 'https://grace.example/',
        photo: 'https://grace.example/me.jpg',
      },
      content: { html: '<p>Lovely <strong>note</strong>.</p>', text: 'Lovely note.' },
      published: '2026-11-20T10:00:00Z',
    })
  })

  test('likes, reposts and bookmarks; a link in the text is a mention', () => {
    expect(
      readMention(entry(`<a class="u-like-of" href="${target}">♥</a>`), source, target)?.kind,
    ).toBe('like')
    expect(
      readMention(entry(`<a class="u-repost-of" href="${target}">↻</a>`), source, target)?.kind,
    ).toBe('repost')
    expect(
      readMention(entry(`<a class="u-bookmark-of" href="${target}">★</a>`), source, target)?.kind,
    ).toBe('bookmark')
    const mention = readMention(
      entry(`<p class="e-content">Read <a href="${target}#part-2">this</a>.</p>`),
      source,
      target,
    )
    expect(mention?.kind).toBe('mention')
    // No author in the entry: the page's h-card.
    expect(mention?.author).toEqual({ name: 'Grace', url: 'https://grace.example/', photo: null })
  })

  test('a reply to an h-cite of the target counts as a reply', () => {
    const mention = readMention(
      entry(
        `<div class="u-in-reply-to h-cite"><a class="u-url" href="${target}">Ada’s note</a></div>`,
      ),
      source,
      target,
    )
    expect(mention?.kind).toBe('reply')
  })

  test('a source that does not link to the target is no mention', () => {
    expect(
      readMention(entry('<p class="e-content">Nothing about Ada.</p>'), source, target),
    ).toBeNull()
    expect(
      readMention(
        entry('<p>https://ada.example/notes/engines as text, not a link</p>'),
        source,
        target,
      ),
    ).toBeNull()
  })

  test('a page without microformats still gives a mention of the source', () => {
    const mention = readMention(`<p>See <a href="${target}">here</a></p>`, source, target)
    expect(mention).toEqual({
      kind: 'mention',
      url: source,
      author: { name: null, url: null, photo: null },
      content: null,
      published: null,
    })
  })

  test('the parser reads microformats2 as the spec says (sanity check of the library)', () => {
    const parsed = mf2('<a class="h-card" href="https://x.example/">X</a>', {
      baseUrl: 'https://x.example/',
    })
    expect(parsed.items[0]?.properties.name).toEqual(['X'])
    expect(parsed.items[0]?.properties.url).toEqual(['https://x.example/'])
  })
})

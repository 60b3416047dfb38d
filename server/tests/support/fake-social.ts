/**
 * Local fakes of the social web for the tests (Bun.serve on 127.0.0.1, port 0), answering with
 * the shapes the real services document:
 *
 * - `fakeRemoteSite`: someone's own site with pages the test sets (h-entry replies, likes,
 *   pages without a link back, a 410, a redirect chain, a 5 MB page), counting each fetch, and
 *   a Webmention endpoint that records what it receives (and can answer 500 first);
 * - `fakeMastodon`: `GET /api/v1/statuses/:id`, `/context`, `/favourited_by`, `/reblogged_by`
 *   (docs.joinmastodon.org/methods/statuses);
 * - `fakeBluesky`: the AppView's `app.bsky.feed.getPostThread` and `app.bsky.feed.getLikes`,
 *   `app.bsky.feed.getRepostedBy` (docs.bsky.app, the XRPC lexicons).
 */

export interface FakePage {
  status?: number
  body?: string
  contentType?: string
  headers?: Record<string, string>
}

export function fakeRemoteSite(hostname = '127.0.0.1') {
  const pages = new Map<string, FakePage>()
  const hits = new Map<string, number>()
  const received: { source: string; target: string }[] = []
  let endpointFailures = 0
  const server = Bun.serve({
    port: 0,
    hostname,
    async fetch(request) {
      const url = new URL(request.url)
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
      if (url.pathname === '/webmention-endpoint' && request.method === 'POST') {
        const form = new URLSearchParams(await request.text())
        if (endpointFailures > 0) {
          endpointFailures--
          return new Response('try later', { status: 500 })
        }
        received.push({ source: form.get('source') ?? '', target: form.get('target') ?? '' })
        return new Response(null, { status: 202, headers: { location: '/status/1' } })
      }
      const page = pages.get(url.pathname)
      if (!page) return new Response('not here', { status: 404 })
      return new Response(page.body ?? '', {
        status: page.status ?? 200,
        headers: {
          'content-type': page.contentType ?? 'text/html; charset=utf-8',
          ...page.headers,
        },
      })
    },
  })
  const base = `http://${hostname}:${server.port}`
  return {
    base,
    url: (path: string) => `${base}${path}`,
    set: (path: string, page: FakePage) => pages.set(path, page),
    hits: (path: string) => hits.get(path) ?? 0,
    received,
    /** The next `count` Webmentions to the endpoint answer 500. */
    failNext: (count: number) => {
      endpointFailures = count
    },
    stop: () => server.stop(true),
  }
}

/** An h-entry reply (or like…) to `target`, by an h-card author. */
export function hEntry(options: {
  target: string
  kind?: 'in-reply-to' | 'like-of' | 'repost-of' | 'bookmark-of' | null
  author?: { name: string; url: string; photo?: string }
  content?: string
  published?: string
  url?: string
}): string {
  const author = options.author ?? { name: 'Alice Remote', url: 'https://alice.example/' }
  const link = options.kind
    ? `<a class="u-${options.kind}" href="${options.target}">this note</a>`
    : `<a href="${options.target}">this note</a>`
  return `<!doctype html><html><head><title>Reply</title></head><body>
<article class="h-entry">
  <a class="p-author h-card" href="${author.url}">${author.photo ? `<img class="u-photo" src="${author.photo}" alt="">` : ''}${author.name}</a>
  ${options.url ? `<a class="u-url" href="${options.url}">permalink</a>` : ''}
  <p>About ${link}</p>
  <div class="e-content">${options.content ?? 'What a <b>good</b> note.'}</div>
  <time class="dt-published" datetime="${options.published ?? '2026-12-01T08:00:00Z'}">Dec 1</time>
</article></body></html>`
}

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
import type { SocialSettings } from '../../config'

/** The social settings the tests use: loopback fakes allowed, polls left to `runNow`. */
export const loopbackSocial: SocialSettings = {
  allowLoopback: true,
  verifyPollMs: 60_000,
  sendPollMs: 60_000,
  refreshMs: 60_000,
  blueskyAppViewUrl: 'http://127.0.0.1:9',
  fetchTimeoutMs: 5_000,
  fetchMaxBytes: 1024 * 1024,
}

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

/** A Mastodon account as the API answers it (the fields the site reads, and a few more). */
export function mastodonAccount(id: string, name: string, avatar: string | null = null) {
  return {
    id,
    username: name.toLowerCase(),
    acct: `${name.toLowerCase()}@remote.example`,
    display_name: name,
    url: `https://remote.example/@${name.toLowerCase()}`,
    avatar: avatar ?? 'https://remote.example/avatars/original/missing.png',
    avatar_static: avatar ?? 'https://remote.example/avatars/original/missing.png',
    locked: false,
    bot: false,
  }
}

/** A status as `GET /api/v1/statuses/:id/context` lists it. */
export function mastodonStatus(
  id: string,
  account: ReturnType<typeof mastodonAccount>,
  content: string,
  visibility: 'public' | 'unlisted' | 'private' | 'direct' = 'public',
) {
  return {
    id,
    uri: `https://remote.example/users/${account.username}/statuses/${id}`,
    url: `https://remote.example/@${account.username}/${id}`,
    created_at: '2026-12-01T09:00:00.000Z',
    in_reply_to_id: '111',
    visibility,
    content,
    account,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
  }
}

/** Mastodon's API for one post (`id`), what it answers set by the test; `failing` answers 503. */
export function fakeMastodon() {
  const state = {
    descendants: [] as unknown[],
    favourited: [] as unknown[],
    reblogged: [] as unknown[],
    failing: false,
    requests: [] as string[],
  }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const url = new URL(request.url)
      state.requests.push(url.pathname)
      if (state.failing) return new Response('{"error":"down"}', { status: 503 })
      const match = /^\/api\/v1\/statuses\/(\d+)\/(context|favourited_by|reblogged_by)$/.exec(
        url.pathname,
      )
      if (!match) return Response.json({ error: 'Record not found' }, { status: 404 })
      if (match[2] === 'context')
        return Response.json({ ancestors: [], descendants: state.descendants })
      return Response.json(match[2] === 'favourited_by' ? state.favourited : state.reblogged)
    },
  })
  return { state, base: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) }
}

/** A Bluesky profile view (app.bsky.actor.defs#profileViewBasic). */
export function blueskyActor(handle: string, name: string) {
  return {
    did: `did:plc:${handle.replace(/\W/g, '').padEnd(24, 'a').slice(0, 24)}`,
    handle,
    displayName: name,
  }
}

/** Bluesky's public AppView for one post, what it answers set by the test. */
export function fakeBluesky(ownerHandle: string, ownerDid: string) {
  const state = {
    replies: [] as unknown[],
    likes: [] as unknown[],
    repostedBy: [] as unknown[],
    requests: [] as string[],
  }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const url = new URL(request.url)
      state.requests.push(`${url.pathname}${url.search}`)
      const method = url.pathname.replace(/^\/xrpc\//, '')
      const uri = url.searchParams.get('uri') ?? ''
      if (method === 'com.atproto.identity.resolveHandle') {
        return url.searchParams.get('handle') === ownerHandle
          ? Response.json({ did: ownerDid })
          : Response.json(
              { error: 'InvalidRequest', message: 'Unable to resolve handle' },
              { status: 400 },
            )
      }
      if (method === 'app.bsky.feed.getPostThread') {
        return Response.json({
          thread: {
            $type: 'app.bsky.feed.defs#threadViewPost',
            post: {
              uri,
              cid: 'bafy',
              author: { did: ownerDid, handle: ownerHandle },
              record: { text: 'My note' },
            },
            replies: state.replies,
          },
        })
      }
      if (method === 'app.bsky.feed.getLikes') return Response.json({ uri, likes: state.likes })
      if (method === 'app.bsky.feed.getRepostedBy')
        return Response.json({ uri, repostedBy: state.repostedBy })
      return Response.json({ error: 'MethodNotImplemented' }, { status: 501 })
    },
  })
  return { state, base: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) }
}

/** A reply in a thread (app.bsky.feed.defs#threadViewPost). */
export function blueskyReply(actor: ReturnType<typeof blueskyActor>, rkey: string, text: string) {
  return {
    $type: 'app.bsky.feed.defs#threadViewPost',
    post: {
      uri: `at://${actor.did}/app.bsky.feed.post/${rkey}`,
      cid: `bafy${rkey}`,
      author: actor,
      record: { $type: 'app.bsky.feed.post', text, createdAt: '2026-12-01T11:00:00.000Z' },
      indexedAt: '2026-12-01T11:00:01.000Z',
    },
    replies: [],
  }
}

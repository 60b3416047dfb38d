/**
 * Notes on the API: writing posts (validation, slugs, former slugs), who
 * sees drafts and scheduled posts (nobody but the signed-in admin, on every
 * public door, until their time), the publishing job on a clock the test
 * moves, and deletes.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readContentVersion } from '../../db/content-version'
import { posts } from '../../db/schema'
import { publishDuePosts } from '../../services/post-publishing'
import { createTestApp, isRecord, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: 'https://ada.example' })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

export const samplePost = (title = 'Sample Post', extra: Record<string, unknown> = {}) => ({
  title,
  summary: 'What this post is about.',
  body: 'Some **Markdown** text.',
  tags: ['Writing'],
  status: 'published',
  ...extra,
})

async function create(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/posts', { token, body })
  expect(r.status).toBe(201)
  return r.body
}

const slugsOf = (list: unknown[]) => list.map((item) => (isRecord(item) ? item.slug : null))
const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString()

describe('writing posts', () => {
  test('a post is created with its slug, rendered and sanitised body and reading time', async () => {
    const body = await create(
      samplePost('Hello, World: Notes!', {
        body: `# Heading\n\n${'word '.repeat(660)}\n\n<script>alert(1)</script><img src=x onerror=alert(1)>`,
        tags: [' Bun ', '', 'TypeScript'],
      }),
    )
    expect(body).toMatchObject({
      slug: 'hello-world-notes',
      title: 'Hello, World: Notes!',
      tags: ['Bun', 'TypeScript'],
      status: 'published',
      state: 'published',
      reading_minutes: 3,
      cover_url: null,
    })
    expect(typeof body.id).toBe('number')
    expect(String(body.body_html)).toContain('<h2')
    expect(String(body.body_html)).not.toContain('<script')
    expect(String(body.body_html)).not.toContain('onerror')
    expect(body.published_at).toBe(t.clock.now().toISOString())
    expect(typeof body.created_at).toBe('string')
    expect(typeof body.updated_at).toBe('string')
  })

  test('bad input is a 400 naming the fields', async () => {
    const r = await t.request('POST', '/api/posts', {
      token,
      body: { title: ' ', summary: 'x', body: 'y', status: 'later', published_at: 'tomorrow' },
    })
    expect(r.status).toBe(400)
    expect(typeof r.body.error).toBe('string')
    expect(Object.keys(r.body.fields as object).sort()).toEqual(['published_at', 'status', 'title'])
  })

  test('writes need the bearer token', async () => {
    expect((await t.request('POST', '/api/posts', { body: samplePost() })).status).toBe(401)
    expect((await t.request('PUT', '/api/posts/1', { body: samplePost() })).status).toBe(401)
    expect((await t.request('DELETE', '/api/posts/1')).status).toBe(401)
  })

  test('the same title twice gets -2; renaming keeps the former slug answering', async () => {
    const first = await create(samplePost('Twice'))
    const second = await create(samplePost('Twice'))
    expect([first.slug, second.slug]).toEqual(['twice', 'twice-2'])
    const renamed = await t.request('PUT', `/api/posts/${first.id}`, {
      token,
      body: samplePost('Once Only'),
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.slug).toBe('once-only')
    const old = await t.request('GET', '/api/posts/twice')
    expect(old.status).toBe(200)
    expect(old.body.slug).toBe('once-only')
  })

  test('a write bumps the content version', async () => {
    const before = await readContentVersion(t.db)
    await create(samplePost('Version'))
    expect(await readContentVersion(t.db)).toBe(before + 1)
  })

  test('delete: 204, then the post and its page answer 404', async () => {
    const post = await create(samplePost('Going Away'))
    expect((await t.request('DELETE', `/api/posts/${post.id}`, { token })).status).toBe(204)
    expect((await t.request('GET', '/api/posts/going-away')).status).toBe(404)
    expect((await t.request('GET', '/api/posts/going-away', { token })).status).toBe(404)
    expect((await t.request('DELETE', `/api/posts/${post.id}`, { token })).status).toBe(404)
  })
})

describe('drafts and scheduled posts', () => {
  test('a draft: listed and readable for the admin only', async () => {
    await create(samplePost('Secret Draft', { status: 'draft' }))
    expect((await t.request('GET', '/api/posts/secret-draft')).status).toBe(404)
    const mine = await t.request('GET', '/api/posts/secret-draft', { token })
    expect(mine.status).toBe(200)
    expect(mine.body.state).toBe('draft')
    expect(slugsOf((await t.request('GET', '/api/posts')).list)).not.toContain('secret-draft')
    expect(slugsOf((await t.request('GET', '/api/posts', { token })).list)).toContain(
      'secret-draft',
    )
  })

  test('a scheduled post is absent everywhere until the job runs at its time, then present once', async () => {
    const post = await create(
      samplePost('Future Words', {
        body: 'zeppelinous musings',
        published_at: inFuture(60 * 60_000),
      }),
    )
    expect(post.state).toBe('scheduled')
    const absent = async () => {
      expect((await t.request('GET', '/api/posts/future-words')).status).toBe(404)
      expect(slugsOf((await t.request('GET', '/api/posts')).list)).not.toContain('future-words')
      const search = await t.request('GET', '/api/search?q=zeppelinous')
      expect(search.body.results).toEqual([])
    }
    await absent()
    // Not yet due: the job leaves it.
    expect(await publishDuePosts({ db: t.db }, t.clock.now())).toEqual([])
    await absent()
    t.clock.advance(60 * 60_000)
    // Due, but nothing ran: still absent (the job makes it public, and refreshes caches).
    await absent()
    const version = await readContentVersion(t.db)
    expect(await publishDuePosts({ db: t.db }, t.clock.now())).toEqual([post.id as number])
    expect(await readContentVersion(t.db)).toBe(version + 1)
    expect(await publishDuePosts({ db: t.db }, t.clock.now())).toEqual([])
    const live = await t.request('GET', '/api/posts/future-words')
    expect(live.status).toBe(200)
    expect(live.body.state).toBe('published')
    expect(slugsOf((await t.request('GET', '/api/posts')).list)).toContain('future-words')
    const search = await t.request('GET', '/api/search?q=zeppelinous')
    expect(search.body.results).toMatchObject([{ kind: 'post', url: '/notes/future-words' }])
  })

  test('moving a live post to a time to come takes it off until then', async () => {
    const post = await create(samplePost('Pulled Back'))
    const r = await t.request('PUT', `/api/posts/${post.id}`, {
      token,
      body: samplePost('Pulled Back', { published_at: inFuture(86_400_000) }),
    })
    expect(r.body.state).toBe('scheduled')
    expect((await t.request('GET', '/api/posts/pulled-back')).status).toBe(404)
  })

  test('the public list is newest first and filters by tag in any case', async () => {
    await t.db.delete(posts)
    await create(samplePost('Older', { published_at: '2026-01-01T10:00:00Z', tags: ['Rust'] }))
    await create(samplePost('Newer', { published_at: '2026-02-01T10:00:00+01:00', tags: ['Go'] }))
    expect(slugsOf((await t.request('GET', '/api/posts')).list)).toEqual(['newer', 'older'])
    expect(slugsOf((await t.request('GET', '/api/posts?tag=rust')).list)).toEqual(['older'])
  })
})

describe('link-preview cards', () => {
  test('a live post has its card; a draft has none; a former slug moves', async () => {
    const post = await create(samplePost('Card Post', { tags: ['Cards'] }))
    const card = await t.app.handle(new Request('http://localhost/og/notes/card-post.png'))
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/png')
    await create(samplePost('Card Draft', { status: 'draft' }))
    const draft = await t.app.handle(new Request('http://localhost/og/notes/card-draft.png'))
    expect(draft.status).toBe(404)
    await t.request('PUT', `/api/posts/${post.id}`, { token, body: samplePost('Card Renamed') })
    const moved = await t.app.handle(new Request('http://localhost/og/notes/card-post.png'))
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/og/notes/card-renamed.png')
  })
})

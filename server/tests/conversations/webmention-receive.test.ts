/**
 * Receiving Webmentions (W3C Webmention §3.2, the webmention.rocks receiver cases): the
 * endpoint's 202 and status address, the refusals, then the verification job against a fake
 * remote site: a reply with its author, content and date; updates; deletions (410, a link
 * removed); a source that does not link; a 5 MB source; a redirect chain; a redirect to
 * 127.0.0.1 refused with the setting off; spam; and, on one database, two instances that
 * verify each Webmention once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { conversations, webmentions } from '../../db/schema'
import { WEBMENTION_VERIFY_JOB } from '../../services/webmentions'
import { type FakePage, fakeRemoteSite, hEntry, loopbackSocial } from '../support/fake-social'
import { createTestApp, type TestApp } from '../support/harness'
import { stubDist } from '../support/rendered-page'

const SITE = 'https://owner.example'
const social = loopbackSocial

let t: TestApp
let token: string
let remote: ReturnType<typeof fakeRemoteSite>
const target = `${SITE}/notes/hello-webmentions`

const form = (body: Record<string, string>) =>
  t.app.handle(
    new Request('http://localhost/webmention', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    }),
  )

async function send(source: string, to = target) {
  const response = await form({ source, target: to })
  expect(response.status).toBe(202)
  return response.headers.get('location') ?? ''
}

const verify = () => t.jobs.runNow(WEBMENTION_VERIFY_JOB)

async function status(location: string) {
  const response = await t.app.handle(new Request(`http://localhost${location}`))
  expect(response.status).toBe(200)
  return (await response.json()) as { status: string; result: string | null }
}

const rowsFrom = (source: string) =>
  t.db.select().from(conversations).where(eq(conversations.source, source))

function page(path: string, content: FakePage) {
  remote.set(path, content)
  return remote.url(path)
}

beforeAll(async () => {
  remote = fakeRemoteSite()
  t = await createTestApp({ siteUrl: SITE, config: { social }, ssr: true, distDir: stubDist() })
  token = await t.login()
  const note = await t.request('POST', '/api/notes', {
    token,
    body: { title: 'Hello webmentions', summary: 's', body: 'b', status: 'published' },
  })
  expect(note.status).toBe(201)
})
afterAll(async () => {
  await t.close()
  remote.stop()
})

describe('the endpoint', () => {
  test('is advertised on public pages, in a Link header and a <link> element', async () => {
    const home = await t.app.handle(new Request('http://localhost/'))
    expect(home.headers.get('link')).toBe('</webmention>; rel="webmention"')
    expect(await home.text()).toContain('<link rel="webmention" href="/webmention"/>')
  })

  test('answers 202 with a status address; the status says queued', async () => {
    const source = page('/queued', { body: hEntry({ target }) })
    const location = await send(source)
    expect(location).toMatch(/^\/webmention\/[\w-]{10,}$/)
    expect(await status(location)).toMatchObject({ status: 'queued', result: null })
  })

  test('refuses what cannot be a Webmention, with a 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ target }, 'source'],
      [{ source: remote.url('/x') }, 'target'],
      [{ source: 'ftp://example.org/x', target }, 'source'],
      [{ source: target, target }, 'source'],
      [
        { source: remote.url('/x'), target: 'https://elsewhere.example/notes/hello-webmentions' },
        'target',
      ],
      [{ source: remote.url('/x'), target: `${SITE}/notes/no-such-note` }, 'target'],
    ]
    for (const [body, field] of cases) {
      const response = await form(body)
      expect(response.status).toBe(400)
      const answer = (await response.json()) as { error: string; fields?: Record<string, string> }
      expect(Object.keys(answer.fields ?? {})).toContain(field)
    }
    const json = await t.app.handle(
      new Request('http://localhost/webmention', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: remote.url('/x'), target }),
      }),
    )
    expect(json.status).toBe(415)
    expect((await t.app.handle(new Request('http://localhost/webmention/nothing'))).status).toBe(
      404,
    )
  })
})

describe('verification', () => {
  test('a reply becomes a pending conversation with its author, text and date; fetched once', async () => {
    const source = page('/reply', {
      body: hEntry({
        target,
        kind: 'in-reply-to',
        author: { name: 'Alice Remote', url: 'https://alice.example/' },
        content: 'Great <b>note</b><script>alert(1)</script>',
        published: '2026-12-01T08:00:00Z',
      }),
    })
    const location = await send(source)
    await verify()
    await verify()
    expect(remote.hits('/reply')).toBe(1)
    expect(await status(location)).toMatchObject({ status: 'accepted' })
    const [row] = await rowsFrom(source)
    expect(row).toMatchObject({
      network: 'webmention',
      kind: 'reply',
      status: 'pending',
      author_name: 'Alice Remote',
      author_url: 'https://alice.example/',
      content_html: 'Great <b>note</b>',
    })
    expect(row?.published_at?.toISOString()).toBe('2026-12-01T08:00:00.000Z')
  })

  test('an update is verified again and changes the stored reply; the owner’s approval stays', async () => {
    const source = remote.url('/reply')
    const [row] = await rowsFrom(source)
    await t.request('PATCH', `/api/conversations/${row?.id}`, {
      token,
      body: { status: 'approved' },
    })
    page('/reply', { body: hEntry({ target, kind: 'in-reply-to', content: 'Edited reply' }) })
    await send(source)
    await verify()
    const [after] = await rowsFrom(source)
    expect(after).toMatchObject({ id: row?.id, content_text: 'Edited reply', status: 'approved' })
  })

  test('a like is a like', async () => {
    const source = page('/like', { body: hEntry({ target, kind: 'like-of', content: '' }) })
    await send(source)
    await verify()
    expect((await rowsFrom(source))[0]?.kind).toBe('like')
  })

  test('a 410 at the source removes it', async () => {
    const source = page('/gone-later', { body: hEntry({ target, kind: 'in-reply-to' }) })
    await send(source)
    await verify()
    expect((await rowsFrom(source)).length).toBe(1)
    page('/gone-later', { status: 410, body: 'gone' })
    const location = await send(source)
    await verify()
    expect((await rowsFrom(source)).length).toBe(0)
    expect(await status(location)).toMatchObject({ status: 'removed' })
  })

  test('a link that has gone from the source removes it', async () => {
    const source = page('/unlinked-later', { body: hEntry({ target, kind: 'in-reply-to' }) })
    await send(source)
    await verify()
    expect((await rowsFrom(source)).length).toBe(1)
    page('/unlinked-later', {
      body: hEntry({ target: 'https://other.example/', kind: 'in-reply-to' }),
    })
    await send(source)
    await verify()
    expect((await rowsFrom(source)).length).toBe(0)
  })

  test('a source that does not link to the target is rejected and stores nothing', async () => {
    const source = page('/no-link', {
      body: hEntry({ target: 'https://someone-else.example/post', kind: 'in-reply-to' }),
    })
    const location = await send(source)
    await verify()
    expect(await status(location)).toMatchObject({
      status: 'rejected',
      result: 'The source does not link to the target.',
    })
    expect((await rowsFrom(source)).length).toBe(0)
  })

  test('a 5 MB source is refused past the size limit, nothing stored', async () => {
    const big = `${hEntry({ target, kind: 'in-reply-to' })}<!--${'x'.repeat(5 * 1024 * 1024)}-->`
    const source = page('/huge', { body: big })
    const location = await send(source)
    await verify()
    const answer = await status(location)
    expect(answer.status).toBe('rejected')
    expect(answer.result).toContain('over the limit')
    expect((await rowsFrom(source)).length).toBe(0)
  })

  test('a redirect chain is followed to the reply', async () => {
    const final = page('/chain-end', {
      body: hEntry({ target, kind: 'in-reply-to', content: 'After hops' }),
    })
    page('/chain-2', { status: 302, headers: { location: final } })
    page('/chain-1', { status: 301, headers: { location: '/chain-2' } })
    const source = remote.url('/chain-1')
    await send(source)
    await verify()
    expect((await rowsFrom(source))[0]?.content_text).toBe('After hops')
  })

  test('a source that is not HTML is refused', async () => {
    const source = page('/json', { body: '{}', contentType: 'application/json' })
    const location = await send(source)
    await verify()
    expect((await status(location)).status).toBe('rejected')
  })

  test('spam is kept as spam, not shown', async () => {
    const source = page('/spam', {
      body: hEntry({ target, kind: 'in-reply-to', content: 'Best SEO services, cheap backlinks!' }),
    })
    await send(source)
    await verify()
    expect((await rowsFrom(source))[0]?.status).toBe('spam')
  })
})

describe('with the loopback setting off', () => {
  test('a "public" source that redirects to 127.0.0.1 is refused', async () => {
    // The fake public site is 127.0.0.2 (allowed by the test's address rule); 127.0.0.1 is not.
    const publicSite = fakeRemoteSite('127.0.0.2')
    const inside = page('/inside', { body: hEntry({ target, kind: 'in-reply-to' }) })
    publicSite.set('/to-inside', { status: 302, headers: { location: inside } })
    const strict = await createTestApp({
      siteUrl: SITE,
      database: t.database,
      withAdmin: false,
      mediaStore: t.mediaStore,
      config: {
        social: {
          ...social,
          allowLoopback: false,
          testOutbound: { allowAddress: (address) => address === '127.0.0.2' },
        },
      },
    })
    try {
      const source = publicSite.url('/to-inside')
      const response = await strict.app.handle(
        new Request('http://localhost/webmention', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ source, target }).toString(),
        }),
      )
      expect(response.status).toBe(202)
      const hitsBefore = remote.hits('/inside')
      await strict.jobs.runNow(WEBMENTION_VERIFY_JOB)
      const [row] = await strict.db.select().from(webmentions).where(eq(webmentions.source, source))
      expect(row?.status).toBe('rejected')
      expect(row?.result).toContain('127.0.0.1')
      expect(remote.hits('/inside')).toBe(hitsBefore)
      expect((await rowsFrom(source)).length).toBe(0)
    } finally {
      publicSite.stop()
      // The database is the suite's: only this app's jobs and store end here.
      await strict.jobs.stop()
    }
  })
})

describe('two instances on one database', () => {
  test('each Webmention is verified once', async () => {
    const second = await createTestApp({
      siteUrl: SITE,
      database: t.database,
      withAdmin: false,
      mediaStore: t.mediaStore,
      config: { social },
      clock: t.clock,
    })
    try {
      const sources = Array.from({ length: 8 }, (_, i) =>
        page(`/many-${i}`, {
          body: hEntry({ target, kind: 'in-reply-to', content: `Reply ${i}` }),
        }),
      )
      for (const source of sources) await send(source)
      await Promise.all([
        t.jobs.runNow(WEBMENTION_VERIFY_JOB),
        second.jobs.runNow(WEBMENTION_VERIFY_JOB),
        t.jobs.runNow(WEBMENTION_VERIFY_JOB),
        second.jobs.runNow(WEBMENTION_VERIFY_JOB),
      ])
      for (let i = 0; i < sources.length; i++) expect(remote.hits(`/many-${i}`)).toBe(1)
      const accepted = await t.db
        .select()
        .from(webmentions)
        .where(and(eq(webmentions.status, 'accepted')))
      for (const source of sources) {
        expect(accepted.filter((row) => row.source === source).length).toBe(1)
        expect((await rowsFrom(source)).length).toBe(1)
      }
    } finally {
      await second.jobs.stop()
    }
  })
})

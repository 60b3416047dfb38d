/**
 * A note or project that goes away tells the pages it linked to: moved to the Trash (or taken
 * out of publication), the job sends one more Webmention to each page its last version reached,
 * once, and nothing on the next polls; its page then answers 410 Gone (in the Trash) with the
 * same not-found page, so the receiver removes the mention. Restored, it is live again and sent
 * as an update; a page that never had an endpoint is not told; two instances send it once.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { and, eq, lt } from 'drizzle-orm'
import { webmentionOutbox } from '../../db/schema'
import { WEBMENTION_SEND_JOB } from '../../services/webmention-sending'
import { fakeRemoteSite, loopbackSocial } from '../support/fake-social'
import { createTestApp, isRecord, type TestApp } from '../support/harness'
import { readPage, stubDist } from '../support/rendered-page'

setDefaultTimeout(60_000)

const SITE = 'https://owner.example'
const social = loopbackSocial
let t: TestApp
let token: string
let remote: ReturnType<typeof fakeRemoteSite>
const send = () => t.jobs.runNow(WEBMENTION_SEND_JOB)
/** What the fake endpoint received from `source`, in order. */
const receivedFrom = (source: string) =>
  remote.received.filter((m) => m.source === source).map((m) => m.target)

beforeAll(async () => {
  remote = fakeRemoteSite()
  remote.set('/post-a', {
    body: '<p>A</p>',
    headers: { link: '</webmention-endpoint>; rel="webmention"' },
  })
  remote.set('/post-b', {
    body: '<html><head><link rel="webmention" href="/webmention-endpoint"></head><body>B</body></html>',
  })
  remote.set('/no-endpoint', { body: '<p>Nothing here</p>' })
  t = await createTestApp({
    siteUrl: SITE,
    ssr: true,
    distDir: stubDist(),
    cache: true,
    config: { social },
  })
  token = await t.login()
})
afterAll(async () => {
  await t.close()
  remote.stop()
})

async function pageOf(path: string) {
  const page = await t.request('GET', path)
  return { status: page.status, text: readPage(page.text).text }
}

test('a note moved to the Trash is told once, its page answers 410; restored, it is sent again', async () => {
  const body = `See [A](${remote.url('/post-a')}), [B](${remote.url('/post-b')}) and [none](${remote.url('/no-endpoint')}).`
  const created = await t.request('POST', '/api/notes', {
    token,
    body: { title: 'Leaving soon', summary: 's', body, status: 'published' },
  })
  expect(created.status).toBe(201)
  const id = created.id
  const source = `${SITE}/notes/leaving-soon`
  await send()
  expect(receivedFrom(source).sort()).toEqual([remote.url('/post-a'), remote.url('/post-b')])

  t.clock.advance(1_000)
  expect((await t.request('DELETE', `/api/notes/${id}`, { token })).status).toBe(204)
  // The page is gone, with the same not-found page; the API keeps the spec's 404.
  const gone = await pageOf('/notes/leaving-soon')
  expect(gone.status).toBe(410)
  expect(gone.text).toContain('Page Not Found.')
  expect(gone.text).toContain('Sorry, the page you are looking for does not exist.')
  expect((await pageOf('/notes/leaving-soon')).status).toBe(410)
  expect((await t.request('GET', '/api/notes/leaving-soon')).status).toBe(404)

  await send()
  // One more to each page that had an endpoint; the page without one is not told.
  expect(receivedFrom(source).sort()).toEqual([
    remote.url('/post-a'),
    remote.url('/post-a'),
    remote.url('/post-b'),
    remote.url('/post-b'),
  ])
  const told = await t.db
    .select()
    .from(webmentionOutbox)
    .where(
      and(
        eq(webmentionOutbox.source_type, 'note'),
        eq(webmentionOutbox.source_id, id),
        lt(webmentionOutbox.source_version, 0),
      ),
    )
  expect(told.map((row) => [row.target, row.status]).sort()).toEqual([
    [remote.url('/post-a'), 'sent'],
    [remote.url('/post-b'), 'sent'],
  ])
  const results = await t.request('GET', '/api/webmentions/sent', { token })
  expect(results.list).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        source,
        target: remote.url('/post-a'),
        status: 'sent',
        source_gone: true,
      }),
      expect.objectContaining({
        source,
        target: remote.url('/post-a'),
        status: 'sent',
        source_gone: false,
      }),
    ]),
  )

  // The next polls send nothing more.
  t.clock.advance(5 * 60_000)
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(4)

  // Restored: live again, its page back, and sent as an update, once.
  const restored = await t.request('POST', `/api/trash/note/${id}/restore`, { token })
  expect(restored.status).toBe(200)
  expect((await pageOf('/notes/leaving-soon')).status).toBe(200)
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(6)
  expect(receivedFrom(source).slice(4).sort()).toEqual([
    remote.url('/post-a'),
    remote.url('/post-b'),
  ])

  // A second time to the Trash and back: told again each time.
  expect((await t.request('DELETE', `/api/notes/${id}`, { token })).status).toBe(204)
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(8)
  expect((await t.request('POST', `/api/trash/note/${id}/restore`, { token })).status).toBe(200)
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(10)
})

test('a note made a draft again is told (its page a plain 404), and published again, sent again', async () => {
  const body = `Only [A](${remote.url('/post-a')}).`
  const note = await t.request('POST', '/api/notes', {
    token,
    body: { title: 'Second thoughts', summary: 's', body, status: 'published' },
  })
  const source = `${SITE}/notes/second-thoughts`
  await send()
  expect(receivedFrom(source)).toEqual([remote.url('/post-a')])
  t.clock.advance(1_000)
  const draft = await t.request('PUT', `/api/notes/${note.id}`, {
    token,
    body: { title: 'Second thoughts', summary: 's', body, status: 'draft' },
  })
  expect(draft.status).toBe(200)
  // Not in the Trash: the spec's 404.
  expect((await pageOf('/notes/second-thoughts')).status).toBe(404)
  await send()
  await send()
  expect(receivedFrom(source)).toEqual([remote.url('/post-a'), remote.url('/post-a')])
  t.clock.advance(1_000)
  await t.request('PUT', `/api/notes/${note.id}`, {
    token,
    body: { title: 'Second thoughts', summary: 's', body, status: 'published' },
  })
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(3)
})

test('a project moved to the Trash or unpublished is told once; restored or published, sent again', async () => {
  const fields = {
    title: 'Linked Project',
    description: 'A short description.',
    long_description: `Built on [B](${remote.url('/post-b')}).`,
  }
  const created = await t.request('POST', '/api/projects', {
    token,
    body: { ...fields, is_published: true },
  })
  expect(created.status).toBe(201)
  const id = created.id
  const source = `${SITE}/projects/linked-project`
  await send()
  expect(receivedFrom(source)).toEqual([remote.url('/post-b')])

  t.clock.advance(1_000)
  expect((await t.request('DELETE', `/api/projects/${id}`, { token })).status).toBe(204)
  const gone = await pageOf('/projects/linked-project')
  expect(gone.status).toBe(410)
  expect(gone.text).toContain('Page Not Found.')
  await send()
  await send()
  expect(receivedFrom(source)).toEqual([remote.url('/post-b'), remote.url('/post-b')])

  expect((await t.request('POST', `/api/trash/project/${id}/restore`, { token })).status).toBe(200)
  expect((await pageOf('/projects/linked-project')).status).toBe(200)
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(3)

  t.clock.advance(1_000)
  const unpublished = await t.request('PUT', `/api/projects/${id}`, {
    token,
    body: { ...fields, is_published: false },
  })
  expect(unpublished.status).toBe(200)
  expect((await pageOf('/projects/linked-project')).status).toBe(404)
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(4)
  t.clock.advance(1_000)
  await t.request('PUT', `/api/projects/${id}`, {
    token,
    body: { ...fields, is_published: true },
  })
  await send()
  await send()
  expect(receivedFrom(source).length).toBe(5)
  const rows = await t.db
    .select({ version: webmentionOutbox.source_version, status: webmentionOutbox.status })
    .from(webmentionOutbox)
    .where(and(eq(webmentionOutbox.source_type, 'project'), eq(webmentionOutbox.source_id, id)))
  expect(rows.every((row) => row.status === 'sent')).toBe(true)
  // Twice gone: -1 and -2.
  expect(
    [...new Set(rows.map((row) => row.version).filter((version) => version < 0))].sort(
      (a, b) => a - b,
    ),
  ).toEqual([-2, -1])
})

test('a note whose links reached no endpoint tells nobody when it goes, nor when it comes back', async () => {
  const note = await t.request('POST', '/api/notes', {
    token,
    body: {
      title: 'Quiet links',
      summary: 's',
      body: `Just [none](${remote.url('/no-endpoint')}).`,
      status: 'published',
    },
  })
  await send()
  const before = remote.hits('/no-endpoint')
  expect((await t.request('DELETE', `/api/notes/${note.id}`, { token })).status).toBe(204)
  await send()
  expect((await t.request('POST', `/api/trash/note/${note.id}/restore`, { token })).status).toBe(
    200,
  )
  await send()
  // Not even looked up again: nothing was queued.
  expect(remote.hits('/no-endpoint')).toBe(before)
  const rows = await t.db
    .select()
    .from(webmentionOutbox)
    .where(and(eq(webmentionOutbox.source_type, 'note'), eq(webmentionOutbox.source_id, note.id)))
  expect(rows.map((row) => row.status)).toEqual(['no-endpoint'])
})

test("two instances tell a trashed note's targets once", async () => {
  const second = await createTestApp({
    siteUrl: SITE,
    database: t.database,
    withAdmin: false,
    mediaStore: t.mediaStore,
    config: { social },
    clock: t.clock,
  })
  try {
    const body = `Links: ${Array.from({ length: 5 }, (_, i) => `[p${i}](${remote.url('/post-a')}?n=${i})`).join(' ')}`
    const note = await t.request('POST', '/api/notes', {
      token,
      body: { title: 'Many goodbyes', summary: 's', body, status: 'published' },
    })
    const source = `${SITE}/notes/many-goodbyes`
    await send()
    expect(receivedFrom(source).length).toBe(5)
    expect((await t.request('DELETE', `/api/notes/${note.id}`, { token })).status).toBe(204)
    await Promise.all([send(), second.jobs.runNow(WEBMENTION_SEND_JOB), send()])
    await Promise.all([send(), second.jobs.runNow(WEBMENTION_SEND_JOB)])
    expect(receivedFrom(source).length).toBe(10)
    expect(new Set(receivedFrom(source).slice(5)).size).toBe(5)
  } finally {
    await second.jobs.stop()
  }
})

test('the owner reads which sends told a page it is gone', async () => {
  const results = await t.request('GET', '/api/webmentions/sent', { token })
  expect(results.status).toBe(200)
  const gone = results.list.filter((row) => isRecord(row) && row.source_gone === true)
  expect(gone.length).toBeGreaterThan(0)
  for (const row of gone) expect(row).toMatchObject({ status: 'sent', result: 'Accepted (202).' })
})

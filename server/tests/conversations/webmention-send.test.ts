/**
 * Sending Webmentions through the durable outbox: a published note's links are found by the
 * job (not the save), each endpoint gets one Webmention per version, once, with a retry after a
 * 500; a page without an endpoint is recorded as such; two instances send once; an edit sends
 * again, to the links it dropped too; the owner reads the results.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { webmentionOutbox } from '../../db/schema'
import { WEBMENTION_SEND_JOB } from '../../services/webmention-sending'
import { fakeRemoteSite, loopbackSocial } from '../support/fake-social'
import { createTestApp, type TestApp } from '../support/harness'

const SITE = 'https://owner.example'
const social = loopbackSocial
let t: TestApp
let token: string
let remote: ReturnType<typeof fakeRemoteSite>
let noteId: number
const send = () => t.jobs.runNow(WEBMENTION_SEND_JOB)

beforeAll(async () => {
  remote = fakeRemoteSite()
  // A page with an endpoint in its Link header, one with <link rel=webmention>, one with none.
  remote.set('/post-a', {
    body: '<p>A</p>',
    headers: { link: '</webmention-endpoint>; rel="webmention"' },
  })
  remote.set('/post-b', {
    body: '<html><head><link rel="webmention" href="/webmention-endpoint"></head><body>B</body></html>',
  })
  remote.set('/no-endpoint', { body: '<p>Nothing here</p>' })
  t = await createTestApp({ siteUrl: SITE, config: { social } })
  token = await t.login()
})
afterAll(async () => {
  await t.close()
  remote.stop()
})

test('a draft sends nothing; publishing sends once to each endpoint, retrying after a 500', async () => {
  const body = `See [A](${remote.url('/post-a')}), [B](${remote.url('/post-b')}), [none](${remote.url('/no-endpoint')}) and [home](/projects).`
  const draft = await t.request('POST', '/api/notes', {
    token,
    body: { title: 'Linking out', summary: 's', body, status: 'draft' },
  })
  noteId = draft.id
  await send()
  expect(remote.received).toEqual([])
  const published = await t.request('PUT', `/api/notes/${noteId}`, {
    token,
    body: { title: 'Linking out', summary: 's', body, status: 'published' },
  })
  expect(published.status).toBe(200)
  remote.failNext(1)
  await send()
  const source = `${SITE}/notes/linking-out`
  // One of the two got a 500 and waits; the other arrived.
  expect(remote.received.length).toBe(1)
  const rows = await t.db
    .select()
    .from(webmentionOutbox)
    .where(eq(webmentionOutbox.source_id, noteId))
  expect(rows.map((row) => row.status).sort()).toEqual(['no-endpoint', 'pending', 'sent'])
  // Not yet due: nothing more.
  await send()
  expect(remote.received.length).toBe(1)
  t.clock.advance(2 * 60_000)
  await send()
  await send()
  expect(remote.received.map((m) => m.target).sort()).toEqual([
    remote.url('/post-a'),
    remote.url('/post-b'),
  ])
  expect(remote.received.every((m) => m.source === source)).toBe(true)
  const results = await t.request('GET', '/api/webmentions/sent', { token })
  expect(results.status).toBe(200)
  expect(results.list).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ target: remote.url('/post-a'), status: 'sent' }),
      expect.objectContaining({ target: remote.url('/no-endpoint'), status: 'no-endpoint' }),
    ]),
  )
})

test('two instances send each Webmention once', async () => {
  const second = await createTestApp({
    siteUrl: SITE,
    database: t.database,
    withAdmin: false,
    mediaStore: t.mediaStore,
    config: { social },
    clock: t.clock,
  })
  try {
    const before = remote.received.length
    const body = `Links: ${Array.from({ length: 6 }, (_, i) => `[p${i}](${remote.url('/post-a')}?n=${i})`).join(' ')}`
    const note = await t.request('POST', '/api/notes', {
      token,
      body: { title: 'Many links', summary: 's', body, status: 'published' },
    })
    expect(note.status).toBe(201)
    await Promise.all([send(), second.jobs.runNow(WEBMENTION_SEND_JOB), send()])
    expect(remote.received.length - before).toBe(6)
    expect(new Set(remote.received.slice(before).map((m) => m.target)).size).toBe(6)
  } finally {
    await second.jobs.stop()
  }
})

test('an edit sends again, to a dropped link too; an unchanged note sends nothing more', async () => {
  const before = remote.received.length
  await send()
  expect(remote.received.length).toBe(before)
  t.clock.advance(1_000)
  const edited = await t.request('PUT', `/api/notes/${noteId}`, {
    token,
    body: {
      title: 'Linking out',
      summary: 's',
      body: `Only [A](${remote.url('/post-a')}) now.`,
      status: 'published',
    },
  })
  expect(edited.status).toBe(200)
  await send()
  const targets = remote.received
    .slice(before)
    .map((m) => m.target)
    .sort()
  expect(targets).toEqual([remote.url('/post-a'), remote.url('/post-b')])
})

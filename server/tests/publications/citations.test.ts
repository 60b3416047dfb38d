/**
 * Citation counts kept current on the server: the `citations-refresh` job
 * against a local OpenAlex fake. It runs once across two instances (each DOI
 * fetched once, even when two passes run at the same moment: on PostgreSQL
 * they race for real), asks conditionally (the ETag: a 304 moves
 * `fetched_at` only), keeps the last good count and its `fetched_at` when
 * OpenAlex fails (a 500), and after a 429 sends nothing, from any instance,
 * before its Retry-After. Pages read only the stored count. Time is the
 * test's clock.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { publicationCitations } from '../../db/schema'
import { createJobRunner } from '../../jobs/runner'
import { createLogger } from '../../log'
import {
  CITATIONS_REFRESH_JOB,
  citationsRefreshJob,
  refreshCitations,
} from '../../services/citations'
import { type FakeScholarly, startFakeScholarly } from '../support/fake-scholarly'
import { createClock, createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const log = createLogger('silent')
const HOUR = 3_600_000
const DAY = 24 * HOUR

let t: TestApp
let token: string
let fake: FakeScholarly
const clock = createClock(new Date('2030-01-01T00:00:00Z'))

beforeAll(async () => {
  fake = startFakeScholarly()
  t = await createTestApp({ config: { scholarly: fake.config } })
  token = await t.login()
  for (const [title, doi] of [
    ['Gaze-Based Interaction', '10.1145/3290605.3300233'],
    ['Notes on the Engine', '10.1000/notes'],
    ['Not Yet Indexed', '10.9999/unknown'],
  ] as const) {
    const r = await t.request('POST', '/api/publications', {
      token,
      body: { type: 'journal-article', title, doi, status: 'published' },
    })
    expect(r.status).toBe(201)
  }
}, 120_000)
afterAll(async () => {
  await t?.close()
  fake.stop()
})

const openAlexRequests = () => fake.requests.filter((path) => path.startsWith('/openalex/'))
const stored = async (doi: string) =>
  (await t.db.select().from(publicationCitations).where(eq(publicationCitations.doi, doi)))[0]
const shown = async (slug: string) =>
  (await t.request('GET', `/api/publications/${slug}`)).body.citations as {
    cited_by_count: number
    fetched_at: string
  } | null

const instance = (holder: string) =>
  createJobRunner({
    db: t.db,
    jobs: [citationsRefreshJob(fake.config)],
    log,
    now: clock.now,
    holder,
  })

describe('the citations-refresh job', () => {
  test('before the first run a page shows no count; the job runs once across two instances and fetches each DOI once', async () => {
    expect(await shown('gaze-based-interaction')).toBeNull()
    const [a, b] = [instance('a'), instance('b')]
    const ran = await Promise.all([a.runDue(), b.runDue()])
    expect(ran.flat()).toEqual([CITATIONS_REFRESH_JOB])
    const asked = openAlexRequests()
    expect(asked.map((path) => path.split('?')[0]).sort()).toEqual([
      '/openalex/works/doi:10.1000/notes',
      '/openalex/works/doi:10.1145/3290605.3300233',
      '/openalex/works/doi:10.9999/unknown',
    ])
    // The polite pool: every request names the contact.
    expect(asked.every((path) => path.endsWith('?mailto=ada%40example.com'))).toBe(true)
    expect(await shown('gaze-based-interaction')).toEqual({
      cited_by_count: 42,
      openalex_id: 'W1042',
      fetched_at: '2030-01-01T00:00:00.000Z',
    } as never)
    expect(await shown('notes-on-the-engine')).toMatchObject({ cited_by_count: 7 })
    expect(await shown('not-yet-indexed')).toBeNull()
    expect((await stored('10.9999/unknown'))?.last_error).toBe('OpenAlex does not know this DOI.')
    // The job looks again at its poll (once across both), but no count is due before CITATIONS_REFRESH.
    clock.advance(HOUR)
    expect((await Promise.all([a.runDue(), b.runDue()])).flat()).toEqual([CITATIONS_REFRESH_JOB])
    expect(openAlexRequests()).toHaveLength(3)
  })

  test('two passes at the same moment (two instances) fetch each due DOI once; an unchanged count is a 304', async () => {
    clock.advance(DAY)
    fake.requests.length = 0
    const deps = { db: t.db, log, config: fake.config }
    const [first, second] = await Promise.all([
      refreshCitations(deps, clock.now()),
      refreshCitations(deps, clock.now()),
    ])
    expect(openAlexRequests()).toHaveLength(3)
    expect(first.unchanged + second.unchanged).toBe(2)
    expect(first.missing + second.missing).toBe(1)
    const row = await stored('10.1145/3290605.3300233')
    expect(row?.cited_by_count).toBe(42)
    expect(row?.fetched_at?.toISOString()).toBe(clock.now().toISOString())
  })

  test('a new count is stored and shown', async () => {
    clock.advance(DAY)
    fake.counts.set('10.1145/3290605.3300233', 43)
    await refreshCitations({ db: t.db, log, config: fake.config }, clock.now())
    expect(await shown('gaze-based-interaction')).toMatchObject({
      cited_by_count: 43,
      fetched_at: clock.now().toISOString(),
    })
  })

  test('OpenAlex down (500): the last good count and its fetched_at stay, the error is kept, and it is tried again later', async () => {
    const before = await shown('gaze-based-interaction')
    clock.advance(DAY)
    fake.setOpenAlex('down')
    const summary = await refreshCitations({ db: t.db, log, config: fake.config }, clock.now())
    expect(summary.failed).toBe(3)
    expect(await shown('gaze-based-interaction')).toEqual(before)
    const row = await stored('10.1145/3290605.3300233')
    expect(row?.cited_by_count).toBe(43)
    expect(row?.last_error).toBe('OpenAlex answered 500.')
    expect(row?.next_fetch_at.getTime()).toBe(clock.now().getTime() + fake.config.retryMs)
    // Back up: fetched again after the retry delay.
    fake.setOpenAlex('ok')
    clock.advance(fake.config.retryMs)
    const again = await refreshCitations({ db: t.db, log, config: fake.config }, clock.now())
    expect(again.unchanged + again.updated).toBe(2)
    expect((await stored('10.1145/3290605.3300233'))?.last_error).toBeNull()
  })

  test('a 429 with Retry-After: the pass stops, and no instance asks again before it ends', async () => {
    clock.advance(DAY)
    fake.setOpenAlex('rate-limited')
    fake.requests.length = 0
    const deps = { db: t.db, log, config: fake.config }
    const summary = await refreshCitations(deps, clock.now())
    expect(summary.failed).toBe(1)
    expect(openAlexRequests()).toHaveLength(1)
    expect((await stored('10.1145/3290605.3300233'))?.cited_by_count).toBe(43)
    // Retry-After is 120 s: nothing is sent a minute later, from either instance.
    clock.advance(60_000)
    await Promise.all([refreshCitations(deps, clock.now()), refreshCitations(deps, clock.now())])
    expect(openAlexRequests()).toHaveLength(1)
    fake.setOpenAlex('ok')
    clock.advance(61_000)
    await refreshCitations(deps, clock.now())
    expect(openAlexRequests()).toHaveLength(4)
  })

  test('a DOI no longer held loses its row; a new one gets one', async () => {
    const all = (await t.request('GET', '/api/publications', { token })).list as {
      id: number
      slug: string
    }[]
    const unknown = all.find((p) => p.slug === 'not-yet-indexed')
    await t.request('DELETE', `/api/publications/${unknown?.id}`, { token })
    await refreshCitations({ db: t.db, log, config: fake.config }, clock.now())
    expect(await stored('10.9999/unknown')).toBeUndefined()
  })
})

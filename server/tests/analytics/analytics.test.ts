/**
 * Page views counted on the server, as the owner reads them back through
 * `GET /api/analytics` and `GET /api/share-links`: simulated clients (their
 * own addresses through TRUST_PROXY + X-Forwarded-For, their own
 * User-Agents) viewing server-rendered pages, from the cache and not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { type Database, migrateDatabase, openDatabase } from '../../db/client'
import { analyticsSalts, analyticsViews, analyticsVisitors, shareLinks } from '../../db/schema'
import { DEVICE_COOKIE } from '../../http/infra/device-cookie'
import { createJobRunner } from '../../jobs/runner'
import { createLogger } from '../../log'
import { analyticsSaltsJob } from '../../services/analytics'
import {
  createTestApp,
  dropTestDatabase,
  sample,
  type TestApp,
  usingPostgres,
} from '../support/harness'

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

interface Client {
  ip: string
  ua: string
}
const alice: Client = { ip: '203.0.113.10', ua: CHROME }
const bob: Client = { ip: '203.0.113.20', ua: FIREFOX }
const carol: Client = { ip: '198.51.100.7', ua: IPHONE }
const dave: Client = { ip: '198.51.100.8', ua: IPAD }

interface Summary {
  totals: { views: number; visitors: number }
  daily: { date: string; views: number; visitors: number }[]
  pages: { path: string; views: number }[]
  referrers: { host: string; views: number }[]
  devices: { device: string; views: number }[]
  share_links: {
    id: number
    name: string
    views: number
    visitors: number
    last_seen: string | null
  }[]
}

let t: TestApp
let token: string
let slug: string

beforeAll(async () => {
  // The cache on, as the server runs: repeated views are answered by its fast path.
  t = await createTestApp({ ssr: true, cache: true, config: { trustProxy: 1 } })
  token = await t.login()
  const project = await t.request('POST', '/api/projects', {
    token,
    body: sample.project('Counted Project'),
  })
  slug = String(project.body.slug)
})
afterAll(() => t.close())

/** Each test reads its own counts. */
beforeEach(async () => {
  await t.analytics?.flush()
  await t.db.delete(analyticsViews)
  await t.db.delete(analyticsVisitors)
})

async function view(client: Client, path: string, headers: Record<string, string> = {}) {
  return t.request('GET', path, {
    headers: { 'x-forwarded-for': client.ip, 'user-agent': client.ua, ...headers },
  })
}

async function summary(days = 7): Promise<Summary> {
  const response = await t.request('GET', `/api/analytics?days=${days}`, { token })
  expect(response.status).toBe(200)
  return response.body as unknown as Summary
}

const today = () => t.clock.now().toISOString().slice(0, 10)

describe('counting', () => {
  test('several pages from several clients: views per page, unique visitors, devices', async () => {
    const pages = ['/', '/projects', `/projects/${slug}`, '/contact-me']
    for (const path of pages) expect((await view(alice, path)).status).toBe(200)
    await view(alice, '/') // a reload, from the cache
    await view(bob, '/')
    await view(bob, '/projects')
    await view(carol, '/')
    await view(dave, `/projects/${slug}`)

    const s = await summary()
    expect(s.totals).toEqual({ views: 9, visitors: 4 })
    expect(s.daily.at(-1)).toEqual({ date: today(), views: 9, visitors: 4 })
    expect(s.daily.slice(0, -1).every((day) => day.views === 0 && day.visitors === 0)).toBe(true)
    expect(s.pages).toEqual([
      { path: '/', views: 4 },
      { path: '/projects', views: 2 },
      { path: `/projects/${slug}`, views: 2 },
      { path: '/contact-me', views: 1 },
    ])
    expect(s.devices).toEqual([
      { device: 'desktop', views: 7 },
      { device: 'mobile', views: 1 },
      { device: 'tablet', views: 1 },
    ])
    expect(s.referrers).toEqual([])
  })

  test('the query string is not part of the page; ?ref= that is no code is ignored', async () => {
    await view(alice, '/projects?tag=rust')
    await view(alice, '/projects?utm_source=newsletter')
    await view(bob, '/?ref=not-a-code')
    const s = await summary()
    expect(s.pages).toEqual([
      { path: '/projects', views: 2 },
      { path: '/', views: 1 },
    ])
    expect(s.totals).toEqual({ views: 3, visitors: 2 })
  })

  test('referrers: the host of another site; this site, none, or a non-URL count as none', async () => {
    await view(alice, '/', { referer: 'https://www.linkedin.com/feed/' })
    await view(bob, '/', { referer: 'https://www.linkedin.com/in/someone' })
    await view(carol, '/projects', { referer: 'https://news.ycombinator.com/item?id=1' })
    await view(alice, '/projects', { referer: 'http://localhost/' })
    await view(bob, '/projects', { referer: 'android-app://com.slack' })
    await view(carol, '/')
    const s = await summary()
    expect(s.totals.views).toBe(6)
    expect(s.referrers).toEqual([
      { host: 'linkedin.com', views: 2 },
      { host: 'news.ycombinator.com', views: 1 },
    ])
  })

  test('a revalidated page (304) is a view', async () => {
    const first = await view(alice, '/projects')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const again = await view(alice, '/projects', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect((await summary()).totals).toEqual({ views: 2, visitors: 1 })
  })

  test("a page fetched ahead (Sec-Purpose) is no view; shown, its loader's HEAD counts it once", async () => {
    // Prefetched, prerendered (as Chromium marks them), and an older Chromium's prefetch.
    expect((await view(alice, '/projects', { 'sec-purpose': 'prefetch' })).status).toBe(200)
    expect((await view(alice, '/', { 'sec-purpose': 'prefetch;prerender' })).status).toBe(200)
    expect((await view(bob, `/projects/${slug}`, { purpose: 'prefetch' })).status).toBe(200)
    expect((await summary()).totals).toEqual({ views: 0, visitors: 0 })

    // The prerendered home page is shown: the island loader's HEAD of its address.
    const activated = { 'x-forwarded-for': alice.ip, 'user-agent': CHROME }
    const shown = await t.request('HEAD', '/', {
      headers: { ...activated, 'x-page-view': 'activated' },
    })
    expect(shown.status).toBe(200)
    // A plain HEAD, one with another word, and the owner's activation count for nothing.
    await t.request('HEAD', '/', { headers: activated })
    await t.request('HEAD', '/', { headers: { ...activated, 'x-page-view': 'yes' } })
    await t.request('HEAD', '/projects', {
      headers: { ...activated, 'x-page-view': 'activated', cookie: `${DEVICE_COOKIE}=abc` },
    })
    // An activation of an address that is no page (a 404, a file, the admin) is none either.
    await t.request('HEAD', '/no-such-page', {
      headers: { ...activated, 'x-page-view': 'activated' },
    })
    await t.request('HEAD', '/admin', { headers: { ...activated, 'x-page-view': 'activated' } })
    const s = await summary()
    expect(s.totals).toEqual({ views: 1, visitors: 1 })
    expect(s.pages).toEqual([{ path: '/', views: 1 }])
  })

  test('not counted: bots, no User-Agent, the admin, other methods, errors, files and the API', async () => {
    await view({ ip: '192.0.2.1', ua: GOOGLEBOT }, '/')
    await view({ ip: '192.0.2.2', ua: 'curl/8.5.0' }, '/')
    await t.request('GET', '/', { headers: { 'x-forwarded-for': '192.0.2.3' } })
    // The owner: a valid token, or the browser they signed in with (its device cookie).
    await view(alice, '/', { authorization: `Bearer ${token}` })
    await view(alice, '/projects', { cookie: `${DEVICE_COOKIE}=abc` })
    await view(alice, '/admin')
    await view(alice, '/admin/analytics')
    await view(alice, '/login')
    await t.request('HEAD', '/', { headers: { 'x-forwarded-for': alice.ip, 'user-agent': CHROME } })
    await t.request('POST', '/', { headers: { 'x-forwarded-for': alice.ip, 'user-agent': CHROME } })
    expect((await view(alice, '/no-such-page')).status).toBe(404)
    expect((await view(alice, '/projects/no-such-project')).status).toBe(404)
    for (const path of [
      '/favicon.svg',
      '/sitemap.xml',
      '/robots.txt',
      '/api/projects',
      '/api/profile',
      '/trpc/projects.list',
      '/og/home.png',
      '/healthz',
    ]) {
      await view(alice, path)
    }
    expect((await summary()).totals).toEqual({ views: 0, visitors: 0 })
    // A token that is not valid is a visitor's request.
    await view(alice, '/', { authorization: 'Bearer made-up' })
    await Bun.sleep(50)
    expect((await summary()).totals).toEqual({ views: 1, visitors: 1 })
  })

  test('DNT: 1 or Sec-GPC: 1: the view counts, the visitor does not', async () => {
    await view(alice, '/', { dnt: '1' })
    await view(alice, '/projects', { dnt: '1' })
    await view(bob, '/', { 'sec-gpc': '1' })
    await view(carol, '/', { dnt: '0' })
    const s = await summary()
    expect(s.totals).toEqual({ views: 4, visitors: 1 })
    const hashes = await t.db.select().from(analyticsVisitors)
    expect(hashes).toHaveLength(1)
  })

  test('no IP or User-Agent is stored: only counts and 16-byte hashes', async () => {
    await view(alice, '/')
    await t.analytics?.flush()
    const dump = JSON.stringify([
      await t.db.select().from(analyticsViews),
      await t.db.select().from(analyticsVisitors),
    ])
    expect(dump).not.toContain(alice.ip)
    expect(dump).not.toContain('Chrome')
    const [row] = await t.db.select().from(analyticsVisitors)
    expect(row?.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  test('the summary includes what is counted and not yet written', async () => {
    await view(alice, '/')
    await view(bob, '/')
    expect(t.analytics?.pendingViews()).toBe(2)
    expect(await t.db.select().from(analyticsViews)).toEqual([])
    expect((await summary()).totals).toEqual({ views: 2, visitors: 2 })
    expect(t.analytics?.pendingViews()).toBe(0)
  })

  test('no public answer sets a cookie', async () => {
    const link = await t.request('POST', '/api/share-links', {
      token,
      body: { name: 'Cookie check', target_path: '/' },
    })
    for (const path of [
      '/',
      '/projects',
      '/projects?tag=x',
      `/projects/${slug}`,
      '/contact-me',
      '/no-such-page',
      String(link.body.url),
      `/?ref=${link.body.code}`,
      '/r/unknowncode',
      '/sitemap.xml',
      '/robots.txt',
      '/manifest.webmanifest',
      '/api/projects',
      '/api/profile',
      '/api/timeline',
      '/api/contact/form-token',
      '/favicon.svg',
      '/healthz',
    ]) {
      for (const client of [alice, carol]) {
        for (const headers of [
          {},
          { dnt: '1' },
          { referer: 'https://www.linkedin.com/' },
        ] as Record<string, string>[]) {
          const response = await view(client, path, headers)
          expect(`${path} ${response.status} ${response.headers.get('set-cookie')}`).toBe(
            `${path} ${response.status} null`,
          )
        }
      }
    }
  })
})

describe('share links', () => {
  test('/r/{code} leads to the page with ?ref=; views through it, and later ones that day, count for the link', async () => {
    const created = await t.request('POST', '/api/share-links', {
      token,
      body: { name: 'Acme — summer internship', target_path: `/projects/${slug}` },
    })
    const { id, code, url } = created.body
    const redirect = await view(alice, String(url), { referer: 'https://mail.google.com/' })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe(`/projects/${slug}?ref=${code}`)
    expect(redirect.headers.get('cache-control')).toBe('no-store')
    // The browser follows it (with the same Referer), then browses on.
    await view(alice, `/projects/${slug}?ref=${code}`, { referer: 'https://mail.google.com/' })
    await view(alice, '/projects', { referer: `http://localhost/projects/${slug}?ref=${code}` })
    await view(alice, '/')
    // A colleague opens the address with ?ref= on another page; someone else comes directly.
    await view(bob, `/contact-me?ref=${code}`)
    await view(carol, '/')
    // DNT: the view through the link counts for it, the next one cannot be tied to it.
    await view(dave, `/?ref=${code}`, { dnt: '1' })
    await view(dave, '/projects', { dnt: '1' })

    const list = await t.request('GET', '/api/share-links', { token })
    const link = list.list.find((entry) => (entry as { id: number }).id === Number(id)) as Record<
      string,
      unknown
    >
    expect(link.views).toBe(5)
    expect(link.visitors).toBe(2)
    expect(link.pages).toEqual([
      { path: '/', views: 2 },
      { path: '/contact-me', views: 1 },
      { path: '/projects', views: 1 },
      { path: `/projects/${slug}`, views: 1 },
    ])
    expect(link.first_seen).toBe(t.clock.now().toISOString())
    expect(link.last_seen).toBe(t.clock.now().toISOString())

    const s = await summary()
    expect(s.totals).toEqual({ views: 7, visitors: 3 })
    expect(s.share_links.find((entry) => entry.id === Number(id))).toEqual({
      id: Number(id),
      name: 'Acme — summer internship',
      views: 5,
      visitors: 2,
      last_seen: t.clock.now().toISOString(),
    })
    expect(s.referrers).toEqual([{ host: 'mail.google.com', views: 1 }])

    // Deleted: the link answers 404, its views stay in the totals.
    expect((await t.request('DELETE', `/api/share-links/${id}`, { token })).status).toBe(204)
    const gone = await view(bob, String(url))
    expect(gone.status).toBe(404)
    expect(gone.headers.get('content-type')).toContain('text/html')
    const after = await summary()
    expect(after.totals).toEqual({ views: 7, visitors: 3 })
    expect(after.share_links.some((entry) => entry.id === Number(id))).toBe(false)
    // Its code no longer attributes anything.
    await view(carol, `/?ref=${code}`)
    expect((await summary()).totals.views).toBe(8)
  })

  test('an unknown code: /r/ answers the 404 page, ?ref= counts the view for no link', async () => {
    const response = await view(alice, '/r/zzzzzzzzzz')
    expect(response.status).toBe(404)
    await view(alice, '/?ref=zzzzzzzzzz')
    const s = await summary()
    expect(s.totals.views).toBe(1)
    const rows = await t.db.select().from(analyticsViews)
    expect(rows.map((row) => row.share_link_id)).toEqual([0])
  })
})

describe('the daily salt', () => {
  test('rotates at midnight UTC: the same client is a new visitor the next day, the old salt is deleted', async () => {
    // Ten seconds before the next midnight, UTC.
    const now = t.clock.now().getTime()
    const midnight = Math.ceil(now / 86_400_000) * 86_400_000
    t.clock.advance(midnight - 10_000 - now)
    const day1 = today()
    await view(alice, '/')
    await view(alice, '/projects')
    await t.analytics?.flush()
    const [salt1] = await t.db.select().from(analyticsSalts)
    expect(salt1?.day).toBe(day1)

    t.clock.advance(20_000)
    const day2 = today()
    expect(day2).not.toBe(day1)
    await view(alice, '/')
    await t.analytics?.flush()

    const salts = await t.db.select().from(analyticsSalts)
    expect(salts.map((row) => row.day)).toEqual([day2])
    expect(salts[0]?.salt).not.toBe(salt1?.salt)
    const hashes = await t.db.select().from(analyticsVisitors)
    expect(hashes.map((row) => row.day).sort()).toEqual([day1, day2])
    expect(hashes[0]?.visitor).not.toBe(hashes[1]?.visitor)

    token = await t.login()
    const s = await summary(2)
    expect(s.daily).toEqual([
      { date: day1, views: 2, visitors: 1 },
      { date: day2, views: 1, visitors: 1 },
    ])
    expect(s.totals).toEqual({ views: 3, visitors: 2 })
  })

  test('a salt left from an earlier day is deleted by the analytics-salts job, with no count to write', async () => {
    await t.db.insert(analyticsSalts).values({ day: '2001-01-01', salt: 'old' })
    t.clock.advance(86_400_000)
    const runner = createJobRunner({
      db: t.db,
      jobs: [analyticsSaltsJob],
      log: createLogger('silent'),
      now: t.clock.now,
    })
    expect(await runner.runDue()).toEqual(['analytics-salts'])
    const salts = await t.db
      .select()
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, '2001-01-01'))
    expect(salts).toEqual([])
    token = await t.login()
  })
})

/**
 * Two databases handles on one PostgreSQL database, each with its own pool of
 * connections, as two server processes have: a database made for the test.
 */
async function twoConnections(): Promise<{ a: Database; b: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL ?? ''
  const name = `portfolio_test_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const a = await openDatabase({ kind: 'postgres', url: target.toString(), max: 3 })
  await migrateDatabase(a)
  const b = await openDatabase({ kind: 'postgres', url: target.toString(), max: 3 })
  return {
    a,
    b,
    drop: async () => {
      await a.close()
      await b.close()
      await dropTestDatabase(url, name)
    },
  }
}

describe('two instances on one PostgreSQL database', () => {
  test.if(usingPostgres)(
    "a share link's later views are credited whichever instance serves them, whichever writes first",
    async () => {
      const { a, b, drop } = await twoConnections()
      const keep = (database: Database) => ({ ...database, close: async () => {} })
      const one = await createTestApp({ ssr: true, config: { trustProxy: 1 }, database: keep(a) })
      const two = await createTestApp({
        ssr: true,
        config: { trustProxy: 1 },
        database: keep(b),
        withAdmin: false,
      })
      try {
        const admin = await one.login()
        const link = await one.request('POST', '/api/share-links', {
          token: admin,
          body: { name: 'Across', target_path: '/' },
        })
        const hit = (app: TestApp, client: Client, path: string) =>
          app.request('GET', path, {
            headers: { 'x-forwarded-for': client.ip, 'user-agent': client.ua },
          })
        /**
         * A visit through the link is credited at once, but not awaited by the
         * request: wait until it is written (as a person's next click would),
         * or on a busy machine the other instance may count before it lands.
         */
        const credited = async (count: number) => {
          const deadline = Date.now() + 10_000
          while (Date.now() < deadline) {
            const rows = await one.db
              .select()
              .from(analyticsVisitors)
              .where(eq(analyticsVisitors.share_link_id, Number(link.body.id)))
            if (rows.length >= count) return
            await Bun.sleep(20)
          }
          throw new Error(`the link's ${count} visitors were not written within 10 s`)
        }
        // Alice comes through the link on one, then reads two pages on two;
        // two writes its counts first.
        await hit(one, alice, `/?ref=${link.body.code}`)
        await credited(1)
        await hit(two, alice, '/projects')
        await hit(two, alice, '/')
        await two.analytics?.flush()
        await one.analytics?.flush()
        // Bob: the other way round, and one writes first.
        await hit(two, bob, `/projects?ref=${link.body.code}`)
        await credited(2)
        await hit(one, bob, '/')
        await one.analytics?.flush()
        await two.analytics?.flush()
        // Carol never used the link.
        await hit(one, carol, '/')
        await one.analytics?.flush()

        const listed = await one.request('GET', '/api/share-links', { token: admin })
        const links = listed.json as { views: number; visitors: number; pages: unknown[] }[]
        expect(links[0]?.views).toBe(5)
        expect(links[0]?.visitors).toBe(2)
        expect(links[0]?.pages).toEqual([
          { path: '/', views: 3 },
          { path: '/projects', views: 2 },
        ])
        const s = (await one.request('GET', '/api/analytics?days=1', { token: admin }))
          .body as unknown as Summary
        expect(s.totals).toEqual({ views: 6, visitors: 3 })
      } finally {
        await one.close()
        await two.close()
        await drop()
      }
    },
    60_000,
  )

  test.if(usingPostgres)(
    'their counts add up, flushed one after the other or at once',
    async () => {
      const { a, b, drop } = await twoConnections()
      const keep = (database: Database) => ({ ...database, close: async () => {} })
      const one = await createTestApp({ ssr: true, config: { trustProxy: 1 }, database: keep(a) })
      const two = await createTestApp({
        ssr: true,
        config: { trustProxy: 1 },
        database: keep(b),
        withAdmin: false,
      })
      try {
        const admin = await one.login()
        const link = await one.request('POST', '/api/share-links', {
          token: admin,
          body: { name: 'Both', target_path: '/' },
        })
        const hit = (app: TestApp, client: Client, path: string) =>
          app.request('GET', path, {
            headers: { 'x-forwarded-for': client.ip, 'user-agent': client.ua },
          })
        for (let round = 0; round < 3; round++) {
          await hit(one, alice, '/')
          await hit(two, alice, '/')
          await hit(two, bob, `/?ref=${link.body.code}`)
          await Promise.all([one.analytics?.flush(), two.analytics?.flush()])
        }
        await hit(one, carol, '/projects')
        await hit(two, carol, '/projects')
        await one.analytics?.flush()
        await two.analytics?.flush()

        const s = (await one.request('GET', '/api/analytics?days=1', { token: admin }))
          .body as unknown as Summary
        // Alice and Carol were seen by both instances: one visitor each (the salt is shared).
        expect(s.totals).toEqual({ views: 11, visitors: 3 })
        expect(s.pages).toEqual([
          { path: '/', views: 9 },
          { path: '/projects', views: 2 },
        ])
        const [row] = await one.db
          .select()
          .from(shareLinks)
          .where(eq(shareLinks.id, Number(link.body.id)))
        expect(row?.last_seen_at).not.toBeNull()
        expect(s.share_links).toEqual([
          {
            id: Number(link.body.id),
            name: 'Both',
            views: 3,
            visitors: 1,
            last_seen: row?.last_seen_at?.toISOString() ?? null,
          },
        ])
      } finally {
        await one.close()
        await two.close()
        await drop()
      }
    },
  )
})

/**
 * The API contract: every row of the spec's section 7 table plus auth/logout,
 * auth/me, profile and healthz, through `app.handle`, with exact bodies and
 * the rows they leave in the database.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createApp } from '../../app'
import type { Database } from '../../db/client'
import { messages, projects, timelineEvents } from '../../db/schema'
import { createLogger } from '../../log'
import {
  createTestApp,
  freshDatabase,
  isRecord,
  sample,
  type TestApp,
  testEnv,
  toTestResponse,
  usingPostgres,
} from '../support/harness'

// Generous under a loaded machine; the whole suite still runs in well under a minute.
setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

/** A project's search and sharing with nothing of its own (src/schemas/seo.ts). */
const noOverrides = {
  seo_description: null,
  share_image: null,
  canonical_url: null,
  noindex: false,
}
const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

function expectJson(r: { headers: Headers }) {
  expect(r.headers.get('content-type') ?? '').toContain('application/json')
}

/** A 204 is bodiless: no text, no JSON. */
function expectNoContent(r: { status: number; text: string }) {
  expect(r.status).toBe(204)
  expect(r.text).toBe('')
}

describe('projects', () => {
  const full = {
    title: 'Portfolio Site',
    description: 'This very site.',
    long_description: 'Bun, Elysia, tRPC and React.',
    website_url: 'https://example.com/portfolio',
    image_urls: ['https://example.com/a.png', '/img/b.png'],
    tags: ['React', 'Bun', 'SQL'],
    is_featured: true,
    is_published: true,
    repo_url: 'https://github.com/ada/portfolio',
    role: 'Sole developer',
    period: 'Spring 2024 – now',
  }
  let fullId: number
  let minimalId: number

  test('GET /api/projects starts as a bare empty array', async () => {
    const r = await t.request('GET', '/api/projects')
    expect(r.status).toBe(200)
    expectJson(r)
    expect(r.json).toEqual([])
    expect(r.text).toBe('[]')
  })

  test('POST /api/projects answers 201 with the created object', async () => {
    const r = await t.request('POST', '/api/projects', { token, body: full })
    expect(r.status).toBe(201)
    expectJson(r)
    expect(r.json).toStrictEqual({
      id: expect.any(Number),
      slug: 'portfolio-site',
      ...full,
      long_description_html: '<p>Bun, Elysia, tRPC and React.</p>',
      // Neither URL is an upload: no image info, one null per URL.
      images: [null, null],
      // A GitHub repository: no data until its first fetch; the owner sees that it is pending.
      repo: null,
      ...noOverrides,
      repo_sync: { status: 'pending', error: null, error_at: null, fetched_at: null },
      version: expect.any(Number),
      created_at: isoDate,
      updated_at: isoDate,
    })
    fullId = r.id
    expect(Number.isInteger(fullId)).toBe(true)

    const [row] = await t.db.select().from(projects).where(eq(projects.id, fullId))
    expect(row).toMatchObject({ ...full, slug: 'portfolio-site' })
  })

  test('POST with only the required fields: null website_url, empty lists, not featured', async () => {
    const r = await t.request('POST', '/api/projects', { token, body: sample.project('Minimal') })
    expect(r.status).toBe(201)
    expect(r.json).toStrictEqual({
      id: expect.any(Number),
      slug: 'minimal',
      ...sample.project('Minimal'),
      long_description_html: '<p>A longer description of the project.</p>',
      website_url: null,
      image_urls: [],
      images: [],
      tags: [],
      is_featured: false,
      is_published: true,
      repo_url: null,
      role: null,
      period: null,
      repo: null,
      ...noOverrides,
      version: expect.any(Number),
      created_at: isoDate,
      updated_at: isoDate,
    })
    minimalId = r.id
    expect(minimalId).not.toBe(fullId)
  })

  test('GET /api/projects is a bare array, newest first, with the same objects', async () => {
    const r = await t.request('GET', '/api/projects')
    expect(r.status).toBe(200)
    expect(Array.isArray(r.json)).toBe(true)
    const ids = r.list.map((item) => (isRecord(item) ? item.id : null))
    expect(ids).toEqual([minimalId, fullId])
    const bySlug = await t.request('GET', '/api/projects/portfolio-site')
    expect(r.list[1]).toStrictEqual(bySlug.json)
    for (const item of r.list) {
      if (!isRecord(item)) throw new Error('list item is not an object')
      expect(typeof item.id).toBe('number')
      expect(typeof item.is_featured).toBe('boolean')
      expect(Array.isArray(item.image_urls)).toBe(true)
      expect(Array.isArray(item.tags)).toBe(true)
    }
  })

  test('GET /api/projects/{slug} answers the project', async () => {
    const r = await t.request('GET', '/api/projects/portfolio-site')
    expect(r.status).toBe(200)
    expectJson(r)
    expect(r.json).toStrictEqual({
      id: fullId,
      slug: 'portfolio-site',
      ...full,
      long_description_html: '<p>Bun, Elysia, tRPC and React.</p>',
      images: [null, null],
      repo: null,
      ...noOverrides,
      version: expect.any(Number),
      created_at: isoDate,
      updated_at: isoDate,
    })
  })

  test('PUT /api/projects/{id} answers 200 with the updated object and stores it', async () => {
    const before = await t.request('GET', '/api/projects/portfolio-site')
    const update = {
      title: 'Portfolio Site',
      description: 'Updated short.',
      long_description: 'Updated long.',
      website_url: null,
      image_urls: ['/only.png'],
      tags: [],
      is_featured: false,
      is_published: true,
      repo_url: null,
      role: null,
      period: null,
    }
    const r = await t.request('PUT', `/api/projects/${fullId}`, { token, body: update })
    expect(r.status).toBe(200)
    expectJson(r)
    expect(r.json).toStrictEqual({
      id: fullId,
      slug: 'portfolio-site',
      ...update,
      long_description_html: '<p>Updated long.</p>',
      images: [null],
      repo: null,
      ...noOverrides,
      version: expect.any(Number),
      created_at: before.body.created_at,
      updated_at: isoDate,
    })
    expect(Date.parse(String(r.body.updated_at))).toBeGreaterThanOrEqual(
      Date.parse(String(before.body.updated_at)),
    )
    const [row] = await t.db.select().from(projects).where(eq(projects.id, fullId))
    expect(row).toMatchObject(update)
    expect((await t.request('GET', '/api/projects/portfolio-site')).json).toStrictEqual(r.json)
  })

  test('DELETE /api/projects/{id} answers 204 with no body and removes the row', async () => {
    const r = await t.request('DELETE', `/api/projects/${minimalId}`, { token })
    expectNoContent(r)
    expect(await t.db.select().from(projects).where(eq(projects.id, minimalId))).toEqual([])
    expect((await t.request('GET', '/api/projects/minimal')).status).toBe(404)
    const list = await t.request('GET', '/api/projects')
    expect(list.list).toHaveLength(1)
    expect(list.list[0]).toMatchObject({ id: fullId })
  })
})

describe('timeline', () => {
  const full = {
    title: 'Software Intern',
    start_date: 'June 2024',
    end_date: 'August 2024',
    position: 'Backend intern',
    icon_path: 'https://example.com/icon.svg',
    description: ['Built an API', 'Wrote tests'],
    event_type: 'experience',
  }
  let fullId: number
  let minimalId: number

  test('GET /api/timeline starts as a bare empty array', async () => {
    const r = await t.request('GET', '/api/timeline')
    expect(r.status).toBe(200)
    expectJson(r)
    expect(r.text).toBe('[]')
  })

  test('POST /api/timeline answers 201 with the created object', async () => {
    const r = await t.request('POST', '/api/timeline', { token, body: full })
    expect(r.status).toBe(201)
    expect(r.json).toStrictEqual({
      id: expect.any(Number),
      ...full,
      description_html: ['Built an API', 'Wrote tests'],
      icon: null,
      version: expect.any(Number),
      created_at: isoDate,
      updated_at: isoDate,
    })
    fullId = r.id
    const [row] = await t.db.select().from(timelineEvents).where(eq(timelineEvents.id, fullId))
    expect(row).toMatchObject(full)
  })

  test('POST with only the required fields: defaults filled in', async () => {
    const r = await t.request('POST', '/api/timeline', {
      token,
      body: { title: 'BSc Computer Science', start_date: '2022' },
    })
    expect(r.status).toBe(201)
    expect(r.json).toStrictEqual({
      id: expect.any(Number),
      title: 'BSc Computer Science',
      start_date: '2022',
      end_date: null,
      position: '',
      icon_path: null,
      icon: null,
      description: [],
      description_html: [],
      event_type: 'experience',
      version: expect.any(Number),
      created_at: isoDate,
      updated_at: isoDate,
    })
    minimalId = r.id
  })

  test('GET /api/timeline is a bare array, by start date, the latest first', async () => {
    const r = await t.request('GET', '/api/timeline')
    expect(r.status).toBe(200)
    // June 2024, then 2022: each new event took its place by its start date.
    expect(r.list.map((item) => (isRecord(item) ? item.id : null))).toEqual([fullId, minimalId])
  })

  test('GET /api/timeline/{id} answers the event', async () => {
    const r = await t.request('GET', `/api/timeline/${fullId}`)
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({
      id: fullId,
      ...full,
      description_html: ['Built an API', 'Wrote tests'],
      icon: null,
      version: expect.any(Number),
      created_at: isoDate,
      updated_at: isoDate,
    })
  })

  test('PUT /api/timeline/{id} answers 200 with the updated object and stores it', async () => {
    const update = {
      title: 'BSc Computer Science',
      start_date: 'Sept 2022',
      end_date: '',
      position: 'Student',
      icon_path: '/icons/uni.svg',
      description: ['Minor in Cybersecurity'],
      event_type: 'education',
    }
    const r = await t.request('PUT', `/api/timeline/${minimalId}`, { token, body: update })
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({
      id: minimalId,
      ...update,
      end_date: null,
      description_html: ['Minor in Cybersecurity'],
      icon: null,
      version: expect.any(Number),
      created_at: isoDate,
      updated_at: isoDate,
    })
    const [row] = await t.db.select().from(timelineEvents).where(eq(timelineEvents.id, minimalId))
    expect(row).toMatchObject({ ...update, end_date: null })
    expect((await t.request('GET', `/api/timeline/${minimalId}`)).json).toStrictEqual(r.json)
  })

  test('DELETE /api/timeline/{id} answers 204 with no body and removes the row', async () => {
    expectNoContent(await t.request('DELETE', `/api/timeline/${fullId}`, { token }))
    expect(await t.db.select().from(timelineEvents).where(eq(timelineEvents.id, fullId))).toEqual(
      [],
    )
    expect((await t.request('GET', `/api/timeline/${fullId}`)).status).toBe(404)
    expect((await t.request('GET', '/api/timeline')).list).toHaveLength(1)
  })
})

describe('messages (POST /api/contact)', () => {
  let firstId: number
  let secondId: number

  test('POST /api/contact needs no token and answers 201 with the stored message', async () => {
    const r = await t.request('POST', '/api/contact', { body: sample.message() })
    expect(r.status).toBe(201)
    expect(r.json).toStrictEqual({
      id: expect.any(Number),
      ...sample.message(),
      created_at: isoDate,
      updated_at: isoDate,
    })
    firstId = r.id
    const [row] = await t.db.select().from(messages).where(eq(messages.id, firstId))
    expect(row).toMatchObject(sample.message())
  })

  test('GET /api/contact with the token is a bare array, newest first', async () => {
    const second = await t.request('POST', '/api/contact', {
      body: { name: 'Linus', email: 'linus@example.org', message: 'Second message' },
    })
    secondId = second.id
    const r = await t.request('GET', '/api/contact', { token })
    expect(r.status).toBe(200)
    // The list adds each message's status (sent without a form token: kept as spam).
    expect(r.json).toStrictEqual([
      { ...second.body, status: 'spam' },
      expect.objectContaining({ id: firstId, status: 'spam' }),
    ])
  })

  test('DELETE /api/contact/{id} answers 204 and removes the row', async () => {
    expectNoContent(await t.request('DELETE', `/api/contact/${firstId}`, { token }))
    const rows = await t.db.select().from(messages)
    expect(rows.map((row) => row.id)).toEqual([secondId])
  })
})

describe('auth', () => {
  test('POST /api/auth/login answers 200 with a token and its expiry', async () => {
    const r = await t.request('POST', '/api/auth/login', {
      body: { username: 'owner', password: 'correct horse battery staple' },
    })
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({ token: expect.any(String), expires_at: isoDate })
    expect(Date.parse(String(r.body.expires_at))).toBe(
      t.clock.now().getTime() + t.config.sessionTtlMs,
    )
  })

  test('GET /api/auth/me answers who is signed in', async () => {
    const r = await t.request('GET', '/api/auth/me', { token })
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({ username: 'owner', expires_at: isoDate })
  })

  test('POST /api/auth/logout answers 204 and the token stops working', async () => {
    const own = await t.login()
    expectNoContent(await t.request('POST', '/api/auth/logout', { token: own }))
    expect((await t.request('GET', '/api/auth/me', { token: own })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
  })
})

describe('profile and health', () => {
  test('GET /api/profile answers the owner profile with a computed age', async () => {
    const r = await t.request('GET', '/api/profile')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      name: testEnv.OWNER_NAME,
      birth_year: testEnv.OWNER_BIRTH_YEAR,
      age: t.clock.now().getFullYear() - Number(testEnv.OWNER_BIRTH_YEAR),
    })
  })

  test('GET /healthz answers 200 with the database status', async () => {
    const r = await t.request('GET', '/healthz')
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({
      status: 'ok',
      database: {
        kind: usingPostgres ? 'postgres' : 'pglite',
        status: 'up',
        ms: expect.any(Number),
      },
    })
  })

  test('private answers are never cached, public reads revalidate, signed in or not; all carry a request id', async () => {
    for (const path of ['/api/contact', '/api/auth/me', '/healthz', '/trpc/messages.list']) {
      const r = await t.request('GET', path, { token })
      expect(r.headers.get('cache-control'), path).toBe('no-store')
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    // A public read is the same for the admin: the token changes nothing (docs/caching.md).
    for (const path of ['/api/timeline', '/trpc/timeline.list']) {
      const r = await t.request('GET', path, { token })
      expect(r.headers.get('cache-control'), path).toBe('no-cache')
      expect(r.headers.get('etag'), path).toMatch(/^W\/".+"$/)
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    // The projects' reads include drafts for the admin, the profile a hidden age's birth
    // year: with a token, private; without, shared.
    for (const path of ['/api/projects', '/trpc/projects.list', '/api/profile']) {
      const signedIn = await t.request('GET', path, { token })
      expect(signedIn.headers.get('cache-control'), path).toBe('no-store')
      const visitor = await t.request('GET', path)
      expect(visitor.headers.get('cache-control'), path).toBe('no-cache')
      expect(visitor.headers.get('etag'), path).toMatch(/^W\/".+"$/)
    }
  })
})

describe('a database that is gone', () => {
  let dead: Database
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    dead = await freshDatabase()
    await dead.close()
    app = createApp({
      database: dead,
      config: t.config,
      log: createLogger('silent'),
      distDir: '/nonexistent',
      mediaStore: t.mediaStore,
    })
  })

  test('GET /healthz answers 503 with a readable error and no driver detail', async () => {
    const r = await toTestResponse(await app.handle(new Request('http://localhost/healthz')))
    expect(r.status).toBe(503)
    expect(r.json).toStrictEqual({
      status: 'unavailable',
      error: 'The database is unreachable.',
      database: { kind: dead.kind, status: 'down' },
    })
  })

  test('a read answers 503 (retry soon) with no stack trace or SQL', async () => {
    const r = await toTestResponse(await app.handle(new Request('http://localhost/api/projects')))
    expect(r.status).toBe(503)
    expect(r.json).toStrictEqual({
      error: 'The service is temporarily unavailable. Please try again shortly.',
      request_id: expect.any(String),
    })
  })

  test('the tRPC door hides the cause too', async () => {
    const r = await toTestResponse(
      await app.handle(new Request('http://localhost/trpc/projects.list')),
    )
    expect(r.status).toBe(503)
    expect(r.text).not.toMatch(/\n\s*at\s|select|from "|pglite|postgres|closed|ended/i)
    expect(r.body.error).toMatchObject({
      message: 'The service is temporarily unavailable. Please try again shortly.',
    })
  })
})

describe('the /trpc door', () => {
  test('GET /trpc/projects.list answers the same plain JSON as the REST list', async () => {
    const rest = await t.request('GET', '/api/projects')
    const r = await t.request('GET', '/trpc/projects.list')
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({ result: { data: rest.json } })
  })

  test('GET /trpc/projects.bySlug takes its input in the query string', async () => {
    const input = encodeURIComponent(JSON.stringify({ slug: 'portfolio-site' }))
    const r = await t.request('GET', `/trpc/projects.bySlug?input=${input}`)
    expect(r.status).toBe(200)
    const rest = await t.request('GET', '/api/projects/portfolio-site')
    expect(r.json).toStrictEqual({ result: { data: rest.json } })
  })

  test('POST /trpc/projects.create with the token creates the project', async () => {
    const r = await t.request('POST', '/trpc/projects.create', {
      token,
      body: { ...sample.project('From tRPC'), tags: ['x'] },
    })
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({
      result: {
        data: {
          id: expect.any(Number),
          slug: 'from-trpc',
          ...sample.project('From tRPC'),
          long_description_html: '<p>A longer description of the project.</p>',
          website_url: null,
          image_urls: [],
          images: [],
          tags: ['x'],
          is_featured: false,
          is_published: true,
          repo_url: null,
          role: null,
          period: null,
          repo: null,
          ...noOverrides,
          version: expect.any(Number),
          created_at: isoDate,
          updated_at: isoDate,
        },
      },
    })
    const rest = await t.request('GET', '/api/projects/from-trpc')
    expect(rest.status).toBe(200)
    expect(r.json).toStrictEqual({ result: { data: rest.json } })
  })

  test('POST /trpc/projects.create without the token is a 401 and writes nothing', async () => {
    const before = await t.snapshot()
    const r = await t.request('POST', '/trpc/projects.create', {
      body: sample.project('Anonymous'),
    })
    expect(r.status).toBe(401)
    expect(r.body.error).toMatchObject({
      message: 'You need to sign in to do this.',
      data: { code: 'UNAUTHORIZED', httpStatus: 401 },
    })
    expect(await t.snapshot()).toEqual(before)
  })

  test('a tRPC validation error lists the failing fields', async () => {
    const r = await t.request('POST', '/trpc/messages.send', {
      body: { name: 'x', email: 'nope', message: 'hi' },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatchObject({
      data: { code: 'BAD_REQUEST', fields: { email: [expect.any(String)] } },
    })
  })
})

describe('serving the client', () => {
  test('any other GET path gets the app shell', async () => {
    for (const path of ['/', '/projects/some-slug', '/admin', '/no/such/page']) {
      const r = await t.request('GET', path)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type') ?? '').toContain('text/html')
      expect(r.text).toContain('<div id="root">')
    }
  })

  test('a non-GET outside the API is a JSON 404', async () => {
    const r = await t.request('POST', '/projects')
    expect(r.status).toBe(404)
    expect(r.json).toStrictEqual({ error: expect.any(String) })
  })
})

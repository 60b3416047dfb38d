/**
 * The cache of public answers (server/http/infra/cache/response-cache.ts): a write shows on the
 * next page load and API read, on this instance and on another one on the
 * same database; ETag revalidation (304); brotli and gzip bodies that
 * decompress to the same bytes; precompressed static assets keep their
 * immutable header; public answers are kept by what they are made from, so
 * neither an unknown query parameter nor an Authorization header (made up,
 * or an admin's) skips the cache, while private answers are never kept.
 *
 * Writes made straight into the database (no content-version bump) are how
 * these tests tell a cached answer from a fresh one.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { type App, createApp } from '../../app'
import { precompressDir } from '../../build/precompress'
import type { Database } from '../../db/client'
import { profile, projects, timelineEvents } from '../../db/schema'
import type { CacheSettings } from '../../http/infra/cache/response-cache'
import { preferredEncoding } from '../../http/infra/compress'
import { createLogger } from '../../log'
import { setAdminPassword } from '../../services/auth/account'
import { profileSeedFromEnv, seedProfile } from '../../services/profile'
import { ADMIN, freshDatabase, isRecord, sample, tempMediaStore, testEnv } from '../support/harness'

// A loaded machine: fresh databases and renders take their time.
setDefaultTimeout(20_000)

const asset = `export const text = ${JSON.stringify('portfolio '.repeat(200))}\n`

/** A client build: a manifest for the renderer and one hashed asset, precompressed. */
function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-cache-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true },
    }),
  )
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>')
  writeFileSync(join(dir, 'assets', 'index-e1.js'), asset)
  precompressDir(dir)
  return dir
}

/** A clock the cache's version TTL reads; only the test moves it. */
function manualClock() {
  let current = 0
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms
    },
  }
}

let database: Database
let distDir: string
let token: string
const media = tempMediaStore()
const mediaStore = media.store

function instance(cache: boolean | CacheSettings): App {
  return createApp({
    database,
    config: { sessionTtlMs: 7 * 86_400_000, sessionIdleMs: 86_400_000 },
    log: createLogger('silent'),
    distDir,
    mediaStore,
    ssr: true,
    siteUrl: 'https://ada.example',
    cache,
  })
}

async function call(
  app: App,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; token?: string } = {},
) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  )
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text: new TextDecoder().decode(bytes),
  }
}

async function createProject(app: App, title: string) {
  const created = await call(app, 'POST', '/api/projects', {
    token,
    body: sample.project(title),
  })
  expect(created.status).toBe(201)
  const body: unknown = JSON.parse(created.text)
  if (!isRecord(body) || typeof body.id !== 'number' || typeof body.slug !== 'string') {
    throw new Error(`unexpected answer ${created.text}`)
  }
  return { id: body.id, slug: body.slug }
}

/** Changes a title behind the server's back: no version bump, so a cache would not know. */
async function sneakyRename(id: number, title: string) {
  await database.db.update(projects).set({ title }).where(eq(projects.id, id))
}

beforeAll(async () => {
  database = await freshDatabase()
  await seedProfile(database.db, profileSeedFromEnv(testEnv))
  await setAdminPassword(database.db, ADMIN.username, ADMIN.password)
  distDir = stubDist()
  const login = await call(instance(false), 'POST', '/api/auth/login', { body: ADMIN })
  const body: unknown = JSON.parse(login.text)
  if (!isRecord(body) || typeof body.token !== 'string') throw new Error(login.text)
  token = body.token
})

afterAll(async () => {
  await database.close()
  media.remove()
})

describe('invalidation', () => {
  test('public answers are kept: a change behind the server’s back does not show', async () => {
    const app = instance(true)
    const { id, slug } = await createProject(app, 'Kept Project')
    for (const path of [`/projects/${slug}`, '/api/projects', `/api/projects/${slug}`]) {
      expect((await call(app, 'GET', path)).text, path).toContain('Kept Project')
    }
    await sneakyRename(id, 'Sneaky Title')
    for (const path of [`/projects/${slug}`, '/api/projects', `/api/projects/${slug}`]) {
      const again = await call(app, 'GET', path)
      expect(again.text, path).toContain('Kept Project')
      expect(again.text, path).not.toContain('Sneaky Title')
    }
  })

  test('a project edit shows on the next page load and API read', async () => {
    const app = instance(true)
    const { id, slug } = await createProject(app, 'Before Edit')
    const trpcList = '/trpc/projects.list'
    const reads = [`/projects/${slug}`, '/projects', '/', '/api/projects', trpcList]
    for (const path of reads) {
      await call(app, 'GET', path)
    }
    expect((await call(app, 'GET', `/projects/${slug}`)).text).toContain('Before Edit')

    const edited = await call(app, 'PUT', `/api/projects/${id}`, {
      token,
      body: { ...sample.project('After Edit'), is_featured: true },
    })
    expect(edited.status).toBe(200)
    // The title moved the slug: the old address now redirects, the new one shows the edit.
    const page = await call(app, 'GET', '/projects/after-edit')
    expect(page.status).toBe(200)
    expect(page.text).toContain('After Edit')
    expect((await call(app, 'GET', `/projects/${slug}`)).status).toBe(301)
    for (const path of ['/projects', '/', '/api/projects', trpcList]) {
      const read = await call(app, 'GET', path)
      expect(read.text, path).toContain('After Edit')
      expect(read.text, path).not.toContain('Before Edit')
    }
  })

  test('a profile edit shows on the next load of the home page and the profile read', async () => {
    const app = instance(true)
    for (const path of ['/', '/api/profile']) {
      expect((await call(app, 'GET', path)).text, path).not.toContain('Grace Hopper')
    }
    const current = JSON.parse((await call(app, 'GET', '/api/profile')).text)
    const {
      age: _age,
      photo: _photo,
      greeting: _greeting,
      bio_html: _bioHtml,
      version: _version,
      ...fields
    } = current
    const saved = await call(app, 'PUT', '/api/profile', {
      token,
      body: { ...fields, name: 'Grace Hopper', headline: 'Hello from Grace Hopper' },
    })
    expect(saved.status).toBe(200)
    for (const path of ['/', '/api/profile']) {
      expect((await call(app, 'GET', path)).text, path).toContain('Grace Hopper')
    }
    await call(app, 'PUT', '/api/profile', { token, body: fields })
  })

  test('timeline writes and deletes invalidate too; a 404 page turns into the page once created', async () => {
    const app = instance(true)
    const missing = await call(app, 'GET', '/projects/not-yet-here')
    expect(missing.status).toBe(404)
    await createProject(app, 'Not Yet Here')
    expect((await call(app, 'GET', '/projects/not-yet-here')).status).toBe(200)
    expect((await call(app, 'GET', '/sitemap.xml')).text).toContain('/projects/not-yet-here')

    await call(app, 'GET', '/api/timeline')
    const event = await call(app, 'POST', '/api/timeline', {
      token,
      body: sample.event('Cached Event'),
    })
    expect(event.status).toBe(201)
    expect((await call(app, 'GET', '/api/timeline')).text).toContain('Cached Event')
    expect((await call(app, 'GET', '/')).text).toContain('Cached Event')

    const body: unknown = JSON.parse(event.text)
    if (!isRecord(body)) throw new Error(event.text)
    const removed = await call(app, 'DELETE', `/api/timeline/${String(body.id)}`, { token })
    expect(removed.status).toBe(204)
    expect((await call(app, 'GET', '/api/timeline')).text).not.toContain('Cached Event')
  })

  test('a write on one instance shows on another on the same database', async () => {
    const writer = instance(true)
    const reader = instance({ versionTtlMs: 0 })
    const { id, slug } = await createProject(writer, 'Shared Project')
    expect((await call(reader, 'GET', `/projects/${slug}`)).text).toContain('Shared Project')
    expect((await call(reader, 'GET', '/api/projects')).text).toContain('Shared Project')

    const edited = await call(writer, 'PUT', `/api/projects/${id}`, {
      token,
      body: { ...sample.project('Shared Project'), description: 'Edited on the other one.' },
    })
    expect(edited.status).toBe(200)
    expect((await call(reader, 'GET', `/projects/${slug}`)).text).toContain(
      'Edited on the other one.',
    )
    expect((await call(reader, 'GET', '/api/projects')).text).toContain('Edited on the other one.')
  })

  test('another instance trusts its version read for the TTL, then reads it again', async () => {
    const clock = manualClock()
    const writer = instance(true)
    const reader = instance({ versionTtlMs: 500, clock: clock.now })
    const { id, slug } = await createProject(writer, 'Ttl Project')
    expect((await call(reader, 'GET', `/api/projects/${slug}`)).text).toContain('Ttl Project')

    await call(writer, 'PUT', `/api/projects/${id}`, {
      token,
      body: { ...sample.project('Ttl Project'), description: 'Seen after the TTL.' },
    })
    // Within the TTL the reader has not looked at the version again.
    clock.advance(100)
    expect((await call(reader, 'GET', `/api/projects/${slug}`)).text).not.toContain(
      'Seen after the TTL.',
    )
    clock.advance(500)
    expect((await call(reader, 'GET', `/api/projects/${slug}`)).text).toContain(
      'Seen after the TTL.',
    )
  })
})

describe('an unreachable database', () => {
  test('a cached read answers 503, not the cached body, when the version cannot be read', async () => {
    const gone = await freshDatabase()
    await seedProfile(gone.db, profileSeedFromEnv(testEnv))
    const app = createApp({
      database: gone,
      config: { sessionTtlMs: 86_400_000, sessionIdleMs: 86_400_000 },
      log: createLogger('silent'),
      distDir,
      mediaStore,
      cache: { versionTtlMs: 0 },
    })
    expect((await call(app, 'GET', '/api/profile')).status).toBe(200)
    await gone.close()
    const answer = await call(app, 'GET', '/api/profile')
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('5')
    expect(JSON.parse(answer.text)).toMatchObject({
      error: 'The service is temporarily unavailable. Please try again shortly.',
    })
  })
})

describe('revalidation', () => {
  test('a page: 304 on If-None-Match, 200 with a new ETag after a write', async () => {
    const app = instance(true)
    const { id, slug } = await createProject(app, 'Etag Page')
    const first = await call(app, 'GET', `/projects/${slug}`)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('cache-control')).toBe('no-cache')

    const again = await call(app, 'GET', `/projects/${slug}`, {
      headers: { 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    expect(again.bytes.byteLength).toBe(0)
    expect(again.headers.get('etag')).toBe(etag)

    await call(app, 'PUT', `/api/projects/${id}`, {
      token,
      body: { ...sample.project('Etag Page'), description: 'Changed.' },
    })
    const changed = await call(app, 'GET', `/projects/${slug}`, {
      headers: { 'if-none-match': etag ?? '' },
    })
    expect(changed.status).toBe(200)
    expect(changed.text).toContain('Changed.')
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  test('an API list: 304 on If-None-Match, 200 with a new ETag after a write', async () => {
    const app = instance(true)
    const first = await call(app, 'GET', '/api/projects')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^W\/".+"$/)
    const again = await call(app, 'GET', '/api/projects', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')

    await createProject(app, 'Etag Api')
    const changed = await call(app, 'GET', '/api/projects', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.text).toContain('Etag Api')
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  test('the same ETag whether or not the cache keeps answers', async () => {
    const cached = await call(instance(true), 'GET', '/api/timeline')
    const uncached = await call(instance(false), 'GET', '/api/timeline')
    expect(uncached.headers.get('etag')).toBe(cached.headers.get('etag'))
    expect(uncached.text).toBe(cached.text)
  })
})

describe('compression', () => {
  test('brotli and gzip by Accept-Encoding, decompressing to the same bytes', async () => {
    const app = instance(true)
    await createProject(app, 'Compressed Project')
    for (const path of ['/', '/projects', '/api/projects']) {
      const plain = await call(app, 'GET', path)
      expect(plain.headers.get('content-encoding'), path).toBeNull()
      expect(plain.headers.get('vary'), path).toContain('Accept-Encoding')

      const br = await call(app, 'GET', path, { headers: { 'accept-encoding': 'gzip, br' } })
      expect(br.headers.get('content-encoding'), path).toBe('br')
      expect(br.headers.get('vary'), path).toContain('Accept-Encoding')
      expect(br.bytes.byteLength).toBeLessThan(plain.bytes.byteLength)
      expect(new Uint8Array(brotliDecompressSync(br.bytes))).toEqual(plain.bytes)

      const gzip = await call(app, 'GET', path, { headers: { 'accept-encoding': 'gzip' } })
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip')
      expect(Bun.gunzipSync(gzip.bytes)).toEqual(plain.bytes)

      // The representation changes, the content does not: one ETag.
      expect(br.headers.get('etag')).toBe(plain.headers.get('etag'))
    }
  })

  test('a kept page is recompressed at the best brotli quality in the background: smaller, same bytes', async () => {
    const app = instance(true)
    await createProject(app, 'Polished Project')
    const plain = await call(app, 'GET', '/')
    const first = await call(app, 'GET', '/', { headers: { 'accept-encoding': 'br' } })
    expect(first.headers.get('content-encoding')).toBe('br')
    // The first answer did not wait: quality 6. Later ones get the quality-11 body once it is ready.
    let later = first
    for (
      let attempt = 0;
      attempt < 100 && later.bytes.byteLength >= first.bytes.byteLength;
      attempt++
    ) {
      await Bun.sleep(50)
      later = await call(app, 'GET', '/', { headers: { 'accept-encoding': 'br' } })
    }
    expect(later.bytes.byteLength).toBeLessThan(first.bytes.byteLength)
    expect(new Uint8Array(brotliDecompressSync(later.bytes))).toEqual(plain.bytes)
    expect(later.headers.get('etag')).toBe(first.headers.get('etag'))
  })

  test('Accept-Encoding is read with its q-values', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('gzip;q=0.5, br;q=0.2')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('*, br;q=0')).toBe('gzip')
    expect(preferredEncoding(null)).toBeNull()
  })

  test('content negotiation answers the same when a header comes again, and past the values it remembers', () => {
    // The second time a value is answered from memory: still the same choice.
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding('identity')).toBeNull()
    // Many distinct values (the memory empties itself when full): each is still read right.
    for (let i = 0; i < 600; i++) {
      expect(preferredEncoding(`gzip;q=0.${(i % 9) + 1}, br;q=0, x-${i}`)).toBe('gzip')
    }
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
  })

  test('CORS keeps its Vary: Origin beside Accept-Encoding', async () => {
    const app = createApp({
      database,
      config: {
        sessionTtlMs: 86_400_000,
        sessionIdleMs: 86_400_000,
        corsOrigins: ['https://friend.example'],
      },
      log: createLogger('silent'),
      distDir,
      mediaStore,
      cache: true,
    })
    const read = await call(app, 'GET', '/api/projects', {
      headers: { origin: 'https://friend.example' },
    })
    expect(read.headers.get('vary')).toContain('Origin')
    expect(read.headers.get('vary')).toContain('Accept-Encoding')
    expect(read.headers.get('access-control-allow-origin')).toBe('https://friend.example')
  })

  test('hashed assets: precompressed variants, still immutable', async () => {
    const app = instance(true)
    const plain = await call(app, 'GET', '/assets/index-e1.js')
    expect(plain.text).toBe(asset)
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.get('content-encoding')).toBeNull()
    for (const encoding of ['br', 'gzip']) {
      const response = await call(app, 'GET', '/assets/index-e1.js', {
        headers: { 'accept-encoding': encoding },
      })
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(response.headers.get('content-type')).toContain('javascript')
      const decoded =
        encoding === 'br' ? brotliDecompressSync(response.bytes) : Bun.gunzipSync(response.bytes)
      expect(new TextDecoder().decode(decoded)).toBe(asset)
    }
  })
})

describe('what does not make a request skip the cache', () => {
  const bogus = { authorization: 'Bearer made-up-token' }

  /** The answers of these requests are all the first one's: same body, same ETag. */
  async function expectShared(
    app: App,
    first: string,
    variants: { path: string; headers?: Record<string, string>; token?: string }[],
    kept: string,
    sneaked: string,
  ) {
    const original = await call(app, 'GET', first)
    expect(original.status, first).toBe(200)
    expect(original.text, first).toContain(kept)
    for (const variant of variants) {
      const label = `${variant.path} ${JSON.stringify(variant.headers ?? {})} ${variant.token ? 'signed in' : ''}`
      const answer = await call(app, 'GET', variant.path, variant)
      expect(answer.status, label).toBe(200)
      expect(answer.text, label).not.toContain(sneaked)
      expect(answer.text, label).toBe(original.text)
      expect(answer.headers.get('etag'), label).toBe(original.headers.get('etag'))
      expect(answer.headers.get('cache-control'), label).toBe('no-cache')
    }
  }

  // Both ways: answered before Elysia (the fast path), and the long way (the version read each time).
  for (const [way, settings] of [
    ['fast path', true],
    ['long way', { versionTtlMs: 0 }],
  ] as const) {
    test(`${way}: a page is the same for unknown query parameters, a made-up token and an admin`, async () => {
      const app = instance(settings)
      const { id, slug } = await createProject(app, `Shared Page ${way}`)
      const page = `/projects/${slug}`
      await call(app, 'GET', page)
      await call(app, 'GET', '/projects')
      await call(app, 'GET', '/projects?tag=React')
      await sneakyRename(id, `Sneaked Title ${way}`)
      await expectShared(
        app,
        page,
        [
          { path: `${page}?utm_source=newsletter` },
          { path: `${page}?x=1&y=%3Cscript%3E` },
          { path: page, headers: bogus },
          { path: `${page}?x=2`, headers: bogus },
          { path: page, token },
        ],
        `Shared Page ${way}`,
        `Sneaked Title ${way}`,
      )
      // /projects reads ?tag= (its own entries, below); any other parameter is the same page.
      await expectShared(
        app,
        '/projects',
        [
          { path: '/projects?utm_source=x' },
          { path: '/projects?tags=React&page=2' },
          { path: '/projects', headers: bogus },
          { path: '/projects', token },
        ],
        `Shared Page ${way}`,
        `Sneaked Title ${way}`,
      )
      await expectShared(
        app,
        '/projects?tag=React',
        [
          { path: '/projects?tag=React&utm_source=x' },
          { path: '/projects?utm_source=x&tag=React' },
        ],
        'No projects are tagged',
        `Sneaked Title ${way}`,
      )
    })

    test(`${way}: a public read is kept by its path alone, on the REST door`, async () => {
      const app = instance(settings)
      const { id, slug } = await createProject(app, `Shared Read ${way}`)
      await call(app, 'GET', '/api/projects')
      await call(app, 'GET', `/api/projects/${slug}`)
      await sneakyRename(id, `Sneaked Read ${way}`)
      // The projects' reads answer a request with a token apart (drafts): only the query string.
      for (const path of ['/api/projects', `/api/projects/${slug}`]) {
        await expectShared(
          app,
          path,
          [{ path: `${path}?x=1` }, { path: `${path}?page=2&sort=desc` }],
          `Shared Read ${way}`,
          `Sneaked Read ${way}`,
        )
      }
      const event = await call(app, 'POST', '/api/timeline', {
        token,
        body: sample.event(`Shared Event ${way}`),
      })
      const eventId = Number(JSON.parse(event.text).id)
      await call(app, 'GET', '/api/timeline')
      await call(app, 'GET', `/api/timeline/${eventId}`)
      await database.db
        .update(timelineEvents)
        .set({ title: `Sneaked Event ${way}` })
        .where(eq(timelineEvents.id, eventId))
      for (const path of ['/api/timeline', `/api/timeline/${eventId}`]) {
        await expectShared(
          app,
          path,
          [{ path: `${path}?x=1` }, { path, headers: bogus }, { path, token }],
          `Shared Event ${way}`,
          `Sneaked Event ${way}`,
        )
      }
    })

    test(`${way}: a public tRPC query is kept by its input alone`, async () => {
      const app = instance(settings)
      const { id, slug } = await createProject(app, `Shared Query ${way}`)
      const input = encodeURIComponent(JSON.stringify({ slug }))
      const bySlug = `/trpc/projects.bySlug?input=${input}`
      const batch = `/trpc/projects.list,profile.get?batch=1&input=${encodeURIComponent('{}')}`
      for (const path of ['/trpc/projects.list', bySlug, batch]) await call(app, 'GET', path)
      await sneakyRename(id, `Sneaked Query ${way}`)
      await expectShared(
        app,
        '/trpc/projects.list',
        // tRPC decodes the path: a percent-encoded spelling is the same query.
        [{ path: '/trpc/projects.list?x=1' }, { path: '/trpc/projects%2Elist' }],
        `Shared Query ${way}`,
        `Sneaked Query ${way}`,
      )
      await expectShared(
        app,
        bySlug,
        [{ path: `/trpc/projects.bySlug?x=1&input=${input}` }],
        `Shared Query ${way}`,
        `Sneaked Query ${way}`,
      )
      await expectShared(
        app,
        batch,
        [{ path: `${batch}&utm_source=x` }, { path: batch.replace(',', '%2C') }],
        `Shared Query ${way}`,
        `Sneaked Query ${way}`,
      )
      // Another input is another answer.
      const other = encodeURIComponent(JSON.stringify({ slug: 'no-such-project-here' }))
      expect((await call(app, 'GET', `/trpc/projects.bySlug?input=${other}`)).status).toBe(404)
    })
  }

  test('the sitemap and the web manifest read no query parameter', async () => {
    const app = instance(true)
    const { id } = await createProject(app, 'Mapped Project')
    const sitemap = await call(app, 'GET', '/sitemap.xml')
    const manifest = await call(app, 'GET', '/manifest.webmanifest')
    await database.db
      .update(projects)
      .set({ updated_at: new Date('2001-02-03T00:00:00Z') })
      .where(eq(projects.id, id))
    await database.db.update(profile).set({ name: 'Sneaked Name' })
    const sitemapAgain = await call(app, 'GET', '/sitemap.xml?x=1')
    expect(sitemapAgain.text).not.toContain('2001-02-03')
    expect(sitemapAgain.headers.get('etag')).toBe(sitemap.headers.get('etag'))
    const manifestAgain = await call(app, 'GET', '/manifest.webmanifest?utm_source=x')
    expect(manifestAgain.text).not.toContain('Sneaked Name')
    expect(manifestAgain.headers.get('etag')).toBe(manifest.headers.get('etag'))
    await database.db.update(profile).set({ name: 'Ada Lovelace' })
  })

  test('private answers are still never kept: the admin’s reads, sign-in, the login page', async () => {
    const app = instance(true)
    for (const path of ['/api/contact', '/api/auth/me', '/trpc/messages.list', '/login']) {
      const answer = await call(app, 'GET', path, { token })
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('cache-control'), path).toBe('no-store')
      expect(answer.headers.get('etag'), path).toBeNull()
    }
    for (const path of ['/api/contact', '/api/auth/me']) {
      expect((await call(app, 'GET', path, { headers: bogus })).status, path).toBe(401)
    }
  })
})

describe('answers from the cache', () => {
  test('an answer from the cache carries the same headers as a fresh one, with its own request id', async () => {
    const app = instance(true)
    const fresh = await call(app, 'GET', '/privacy')
    const cached = await call(app, 'GET', '/privacy')
    const again = await call(app, 'GET', '/privacy')
    expect(cached.text).toBe(fresh.text)
    for (const name of [
      'content-type',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'cache-control',
      'etag',
      'vary',
    ]) {
      expect(cached.headers.get(name), name).toBe(fresh.headers.get(name))
    }
    expect(fresh.headers.get('content-security-policy')).toContain("'sha256-")
    const ids = [fresh, cached, again].map((response) => response.headers.get('x-request-id'))
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const https = await app.handle(new Request('https://localhost/privacy'))
    expect(https.headers.get('strict-transport-security')).toContain('max-age=')
  })

  test('HEAD is answered from the same entry, without a body', async () => {
    const app = instance(true)
    const get = await call(app, 'GET', '/projects')
    const head = await call(app, 'HEAD', '/projects')
    expect(head.status).toBe(200)
    expect(head.bytes.byteLength).toBe(0)
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'))
  })
})

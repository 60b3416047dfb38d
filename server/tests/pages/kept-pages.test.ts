/**
 * The kept pages' files and stamp (server/http/infra/cache/kept-pages.ts), and
 * what the response cache keeps and adopts. The restart itself, with a real
 * server: server/tests/operations/kept-pages.test.ts.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  codeFingerprint,
  databaseFingerprint,
  environmentFingerprint,
  type KeptExpectation,
  type KeptPage,
  type KeptStamp,
  takeKeptPages,
  writeKeptPages,
} from '../../http/infra/cache/kept-pages'
import { createResponseCache } from '../../http/infra/cache/response-cache'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-kept-'))
  dirs.push(dir)
  return dir
}

const bytes = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>
const decode = (body: Uint8Array | undefined) => (body ? new TextDecoder().decode(body) : body)

const stamp: KeptStamp = {
  code: 'code-1',
  environment: {
    names: ['PORT', 'SITE_URL'],
    hash: environmentFingerprint(['PORT', 'SITE_URL'], { PORT: '3000' }),
  },
  database: 'db-1',
  period: '2026',
  contentVersion: 7,
  settings: {
    port: 3000,
    hostname: '0.0.0.0',
    maxRequestBodySize: 1024,
    idleTimeout: 10,
    logLevel: 'info',
    corsOrigins: [],
    trustProxy: 0,
  },
}
const expected: KeptExpectation = {
  code: 'code-1',
  environment: (names) => environmentFingerprint(names, { PORT: '3000', SITE_URL: ' ' }),
  database: 'db-1',
  period: '2026',
}
const pages: KeptPage[] = [
  {
    key: '/',
    path: '/',
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    body: bytes('<p>home</p>'),
    br: bytes('brotli bytes'),
  },
  {
    key: '/projects#dark',
    path: '/projects',
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: bytes('<p>gone</p>'),
    gzip: bytes('gzip bytes'),
  },
]

describe('the files', () => {
  test('read back as written, once: the files go as they are read', () => {
    const dataDir = tempDir()
    expect(writeKeptPages(dataDir, stamp, pages)).toBe(2)
    const read = takeKeptPages(dataDir, expected)
    if (read.kind !== 'kept') throw new Error(JSON.stringify(read))
    expect(read.stamp).toEqual(stamp)
    expect(
      read.pages.map((page) => ({
        ...page,
        body: decode(page.body),
        br: decode(page.br),
        gzip: decode(page.gzip),
      })),
    ).toEqual([
      { ...pages[0], body: '<p>home</p>', br: 'brotli bytes', gzip: undefined },
      { ...pages[1], body: '<p>gone</p>', br: undefined, gzip: 'gzip bytes' },
    ] as never)
    expect(existsSync(join(dataDir, 'kept-pages'))).toBe(false)
    expect(takeKeptPages(dataDir, expected)).toEqual({ kind: 'none' })
  })

  const staleCases: Array<[string, Partial<KeptExpectation>, string]> = [
    ['code', { code: 'code-2' }, 'the code changed since they were made'],
    [
      'environment',
      { environment: (names) => environmentFingerprint(names, { PORT: '3001' }) },
      'the environment changed since they were made',
    ],
    ['database', { database: 'db-2' }, 'the database changed since they were made'],
    ['year', { period: '2027' }, 'they were made in another year'],
  ]
  for (const [what, change, reason] of staleCases) {
    test(`not used when the ${what} differs, and removed`, () => {
      const dataDir = tempDir()
      writeKeptPages(dataDir, stamp, pages)
      expect(takeKeptPages(dataDir, { ...expected, ...change })).toEqual({ kind: 'stale', reason })
      expect(existsSync(join(dataDir, 'kept-pages'))).toBe(false)
    })
  }

  test('not used when the bodies do not match the stamp', () => {
    const dataDir = tempDir()
    writeKeptPages(dataDir, stamp, pages)
    const bodies = join(dataDir, 'kept-pages', 'bodies.bin')
    const changed = readFileSync(bodies)
    changed[0] = (changed[0] ?? 0) ^ 1
    writeFileSync(bodies, changed)
    expect(takeKeptPages(dataDir, expected)).toEqual({
      kind: 'stale',
      reason: 'their bodies do not match the stamp',
    })
  })

  test('at most the limit in bytes: the most recently used first, the rest left out', () => {
    const dataDir = tempDir()
    const big = { ...pages[0], key: '/big', body: new Uint8Array(33 * 1024 * 1024) } as KeptPage
    expect(writeKeptPages(dataDir, stamp, [pages[0] as KeptPage, big, pages[1] as KeptPage])).toBe(
      2,
    )
  })
})

describe('the fingerprints', () => {
  test('the code: any source file changes it; the server tests do not', () => {
    const root = tempDir()
    for (const dir of ['server/tests', 'src', 'client', 'drizzle', 'dist/.vite']) {
      mkdirSync(join(root, dir), { recursive: true })
    }
    writeFileSync(join(root, 'server', 'app.ts'), 'one')
    writeFileSync(join(root, 'server', 'tests', 'a.test.ts'), 'one')
    writeFileSync(join(root, 'dist', '.vite', 'manifest.json'), '{}')
    const first = codeFingerprint(root)
    expect(codeFingerprint(root)).toBe(first)
    writeFileSync(join(root, 'server', 'tests', 'a.test.ts'), 'two, longer')
    expect(codeFingerprint(root)).toBe(first)
    // Same size, another time: a checkout of another version.
    utimesSync(join(root, 'server', 'app.ts'), new Date(2020, 0, 1), new Date(2020, 0, 1))
    const second = codeFingerprint(root)
    expect(second).not.toBe(first)
    writeFileSync(join(root, 'dist', '.vite', 'manifest.json'), '{"a":1}')
    expect(codeFingerprint(root)).not.toBe(second)
  })

  test('the environment: only the variables named; a blank one is unset', () => {
    const names = ['PORT', 'SITE_URL']
    const base = environmentFingerprint(names, { PORT: '3000' })
    expect(environmentFingerprint(names, { PORT: '3000', SITE_URL: '  ', HOME: '/x' })).toBe(base)
    expect(environmentFingerprint(names, { PORT: '3000', SITE_URL: 'https://a.example' })).not.toBe(
      base,
    )
    expect(environmentFingerprint(names, {})).not.toBe(base)
  })

  test('the database: none without a directory; pg_control and the WAL count', () => {
    const dataDir = tempDir()
    expect(databaseFingerprint(dataDir)).toBe('')
    mkdirSync(join(dataDir, 'global'))
    mkdirSync(join(dataDir, 'pg_wal'))
    writeFileSync(join(dataDir, 'global', 'pg_control'), 'checkpoint 1')
    writeFileSync(join(dataDir, 'pg_wal', '000000010000000000000001'), 'wal')
    const first = databaseFingerprint(dataDir)
    expect(databaseFingerprint(dataDir)).toBe(first)
    writeFileSync(join(dataDir, 'global', 'pg_control'), 'checkpoint 2')
    const second = databaseFingerprint(dataDir)
    expect(second).not.toBe(first)
    writeFileSync(join(dataDir, 'pg_wal', '000000010000000000000001'), 'more wal')
    expect(databaseFingerprint(dataDir)).not.toBe(second)
  })
})

describe('the response cache', () => {
  const html = { 'content-type': 'text/html; charset=utf-8' }
  function cacheAt(version: () => number) {
    let produced = 0
    const cache = createResponseCache({
      enabled: true,
      readVersion: async () => version(),
      versionTtlMs: 0,
      period: () => '2026',
    })
    const get = (key: string, status = 200, headers: Record<string, string> = html) =>
      cache.respond(new Request(`http://localhost${key.split('#')[0]}`), {
        key,
        produce: async () => {
          produced++
          return new Response(`<p>${key} ${status}</p>`, { status, headers })
        },
      })
    return { cache, get, produced: () => produced }
  }

  test('keeps the HTML pages of the version now: not a query, a JSON answer or a 500', async () => {
    let version = 1
    const { cache, get } = cacheAt(() => version)
    await get('/')
    await get('/old')
    version = 2
    await get('/')
    await get('/projects#dark')
    await get('/missing', 404)
    await get('/search?q=a')
    await get('/api/projects', 200, { 'content-type': 'application/json' })
    await get('/broken', 500)
    const kept = cache.keep(2)
    expect(kept.period).toBe('2026')
    // The pages that exist first, each group the most recently used first.
    expect(kept.pages.map((page) => [page.key, page.path, page.status])).toEqual([
      ['/projects#dark', '/projects', 200],
      ['/', '/', 200],
      ['/missing', '/missing', 404],
    ])
  })

  test('adopted pages answer only when the database is at their version', async () => {
    let version = 5
    const { cache, get, produced } = cacheAt(() => version)
    cache.adopt([pages[0] as KeptPage], 5, '2026')
    const same = await get('/')
    expect(await same.text()).toBe('<p>home</p>')
    expect(produced()).toBe(0)
    version = 6
    const changed = await get('/')
    expect(await changed.text()).toBe('<p>/ 200</p>')
    expect(produced()).toBe(1)
  })

  test('adopted pages of another period are never answered', async () => {
    const { cache, get, produced } = cacheAt(() => 5)
    cache.adopt([pages[0] as KeptPage], 5, '2025')
    expect(await (await get('/')).text()).toBe('<p>/ 200</p>')
    expect(produced()).toBe(1)
  })
})

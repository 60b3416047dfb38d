/**
 * The route table (server/http/routes.ts) is read twice: Elysia routes a
 * request by it, and the edge looks an address up in it before routing (the
 * cache's keys, the page-view rule). The two must pick the same route.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { Elysia } from 'elysia'
import type { Database } from '../../db/client'
import { createResponseCache } from '../../http/infra/cache/response-cache'
import { createRequestContexts } from '../../http/infra/request-context'
import { createRouteMatcher } from '../../http/infra/route-match'
import { type EdgeRoute, edgeRoutes } from '../../http/routes'
import { createLogger } from '../../log'
import { freshDatabase, tempMediaStore } from '../support/harness'

setDefaultTimeout(60_000)

let database: Database
let routes: EdgeRoute[]
const media = tempMediaStore()

beforeAll(async () => {
  database = await freshDatabase()
  const log = createLogger('silent')
  const now = () => new Date()
  const peerOf = () => null
  const contexts = createRequestContexts({
    database,
    config: { sessionTtlMs: 1, sessionIdleMs: 1 },
    log,
    mediaStore: media.store,
    now,
    requestIdOf: () => 'test',
    peerOf,
  })
  routes = edgeRoutes({
    database,
    log,
    mediaStore: media.store,
    distDir: media.dir,
    siteUrl: 'http://localhost',
    ssr: false,
    cache: createResponseCache({ enabled: false, readVersion: async () => 0 }),
    contexts,
    peerOf,
  })
})
afterAll(async () => {
  media.remove()
  await database.close()
})

const addresses = [
  '/',
  '/projects',
  '/projects/some-slug',
  '/admin/projects',
  '/assets/index-abc123.js',
  '/api',
  '/api/',
  '/api/projects',
  '/api/projects/order',
  '/api/openapi.json',
  '/api/docs',
  '/api/analytics.csv',
  '/api/analytics',
  '/trpc/projects.list',
  '/trpc/projects.list,profile.get',
  '/og/home.png',
  '/og/projects/some-slug.png',
  '/og',
  `/media/${'a'.repeat(64)}.webp`,
  '/r/abc123',
  '/r/',
  '/r/abc/def',
  '/r/abc123/',
  '/cv.pdf/',
  '/og/',
  '/cv.pdf',
  '/resume.json',
  '/feed.xml',
  '/rss.xml',
  '/feed.json',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
  '/healthz',
  '/internal/backup',
  '/internal/other',
]

test('the edge’s matcher picks the route Elysia routes to, for every kind of address', async () => {
  const elysia = new Elysia({ systemRouter: false })
  for (const route of routes) elysia.all(route.path, () => route.path)
  const routeAt = createRouteMatcher(routes)
  const picked: Record<string, { elysia: string; matcher: string | undefined }> = {}
  for (const address of addresses) {
    const answer = await elysia.handle(new Request(`http://localhost${address}`))
    picked[address] = { elysia: await answer.text(), matcher: routeAt(address)?.path }
  }
  for (const [address, { elysia: routed, matcher }] of Object.entries(picked)) {
    expect({ address, route: matcher }).toEqual({ address, route: routed })
  }
})

test('every path of the table is listed once', () => {
  const paths = routes.map((route) => route.path)
  expect(new Set(paths).size).toBe(paths.length)
})

test('only the pages count as page views', () => {
  const pages = routes.filter((route) => route.analytics === 'page').map((route) => route.path)
  // The contact page apart: its form submits to it (server/http/pages/contact.ts).
  expect(pages).toEqual(['/contact-me', '/*'])
})

import { Elysia } from 'elysia'
import type { AppConfig } from './config'
import type { Database } from './db/client'
import { analyticsCsvResponse, createPageViewCounter } from './http/analytics'
import { handleBackupRequest } from './http/backup'
import { createCacheFastPath } from './http/cache/fast-path'
import { createCacheKeys } from './http/cache/keys'
import { type CacheSettings, createResponseCache } from './http/cache/response-cache'
import { type PeerAddress, socketPeerAddress } from './http/client-address'
import { cvPdfResponse, resumeJsonResponse } from './http/cv'
import { type FeedPath, feedResponse, notModifiedSince } from './http/feeds'
import { securityHeaders } from './http/headers'
import { healthCheck } from './http/health'
import { createRequestLifecycle } from './http/lifecycle'
import { serveMedia } from './http/media'
import { createOgHandler } from './http/og'
import { apiDocsPage, openApiDocument } from './http/openapi'
import { createPageHandler } from './http/pages'
import { createRequestContexts } from './http/request-context'
import { jsonError } from './http/respond'
import { createSeoHandlers } from './http/seo'
import { handleTrpc } from './http/trpc'
import type { Logger } from './log'
import type { MediaStore } from './media/store'
import { messages } from './messages'
import type { AlertWorker } from './notify/worker'
import { handleRest, unavailableResponse } from './rest/adapter'
import type { Analytics } from './services/analytics'
import { authenticate } from './services/auth/sessions'
import { readContentVersion } from './services/content-version'
import type { GitHubScheduler } from './services/github/scheduler'
import { shareLinkTarget } from './services/share-links'
import { createCaller } from './trpc/root'

export interface AppDeps {
  database: Database
  config: AppConfig
  log: Logger
  /** Where uploaded images are kept (a folder or an S3 bucket), served under /media/. */
  mediaStore: MediaStore
  /** Where the built client lives (index.html + assets/). */
  distDir: string
  /** The public address (canonical URLs, sitemap, robots.txt); `http://localhost` if absent. */
  siteUrl?: string
  /** Render the pages on the server; off: the client-rendered app shell for every page path. */
  ssr?: boolean
  /** Keep public answers in memory until the content changes; off: made for every request. */
  cache?: boolean | CacheSettings
  now?: () => Date
  /** The token of `GET /internal/backup` (PGlite's `bun run backup`); absent: no such path. */
  backupToken?: string
  /** The address at the other end of the socket; the listening server's by default (tests inject one). */
  peerAddress?: PeerAddress
  /** Sends alerts for new messages (started and stopped by the caller); none: alerts wait in the outbox. */
  alerts?: AlertWorker
  /** Counts public page views (started and stopped by the caller); none: nothing is counted. */
  analytics?: Analytics
  /** Refreshes GitHub repository data (started and stopped by the caller); none: a project's repository waits for one. */
  github?: GitHubScheduler
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS'

/**
 * The whole HTTP surface as an Elysia app that never listens: the server
 * entry point serves it and tests call `app.handle(request)`.
 */
export function createApp(deps: AppDeps) {
  const { database, config, log, mediaStore } = deps
  const now = deps.now ?? (() => new Date())
  const siteUrl = (deps.siteUrl ?? 'http://localhost').replace(/\/+$/, '')
  // Set once the server listens (server/index.ts); read per request.
  const peerOf: PeerAddress = deps.peerAddress ?? socketPeerAddress(() => app.server)
  const settings = {
    corsOrigins: config.corsOrigins ?? [],
    trustProxy: config.trustProxy ?? 0,
    peerOf,
  }
  const security = securityHeaders()
  const lifecycle = createRequestLifecycle({ settings, security, log })
  const { requestIdOf } = lifecycle
  const cacheSettings = typeof deps.cache === 'object' ? deps.cache : {}
  const cache = createResponseCache({
    enabled: Boolean(deps.cache),
    readVersion: () => readContentVersion(database.db),
    // PostgreSQL: other instances write too; PGlite: nobody else can.
    versionTtlMs: cacheSettings.versionTtlMs ?? (database.kind === 'postgres' ? 0 : 500),
    clock: cacheSettings.clock,
    period: () => String(now().getFullYear()),
    baseHeaders: security,
    log,
  })
  const contexts = createRequestContexts({ ...deps, siteUrl, now, requestIdOf, peerOf })
  const pages = createPageHandler({
    distDir: deps.distDir,
    siteUrl,
    ssr: Boolean(deps.ssr),
    cache,
    log,
    publicContext: contexts.ofServer,
  })
  const seo = (request: Request) =>
    createSeoHandlers(siteUrl, createCaller(contexts.ofServer(requestIdOf(request))))
  const og = createOgHandler({ siteUrl, distDir: deps.distDir, mediaStore, log })
  let document: Record<string, unknown> | undefined
  const apiDocument = () => {
    document ??= openApiDocument(siteUrl)
    return document
  }
  const varyOf = (set: { headers: Record<string, unknown> }) =>
    typeof set.headers.vary === 'string' ? set.headers.vary : undefined
  const cacheKeyOf = createCacheKeys(pages.cacheKey)
  /** From the cache when the request has a key there (a public read), else made for it. */
  const cached = (
    request: Request,
    set: { headers: Record<string, unknown> },
    produce: () => Promise<Response>,
    unavailable?: (error: unknown) => Response | undefined,
  ) => {
    const key = cacheKeyOf(request)
    if (key === undefined) return produce()
    return cache.respond(request, { key, produce, vary: varyOf(set), unavailable })
  }

  /** A feed of the notes, from the cache (ETag), with a 304 for `If-Modified-Since` too. */
  const feed = async (
    path: FeedPath,
    request: Request,
    set: { headers: Record<string, unknown> },
  ) =>
    notModifiedSince(
      request,
      await cached(request, set, () =>
        feedResponse(path, siteUrl, createCaller(contexts.ofServer(requestIdOf(request)))),
      ),
    )

  const app = new Elysia()
    .onRequest(({ request, set }) => lifecycle.begin(request, set))
    // After a write through this server, the cache reads the content version again.
    .onAfterHandle(({ request }) => {
      if (!isRead(request.method)) cache.markStale()
    })
    // CORS preflight: answered here; allowed origins get their headers above.
    .options('/*', () => new Response(null, { status: 204 }))
    .onError(({ code, error, request, set }) => {
      if (!isRead(request.method)) cache.markStale()
      return lifecycle.fail(code, error, request, set)
    })
    .onAfterResponse(({ request, set, responseValue }) =>
      lifecycle.end(request, set, responseValue),
    )
    .get('/healthz', () => healthCheck(database, log))
    .get('/internal/backup', ({ request, server }) =>
      handleBackupRequest(request, server, database, mediaStore, deps.backupToken),
    )
    .all(
      '/trpc/*',
      ({ request, set }) =>
        cached(request, set, () => handleTrpc(request, contexts.ofRequest(request))),
      { parse: 'none' },
    )
    .all('/api', () => jsonError(404, messages.noApiEndpoint), { parse: 'none' })
    // The REST door's reference, generated from the procedures' declarations.
    .get('/api/openapi.json', () => Response.json(apiDocument()))
    .get('/api/docs', () => apiDocsPage(apiDocument()))
    // Not JSON, so not a REST route: the summary's procedure, answered as CSV.
    .get('/api/analytics.csv', ({ request }) => {
      const ctx = contexts.ofRequest(request)
      return analyticsCsvResponse(request, createCaller(ctx), ctx)
    })
    .all(
      '/api/*',
      // Async, so that the request log sees the answer's status.
      async ({ request, set }) =>
        await cached(
          request,
          set,
          () => handleRest(request, contexts.ofRequest(request)),
          // The content version could not be read: the 503 the read itself would give, at once.
          (error) => unavailableResponse(error, { log, requestId: requestIdOf(request) }),
        ),
      { parse: 'none' },
    )
    // Async, so that the request log sees the answer's status.
    .all('/media/*', async ({ request }) => await serveMedia(request, mediaStore), {
      parse: 'none',
    })
    .all(
      '/og/*',
      // Async, so that the request log sees the answer's status.
      async ({ request, set }) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return jsonError(405, messages.methodNotAllowed, {}, { allow: 'GET, HEAD' })
        }
        return await cached(request, set, () =>
          og.handle(request, createCaller(contexts.ofServer(requestIdOf(request)))),
        )
      },
      { parse: 'none' },
    )
    .get('/sitemap.xml', ({ request, set }) => cached(request, set, () => seo(request).sitemap()))
    .get('/feed.xml', ({ request, set }) => feed('/feed.xml', request, set))
    .get('/rss.xml', ({ request, set }) => feed('/rss.xml', request, set))
    .get('/feed.json', ({ request, set }) => feed('/feed.json', request, set))
    .get('/cv.pdf', ({ request, set }) =>
      cached(request, set, () =>
        cvPdfResponse(
          database.db,
          mediaStore,
          siteUrl,
          createCaller(contexts.ofServer(requestIdOf(request))),
        ),
      ),
    )
    .get('/resume.json', ({ request, set }) =>
      cached(request, set, () =>
        resumeJsonResponse(siteUrl, createCaller(contexts.ofServer(requestIdOf(request)))),
      ),
    )
    // A share link: to its page, with `?ref=` so that the view counts for it; unknown: the 404 page.
    .get('/r/:code', async ({ request, params }) => {
      const location = await shareLinkTarget(database.db, params.code)
      if (!location) return await pages.handle(request, undefined, requestIdOf(request))
      return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } })
    })
    .get('/robots.txt', ({ request }) => seo(request).robots())
    .get('/manifest.webmanifest', ({ request, set }) =>
      cached(request, set, () => seo(request).manifest()),
    )
    .all(
      '/*',
      // Async, so that the request log sees the page's status, not a pending promise.
      async ({ request, set }) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return jsonError(404, messages.notFound)
        }
        return await pages.handle(request, varyOf(set), requestIdOf(request))
      },
      { parse: 'none' },
    )

  const fromCache = createCacheFastPath(cache, cacheKeyOf, settings, log)
  const throughElysia = app.handle
  const countView = deps.analytics
    ? createPageViewCounter({
        analytics: deps.analytics,
        siteUrl,
        trustProxy: settings.trustProxy,
        peerOf,
        isSignedIn: async (authorization) =>
          (await authenticate({ db: database.db, config, now }, authorization)) !== null,
      })
    : undefined
  app.handle = (request) => {
    // Every request, cached or not: a proxy's first requests may well be cache hits.
    contexts.warnOfProxy(request)
    const hit = fromCache(request)
    if (!countView) return hit ? Promise.resolve(hit) : throughElysia(request)
    // Page views are counted here, where cache hits and rendered pages meet.
    if (hit) {
      countView(request, hit)
      return Promise.resolve(hit)
    }
    return throughElysia(request).then((response) => {
      countView(request, response)
      return response
    })
  }
  return app
}

export type App = ReturnType<typeof createApp>

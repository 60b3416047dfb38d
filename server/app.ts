import { Elysia } from 'elysia'
import type { AppConfig } from './config'
import type { Database } from './db/client'
import { handleBackupRequest } from './http/backup'
import { createCacheFastPath } from './http/cache/fast-path'
import { type CacheSettings, createResponseCache } from './http/cache/response-cache'
import {
  clientIp,
  createProxyWarning,
  type PeerAddress,
  socketPeerAddress,
} from './http/client-address'
import { deviceTokenOf } from './http/device-cookie'
import { securityHeaders } from './http/headers'
import { healthCheck } from './http/health'
import { createRequestLifecycle } from './http/lifecycle'
import { serveMedia } from './http/media'
import { createPageHandler } from './http/pages'
import { jsonError } from './http/respond'
import { createSeoHandlers } from './http/seo'
import { handleTrpc, publicQueryKey } from './http/trpc'
import type { Logger } from './log'
import type { MediaStore } from './media/store'
import { messages } from './messages'
import { handleRest, publicReadKey, unavailableResponse } from './rest/adapter'
import { readContentVersion } from './services/content-version'
import { type Context, createContextInner } from './trpc/context'
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
  const settings = { corsOrigins: config.corsOrigins ?? [], trustProxy: config.trustProxy ?? 0 }
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
  const context = (requestId: string, ip: string, authorization: string | null): Context =>
    createContextInner({
      db: database.db,
      config,
      log,
      now,
      requestId,
      ip,
      authorization,
      mediaStore,
    })
  // Set once the server listens (server/index.ts); read per request.
  const peerOf = deps.peerAddress ?? socketPeerAddress(() => app.server)
  const warnOfProxy = createProxyWarning(settings.trustProxy, peerOf, log)
  const contextOf = (request: Request): Context => ({
    ...context(
      requestIdOf(request),
      clientIp(request, peerOf(request), settings.trustProxy),
      request.headers.get('authorization'),
    ),
    deviceToken: deviceTokenOf(request),
  })
  /** Pages and SEO files read public content only: no token, no client address. */
  const publicContext = (requestId: string) => context(requestId, 'server', null)
  const pages = createPageHandler({
    distDir: deps.distDir,
    siteUrl,
    ssr: Boolean(deps.ssr),
    cache,
    log,
    publicContext,
  })
  const seo = (request: Request) =>
    createSeoHandlers(siteUrl, createCaller(publicContext(requestIdOf(request))))
  const varyOf = (set: { headers: Record<string, unknown> }) =>
    typeof set.headers.vary === 'string' ? set.headers.vary : undefined
  /** The SEO files read no query parameter: one entry each. */
  const seoFiles = new Set(['/sitemap.xml', '/manifest.webmanifest'])
  /**
   * The key a GET or HEAD's answer is kept under in the cache, undefined when
   * it is not kept: each door's own (a page's address, a public read's path, a
   * public tRPC query's input), used by the routes below and by the fast path
   * alike. No key holds the Authorization header or a query parameter the
   * answer is not made from, so neither makes a request skip the cache.
   */
  const cacheKeyOf = (request: Request): string | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const url = new URL(request.url)
    const { pathname } = url
    if (pathname.startsWith('/trpc/')) return publicQueryKey(request, url)
    if (pathname.startsWith('/api/')) return publicReadKey(request, pathname)
    if (seoFiles.has(pathname)) return pathname
    return pages.cacheKey(url)
  }

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
      ({ request, set }) => {
        const handle = () => handleTrpc(request, contextOf(request))
        const key = cacheKeyOf(request)
        if (key === undefined) return handle()
        return cache.respond(request, { key, produce: handle, vary: varyOf(set) })
      },
      { parse: 'none' },
    )
    .all('/api', () => jsonError(404, messages.noApiEndpoint), { parse: 'none' })
    .all(
      '/api/*',
      // Async, so that the request log sees the answer's status.
      async ({ request, set }) => {
        const handle = () => handleRest(request, contextOf(request))
        const key = cacheKeyOf(request)
        if (key === undefined) return handle()
        // The content version could not be read: the 503 the read itself would give, at once.
        const unavailable = (error: unknown) =>
          unavailableResponse(error, { log, requestId: requestIdOf(request) })
        return await cache.respond(request, {
          key,
          produce: handle,
          vary: varyOf(set),
          unavailable,
        })
      },
      { parse: 'none' },
    )
    // Async, so that the request log sees the answer's status.
    .all('/media/*', async ({ request }) => await serveMedia(request, mediaStore), {
      parse: 'none',
    })
    .get('/sitemap.xml', ({ request, set }) =>
      cache.respond(request, {
        key: '/sitemap.xml',
        produce: () => seo(request).sitemap(),
        vary: varyOf(set),
      }),
    )
    .get('/robots.txt', ({ request }) => seo(request).robots())
    .get('/manifest.webmanifest', ({ request, set }) =>
      cache.respond(request, {
        key: '/manifest.webmanifest',
        produce: () => seo(request).manifest(),
        vary: varyOf(set),
      }),
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
  app.handle = (request) => {
    // Every request, cached or not: a proxy's first requests may well be cache hits.
    warnOfProxy(request)
    const hit = fromCache(request)
    return hit ? Promise.resolve(hit) : throughElysia(request)
  }
  return app
}

export type App = ReturnType<typeof createApp>

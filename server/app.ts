import { TRPCError } from '@trpc/server'
import { Elysia } from 'elysia'
import type { Database } from './db/client'
import { isDatabaseUnavailable } from './db/unavailable'
import { handleBackupRequest } from './http/backup'
import { createResponseCache } from './http/cache'
import { corsHeaders } from './http/cors'
import { isPrivatePath, securityHeaders } from './http/headers'
import { jsonError } from './http/respond'
import { createSeoHandlers } from './http/seo'
import { createPageRenderer } from './http/ssr'
import { createStaticHandler } from './http/static'
import { handleTrpc } from './http/trpc'
import { errorDetails, type Logger } from './log'
import { errorResponse, handleRest, isPublicRead } from './rest/adapter'
import { readContentVersion } from './services/content-version'
import { type AppConfig, type Context, createContextInner } from './trpc/context'
import { createCaller } from './trpc/root'

export interface AppDeps {
  database: Database
  config: AppConfig
  log: Logger
  /** Where the built client lives (index.html + assets/). */
  distDir: string
  /** The public address (canonical URLs, sitemap, robots.txt); `http://localhost` if absent. */
  siteUrl?: string
  /**
   * Render the pages on the server (server/http/ssr.ts). Off: every page path
   * gets the client-rendered app shell, as before server rendering existed.
   */
  ssr?: boolean
  /**
   * Keep public answers (pages, public API reads and tRPC queries, the
   * sitemap) in memory until the content changes (server/http/cache.ts).
   * Off: they are produced for every request, still with ETags and
   * compression.
   */
  cache?: boolean | CacheSettings
  now?: () => Date
  /**
   * The token of `GET /internal/backup` (PGlite: `bun run backup` asks the
   * running server). Absent: that path does not exist.
   */
  backupToken?: string
}

export interface CacheSettings {
  /**
   * How long a read of the content version is trusted. PostgreSQL: 0, every
   * request reads it (other instances write too, and a database that went
   * away answers 503 at once rather than from the cache). PGlite: 500 ms (no
   * other process can write to its directory; a write here reads it at once).
   */
  versionTtlMs?: number
  /** A monotonic clock in ms, for tests. */
  clock?: () => number
}

type Server = Bun.Server<unknown>

/** The tRPC queries anyone may make whose answer follows from the public content alone. */
const publicQueries = new Set([
  'projects.list',
  'projects.bySlug',
  'projects.byId',
  'timeline.list',
  'timeline.byId',
  'profile.get',
])

/** A GET of public tRPC queries only (batched or not), answered as one JSON document. */
function isPublicTrpcQuery(request: Request, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  // A streaming (JSON Lines) answer is not one document.
  if (request.headers.has('trpc-accept')) return false
  const procedures = pathname.slice('/trpc/'.length).split(',')
  return procedures.every((name) => publicQueries.has(name))
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS'

/**
 * The client's address. X-Forwarded-For is read only behind trusted proxies,
 * and then from the right: the entry the nearest trusted proxy appended. A
 * client forging the header only adds entries further left.
 */
export function clientIp(request: Request, server: Server | null, trustProxy: number): string {
  if (trustProxy > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const entry = forwarded[forwarded.length - trustProxy]
    if (entry) return entry
  }
  return server?.requestIP(request)?.address ?? 'unknown'
}

/** HTTPS as the client sees it: the URL's scheme, or a trusted proxy's X-Forwarded-Proto. */
function isHttps(request: Request, trustProxy: number): boolean {
  if (request.url.startsWith('https:')) return true
  return (
    trustProxy > 0 && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  )
}

interface RequestInfo {
  id: string
  startedAt: number
}

/**
 * The whole HTTP surface as an Elysia app that never listens: the server
 * entry point serves it and tests call `app.handle(request)`.
 */
export function createApp(deps: AppDeps) {
  const now = deps.now ?? (() => new Date())
  const serveStatic = createStaticHandler(deps.distDir)
  const siteUrl = (deps.siteUrl ?? 'http://localhost').replace(/\/+$/, '')
  const requests = new WeakMap<Request, RequestInfo>()
  const headers = securityHeaders()
  const cacheSettings = typeof deps.cache === 'object' ? deps.cache : {}
  const cache = createResponseCache({
    enabled: Boolean(deps.cache),
    readVersion: () => readContentVersion(deps.database.db),
    versionTtlMs: cacheSettings.versionTtlMs ?? (deps.database.kind === 'postgres' ? 0 : 500),
    clock: cacheSettings.clock,
    // The pages show the owner's age: a new year is new content.
    period: () => String(now().getFullYear()),
    baseHeaders: headers,
    log: deps.log,
  })
  /** Vary already set by an earlier hook (CORS), kept beside Accept-Encoding. */
  const varyOf = (set: { headers: Record<string, unknown> }) => {
    const vary = set.headers.vary
    return typeof vary === 'string' ? vary : undefined
  }

  const contextFor = (request: Request, server: Server | null): Context => {
    const info = requests.get(request)
    return createContextInner({
      ip: clientIp(request, server, deps.config.trustProxy ?? 0),
      db: deps.database.db,
      config: deps.config,
      log: deps.log,
      authorization: request.headers.get('authorization'),
      requestId: info?.id ?? crypto.randomUUID(),
      now,
    })
  }

  /** Pages and SEO files read public content only: no token, no client address. */
  const publicContext = (requestId: string): Context =>
    createContextInner({
      ip: 'server',
      db: deps.database.db,
      config: deps.config,
      log: deps.log,
      authorization: null,
      requestId,
      now,
    })
  const renderPage = deps.ssr
    ? createPageRenderer({
        distDir: deps.distDir,
        siteUrl,
        log: deps.log,
        createContext: publicContext,
      })
    : null
  const seoFor = (request: Request) => {
    const caller = createCaller(publicContext(requests.get(request)?.id ?? crypto.randomUUID()))
    return createSeoHandlers({
      siteUrl,
      listProjects: () => caller.projects.list(),
      getProfile: () => caller.profile.get(),
    })
  }

  /** GET and HEAD of anything that is not the API: a built file, or a page. */
  const servePage = async (request: Request, vary: string | undefined): Promise<Response> => {
    const url = new URL(request.url)
    const file = serveStatic.file(url.pathname, request)
    if (file) return file
    const render = renderPage
    if (!render) return serveStatic.shell(url.pathname)
    const path = `${url.pathname}${url.search}`
    const produce = async () => {
      const page = await render(path, { requestId: requests.get(request)?.id })
      return new Response(page.html || null, { status: page.status, headers: page.headers })
    }
    // The admin frame and the login page are never kept; a signed-in request bypasses the cache.
    if (isPrivatePath(url.pathname) || request.headers.has('authorization')) {
      const response = await produce()
      if (request.method !== 'HEAD') return response
      return new Response(null, { status: response.status, headers: response.headers })
    }
    return cache.respond(request, { key: path, produce, vary, cacheControl: 'no-cache' })
  }

  /** A public read of the API or tRPC: cached unless the request is signed in. */
  const publicRead = (
    request: Request,
    vary: string | undefined,
    produce: () => Promise<Response>,
    unavailable?: (error: unknown) => Response | undefined,
  ): Promise<Response> => {
    const url = new URL(request.url)
    // Public reads may be kept by browsers but must be revalidated (ETag → 304);
    // signed-in and private answers keep `no-store`.
    return cache.respond(request, {
      key: `${url.pathname}${url.search}`,
      produce,
      vary,
      cacheControl: 'no-cache',
      unavailable,
    })
  }

  /**
   * A request a valid cache entry answers, answered without Elysia's
   * pipeline (its hooks, router and header merging cost more than the
   * answer itself): the same headers (security, request id, CORS, HSTS) and
   * the same request log line. Anything else, or when the content version is
   * due to be read again, goes the long way.
   */
  const answerFromCache = (request: Request): Response | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    if (request.headers.has('authorization') || request.headers.has('trpc-accept')) return undefined
    const href = request.url
    const pathStart = href.indexOf('/', href.indexOf('://') + 3)
    const entry = cache.lookup(pathStart === -1 ? '/' : href.slice(pathStart))
    if (!entry) return undefined
    const startedAt = performance.now()
    const id = crypto.randomUUID()
    const { vary, ...cors } = corsHeaders(request, deps.config.corsOrigins ?? [])
    const extra: Record<string, string> = { 'x-request-id': id, ...cors }
    if (isHttps(request, deps.config.trustProxy ?? 0)) {
      extra['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
    }
    const response = cache.answer(request, entry, vary, extra)
    deps.log.info('request', {
      method: request.method,
      path: entry.key.split('?')[0],
      status: response.status,
      ms: Math.round((performance.now() - startedAt) * 10) / 10,
      request_id: id,
    })
    return response
  }

  const app = new Elysia()
    .onRequest(({ request, set }) => {
      const id = crypto.randomUUID()
      requests.set(request, { id, startedAt: performance.now() })
      Object.assign(set.headers, headers, { 'x-request-id': id })
      Object.assign(set.headers, corsHeaders(request, deps.config.corsOrigins ?? []))
      const url = new URL(request.url)
      if (isHttps(request, deps.config.trustProxy ?? 0)) {
        set.headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
      }
      if (isPrivatePath(url.pathname)) {
        // API answers and admin pages may be personal: never cache them anywhere.
        set.headers['cache-control'] = 'no-store'
      }
    })
    // After a write through this server, the cache reads the content version
    // again before it answers the next request.
    .onAfterHandle(({ request }) => {
      if (!isRead(request.method)) cache.markStale()
    })
    // CORS preflight: answered here; allowed origins get their headers above.
    .options('/*', () => new Response(null, { status: 204 }))
    .onError(({ code, error, request, set }) => {
      if (!isRead(request.method)) cache.markStale()
      const info = requests.get(request)
      const path = new URL(request.url).pathname
      if (code === 'NOT_FOUND') {
        set.status = 404
        return jsonError(404, 'Not found.')
      }
      if (code === 'PARSE' || code === 'VALIDATION') {
        set.status = 400
        return jsonError(400, 'The request is not valid.')
      }
      deps.log.error('unhandled error', {
        request_id: info?.id,
        path,
        code,
        ...errorDetails(error),
      })
      set.status = 500
      return jsonError(500, 'Something went wrong on our side. Please try again later.', {
        request_id: info?.id,
      })
    })
    .onAfterResponse(({ request, set, responseValue }) => {
      const info = requests.get(request)
      const status =
        responseValue instanceof Response ? responseValue.status : Number(set.status) || 200
      deps.log.info('request', {
        method: request.method,
        path: new URL(request.url).pathname,
        status,
        ms: info ? Math.round((performance.now() - info.startedAt) * 10) / 10 : undefined,
        request_id: info?.id,
      })
    })
    .get('/healthz', async () => {
      const started = performance.now()
      try {
        await Promise.race([
          deps.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 2_000)),
        ])
        return Response.json({
          status: 'ok',
          database: {
            kind: deps.database.kind,
            status: 'up',
            ms: Math.round(performance.now() - started),
          },
        })
      } catch (error) {
        deps.log.warn('health check failed', errorDetails(error))
        return Response.json(
          {
            status: 'unavailable',
            error: 'The database is unreachable.',
            database: { kind: deps.database.kind, status: 'down' },
          },
          { status: 503 },
        )
      }
    })
    .get('/internal/backup', ({ request, server }) =>
      handleBackupRequest(request, server, deps.database, deps.backupToken),
    )
    .all(
      '/trpc/*',
      ({ request, server, set }) => {
        const handle = () => handleTrpc(request, contextFor(request, server))
        if (request.headers.has('authorization')) return handle()
        if (!isPublicTrpcQuery(request, new URL(request.url).pathname)) return handle()
        return publicRead(request, varyOf(set), handle)
      },
      { parse: 'none' },
    )
    .all('/api', () => jsonError(404, 'There is no API endpoint at this path.'), {
      parse: 'none',
    })
    .all(
      '/api/*',
      // Async, so that the request log sees the answer's status.
      async ({ request, server, set }) => {
        const ctx = contextFor(request, server)
        const handle = () => handleRest(request, ctx)
        const read = request.method === 'GET' || request.method === 'HEAD'
        if (!read || request.headers.has('authorization')) return handle()
        if (!isPublicRead(new URL(request.url).pathname)) return handle()
        // The database did not answer the version read: the 503 the read itself would give.
        const unavailable = (error: unknown) =>
          isDatabaseUnavailable(error)
            ? errorResponse(
                new TRPCError({
                  code: 'SERVICE_UNAVAILABLE',
                  message: 'The service is temporarily unavailable. Please try again shortly.',
                  // Wrapped as the procedures wrap it: the message above is the public one.
                  cause: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }),
                }),
                ctx,
              )
            : undefined
        return await publicRead(request, varyOf(set), handle, unavailable)
      },
      { parse: 'none' },
    )
    .get('/sitemap.xml', ({ request, set }) =>
      cache.respond(request, {
        key: '/sitemap.xml',
        produce: () => seoFor(request).sitemap(),
        vary: varyOf(set),
        cacheControl: 'no-cache',
      }),
    )
    .get('/robots.txt', ({ request }) => seoFor(request).robots())
    .get('/manifest.webmanifest', ({ request, set }) =>
      cache.respond(request, {
        key: '/manifest.webmanifest',
        produce: () => seoFor(request).manifest(),
        vary: varyOf(set),
        cacheControl: 'no-cache',
      }),
    )
    .all(
      '/*',
      // Async, so that the request log sees the page's status, not a pending promise.
      async ({ request, set }) =>
        request.method === 'GET' || request.method === 'HEAD'
          ? await servePage(request, varyOf(set))
          : jsonError(404, 'Not found.'),
      { parse: 'none' },
    )
  const throughElysia = app.handle
  app.handle = (request) => {
    const hit = answerFromCache(request)
    return hit ? Promise.resolve(hit) : throughElysia(request)
  }
  return app
}

export type App = ReturnType<typeof createApp>

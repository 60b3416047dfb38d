import { Elysia } from 'elysia'
import { createActivityPub } from './activitypub/federation'
import { type AppConfig, defaultActivityPubSettings, defaultSearchLimits } from './config'
import type { Database } from './db/client'
import { readContentVersion } from './db/content-version'
import { createCacheFastPath } from './http/infra/cache/fast-path'
import { createCacheKeys } from './http/infra/cache/keys'
import { type CacheSettings, createResponseCache } from './http/infra/cache/response-cache'
import { clientIp, type PeerAddress, socketPeerAddress } from './http/infra/client-address'
import { notModifiedSince } from './http/infra/conditional'
import { securityHeaders } from './http/infra/headers'
import { createRequestLifecycle } from './http/infra/lifecycle'
import { createPageViewCounter } from './http/infra/page-views'
import { createRequestContexts } from './http/infra/request-context'
import { createRouteMatcher } from './http/infra/route-match'
import { createSearchGate, searchDoorOf, searchRefused } from './http/infra/search-gate'
import { type EdgeRoute, edgeRoutes } from './http/routes'
import type { JobRunner } from './jobs/runner'
import type { Logger } from './log'
import type { MediaStore } from './media/store'
import { messages } from './messages'
import { ALERTS_JOB } from './notify/worker'
import type { Analytics } from './services/analytics'
import { authenticate } from './services/auth/sessions'
import { jsonError, unavailableResponse } from './trpc/errors'
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
  /**
   * The periodic jobs (started and stopped by the caller): a stored message
   * kicks the alert job, a saved project the GitHub refresh; none: they wait.
   */
  jobs?: JobRunner
  /** Counts public page views (started and stopped by the caller); none: nothing is counted. */
  analytics?: Analytics
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS'

/**
 * The whole HTTP surface as an Elysia app: the server entry point makes it
 * listen (`app.listen`), tests call `app.handle(request)`. The routes are
 * the route table's (server/http/routes.ts); around them, the request's
 * lifecycle: a cache hit answered before routing, the request's id and
 * headers, the cache marked stale after a write, page views counted, the
 * answer to a failure nobody caught, the log line.
 */
export function createApp(deps: AppDeps) {
  const { database, config, log } = deps
  const now = deps.now ?? (() => new Date())
  const siteUrl = (deps.siteUrl ?? 'http://localhost').replace(/\/+$/, '')
  // Set once the server listens (server/main.ts); read per request.
  const peerOf: PeerAddress = deps.peerAddress ?? socketPeerAddress(() => app.server)
  const settings = {
    corsOrigins: config.corsOrigins ?? [],
    trustProxy: config.trustProxy ?? 0,
    peerOf,
  }
  const security = securityHeaders()
  const searchGate = createSearchGate(config.search ?? defaultSearchLimits)
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
  const activityPub = createActivityPub({
    db: database.db,
    siteUrl,
    settings: config.activitypub ?? defaultActivityPubSettings,
    log,
    now,
    config,
    mediaStore: deps.mediaStore,
    kickAlerts: () => deps.jobs?.kick(ALERTS_JOB),
  })
  const routes = edgeRoutes({
    ...deps,
    siteUrl,
    ssr: Boolean(deps.ssr),
    cache,
    contexts,
    peerOf,
    clientOf: (request) => clientIp(request, peerOf(request), settings.trustProxy),
    activityPub,
  })
  const routeAt = createRouteMatcher(routes)
  const cacheKeyOf = createCacheKeys((path) => routeAt(path)?.cache)
  const fromCache = createCacheFastPath(cache, cacheKeyOf, settings, log)
  const countView = deps.analytics
    ? createPageViewCounter({
        analytics: deps.analytics,
        siteUrl,
        trustProxy: settings.trustProxy,
        peerOf,
        isSignedIn: async (authorization) =>
          (await authenticate({ db: database.db, config, now }, authorization)) !== null,
        isPageRoute: (path) => routeAt(path)?.analytics === 'page',
      })
    : undefined

  type Call = {
    request: Request
    params: Record<string, string>
    set: { headers: Record<string, unknown> }
  }
  /** One route's answer: its method check, then from the cache when it keeps one, else made. */
  const answer = async (route: EdgeRoute, call: Call): Promise<Response> => {
    const { request } = call
    const { method } = request
    if (route.methods === 'GET' && method !== 'GET' && method !== 'HEAD') {
      return jsonError(405, messages.methodNotAllowed, {}, { allow: 'GET, HEAD' })
    }
    // A search: within its address's rate and the server's searches at once, or a 429 now.
    const door = searchDoorOf(new URL(request.url))
    if (!door) return answerRoute(route, call)
    const entry = searchGate.enter(clientIp(request, peerOf(request), settings.trustProxy))
    if (!entry.ok) return searchRefused(door, entry.retryAfterSeconds, security)
    try {
      return await answerRoute(route, call)
    } finally {
      entry.release()
    }
  }
  const answerRoute = async (route: EdgeRoute, { request, params, set }: Call) => {
    const requestId = requestIdOf(request)
    const vary = typeof set.headers.vary === 'string' ? set.headers.vary : undefined
    const produce = async () =>
      route.handle({
        request,
        params,
        requestId,
        vary,
        server: () => createCaller(contexts.ofServer(requestId)),
        context: () => contexts.ofRequest(request),
      })
    const key = route.cache?.byHandler ? undefined : cacheKeyOf(request)
    if (key === undefined) return produce()
    // The content version could not be read: the 503 the read itself would give, at once.
    const unavailable = (error: unknown) => unavailableResponse(error, { log, requestId })
    return notModifiedSince(
      request,
      await cache.respond(request, { key, produce, vary, unavailable }),
    )
  }

  let hits = 0
  /** The answer before routing: a request line that cannot be read, or a valid cache entry's. */
  const answerEarly = (request: Request): Response | undefined => {
    // A request line whose URL cannot be read: 400 before anything reads it.
    const unreadable = lifecycle.refuseUnreadable(request)
    if (unreadable) return unreadable
    // A valid cache entry answers before routing, with the same headers and log line.
    const hit = fromCache(request)
    // Whether a proxy the settings do not trust relays the requests: every
    // request the long way, and the first cache hit and one in 32 after it (a
    // proxy relays them all, so the warning still comes within its first few).
    if (!hit || (hits++ & 31) === 0) contexts.warnOfProxy(request)
    if (hit) countView?.(request, hit)
    return hit
  }

  /** Set when the server's socket asks `answerEarly` itself (server/server.ts): not asked twice. */
  let answeredBeforeElysia = false

  const app = new Elysia({ systemRouter: false })
    .onRequest(({ request, set }) => {
      if (!answeredBeforeElysia) {
        const early = answerEarly(request)
        if (early) return early
      }
      lifecycle.begin(request, set)
    })
    .onAfterHandle(({ request, responseValue }) => {
      // After a write through this server, the cache reads the content version again.
      if (!isRead(request.method)) cache.markStale()
      if (countView && responseValue instanceof Response) countView(request, responseValue)
    })
    .onError(({ code, error, request, set }) => {
      if (!isRead(request.method)) cache.markStale()
      return lifecycle.fail(code, error, request, set)
    })
    .onAfterResponse(({ request, set, responseValue }) =>
      lifecycle.end(request, set, responseValue),
    )
    // CORS preflight: answered here; allowed origins get their headers above.
    .options('/*', () => new Response(null, { status: 204 }))
  for (const route of routes) {
    app.all(route.path, (call) => answer(route, call), { parse: 'none' })
  }
  return Object.assign(app, {
    /**
     * The answer a request gets before Elysia's handler, or undefined for the
     * long way. The listening server calls it in its socket's own fetch (a
     * cache hit then skips Elysia's context and hooks, about 1.3 µs of the
     * 10 µs a hit costs in one process); `app.handle` (the tests) asks it in
     * the request hook instead.
     */
    answerBeforeElysia(): (request: Request) => Response | undefined {
      answeredBeforeElysia = true
      return answerEarly
    },
    /** Counts an answer given outside the app (a kept page answered before it started) as the app would have. */
    countAnswer(request: Request, response: Response): void {
      countView?.(request, response)
    },
    /** The pages a stop keeps for the next start, and the ones a start adopts (server/http/infra/cache/kept-pages.ts). */
    keptPages: { keep: cache.keep, adopt: cache.adopt },
  })
}

export type App = ReturnType<typeof createApp>

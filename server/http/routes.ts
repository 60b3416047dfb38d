/**
 * Every route that is not a procedure, in one list: its path, the methods
 * it answers, how its answers are cached, whether they can be page views,
 * and its handler. Elysia's registration (server/app.ts), the cache's keys
 * (infra/cache/keys.ts, also read by the fast path) and the page-view
 * counter (infra/page-views.ts) all read this list; the two API doors'
 * entries take their cache rules from the procedures' declarations
 * (`.meta()`), so an API route is never listed here. Adding a route is one
 * entry (docs/architecture.md, "Add a route that is not a procedure").
 */
import { type ActivityPub, FEDERATION_PATHS } from '../activitypub/federation'
import type { Database } from '../db/client'
import type { Logger } from '../log'
import type { MediaStore } from '../media/store'
import { messages } from '../messages'
import { shareLinkTarget } from '../services/share-links'
import type { Context } from '../trpc/context'
import { jsonError } from '../trpc/errors'
import type { createCaller } from '../trpc/root'
import { apiDocsPage, openApiDocument } from './api/openapi'
import { handleRest, publicReadKey } from './api/rest'
import { handleTrpc, publicQueryKey } from './api/trpc'
import { byPath, type CacheRule } from './infra/cache/keys'
import type { ResponseCache } from './infra/cache/response-cache'
import type { createRequestContexts } from './infra/request-context'
import { createPageHandler } from './pages/pages'
import { switchTheme, THEME_PATH } from './pages/theme'
import { analyticsCsvResponse } from './surfaces/analytics-csv'
import { handleBackupRequest } from './surfaces/backup'
import { coverResponse } from './surfaces/covers'
import { cvPdfResponse, resumeJsonResponse } from './surfaces/cv'
import { feedFiles, feedResponse } from './surfaces/feeds'
import { healthCheck } from './surfaces/health'
import { serveMedia } from './surfaces/media'
import { createOgHandler } from './surfaces/og'
import { publicationFileResponse } from './surfaces/publications'
import { createSeoHandlers } from './surfaces/seo'
import { atprotoDidResponse } from './surfaces/social'
import { receiveWebmentionRequest, webmentionStatusResponse } from './surfaces/webmention'

/** What a handler gets: the request, its path's parameters, and the procedures' contexts. */
export interface RouteCall {
  request: Request
  params: Record<string, string>
  requestId: string
  /** The `Vary` the answer carries (an allowed CORS origin adds `Origin`). */
  vary: string | undefined
  /** The procedures as the server itself calls them: public reads, no token, no client address. */
  server: () => ReturnType<typeof createCaller>
  /** The procedures' context of this request (its token, address, device cookie): an API door's. */
  context: () => Context
}

export interface EdgeRoute {
  /** Elysia's path: literal, with `:name` segments, or ending in `/*`. */
  path: string
  /** GET (which answers HEAD too), or every method: a door that routes further itself. */
  methods: 'GET' | 'ALL'
  /** How GET and HEAD answers are kept in the shared cache; none: made for every request. */
  cache?: CacheRule
  /** `page`: its 200 HTML answers are page views (infra/page-views.ts); none: never. */
  analytics?: 'page'
  handle: (call: RouteCall) => Response | Promise<Response>
}

export interface EdgeDeps {
  database: Database
  log: Logger
  mediaStore: MediaStore
  distDir: string
  siteUrl: string
  ssr: boolean
  cache: ResponseCache
  contexts: ReturnType<typeof createRequestContexts>
  backupToken?: string
  /** The address at the other end of the socket. */
  peerOf: (request: Request) => string | null
  /** The client's address (the proxy's header when trusted): the inbox's rate limit. */
  clientOf?: (request: Request) => string
  /** The site as an ActivityPub account (server/activitypub/); none: its paths find nothing. */
  activityPub?: ActivityPub
}

export function edgeRoutes(deps: EdgeDeps): EdgeRoute[] {
  const { database, log, mediaStore, siteUrl, contexts } = deps
  const pages = createPageHandler({ ...deps, publicContext: contexts.ofServer })
  const og = createOgHandler({ siteUrl, distDir: deps.distDir, mediaStore, log })
  let document: Record<string, unknown> | undefined
  const apiDocument = () => {
    document ??= openApiDocument(siteUrl)
    return document
  }
  /** A page (or the app shell, or a built file): the pages consult the cache themselves. */
  const byPage: CacheRule = { key: pages.cacheKey, byHandler: true, variant: pages.variantOf }
  /** A public REST read, shared until the content changes (its procedure's `cache`). */
  const restReads: CacheRule = { key: (url, signedIn) => publicReadKey(url.pathname, signedIn) }
  /** Public tRPC queries, one JSON document (never a streamed answer). */
  const trpcQueries: CacheRule = { key: publicQueryKey, unlessHeader: 'trpc-accept' }
  const seo = ({ server }: RouteCall) => createSeoHandlers(siteUrl, server())

  return [
    { path: '/healthz', methods: 'GET', handle: () => healthCheck(database, log) },
    {
      path: '/internal/backup',
      methods: 'GET',
      handle: ({ request, context }) =>
        handleBackupRequest(request, deps.peerOf(request), context(), deps.backupToken),
    },
    // The two API doors: the procedures, by their declarations.
    {
      path: '/trpc/*',
      methods: 'ALL',
      cache: trpcQueries,
      handle: ({ request, context }) => handleTrpc(request, context()),
    },
    { path: '/api', methods: 'ALL', handle: () => jsonError(404, messages.noApiEndpoint) },
    {
      path: '/api/*',
      methods: 'ALL',
      cache: restReads,
      handle: (c) => handleRest(c.request, c.context()),
    },
    // The REST door's reference, generated from the procedures' declarations.
    { path: '/api/openapi.json', methods: 'GET', handle: () => Response.json(apiDocument()) },
    { path: '/api/docs', methods: 'GET', handle: () => apiDocsPage(apiDocument()) },
    // Not JSON, so not a REST route: the summary's read, answered as CSV.
    {
      path: '/api/analytics.csv',
      methods: 'GET',
      handle: ({ request, context }) => analyticsCsvResponse(request, context()),
    },
    { path: '/media/*', methods: 'ALL', handle: ({ request }) => serveMedia(request, mediaStore) },
    // Link-preview cards (`?v=` only tells previewers the card changed).
    {
      path: '/og/*',
      methods: 'GET',
      cache: byPath,
      handle: ({ request, server }) => og.handle(request, server()),
    },
    // Generated covers of projects without an image (`?v=` only tells a reader the cover changed).
    {
      path: '/covers/*',
      methods: 'GET',
      cache: byPath,
      handle: ({ request, server }) => coverResponse(request, server()),
    },
    { path: '/sitemap.xml', methods: 'GET', cache: byPath, handle: (c) => seo(c).sitemap() },
    { path: '/robots.txt', methods: 'GET', handle: (c) => seo(c).robots() },
    {
      path: '/manifest.webmanifest',
      methods: 'GET',
      cache: byPath,
      handle: (c) => seo(c).manifest(),
    },
    ...feedFiles.map(
      ({ path }): EdgeRoute => ({
        path,
        methods: 'GET',
        cache: byPath,
        handle: ({ server }) => feedResponse(path, siteUrl, server()),
      }),
    ),
    {
      path: '/cv.pdf',
      methods: 'GET',
      cache: byPath,
      handle: ({ server }) => cvPdfResponse(database.db, mediaStore, siteUrl, server()),
    },
    {
      path: '/resume.json',
      methods: 'GET',
      cache: byPath,
      handle: ({ server }) => resumeJsonResponse(siteUrl, server()),
    },
    // The publication list as one reference file.
    {
      path: '/publications.bib',
      methods: 'GET',
      cache: byPath,
      handle: ({ server }) => publicationFileResponse('bibtex', server()),
    },
    {
      path: '/publications.ris',
      methods: 'GET',
      cache: byPath,
      handle: ({ server }) => publicationFileResponse('ris', server()),
    },
    // A share link: to its page, with `?ref=` so that the view counts for it; unknown: the 404 page.
    {
      path: '/r/:code',
      methods: 'GET',
      handle: async ({ request, params, requestId }) => {
        const location = await shareLinkTarget(database.db, params.code ?? '')
        if (!location) return pages.handle(request, undefined, requestId, { keep: false })
        return new Response(null, {
          status: 302,
          headers: { location, 'cache-control': 'no-store' },
        })
      },
    },
    // The Webmention endpoint and its status addresses (server/http/surfaces/webmention.ts).
    {
      path: '/webmention',
      methods: 'ALL',
      handle: ({ request, context }) => receiveWebmentionRequest(request, context(), log),
    },
    {
      path: '/webmention/:token',
      methods: 'GET',
      handle: ({ params, context }) => webmentionStatusResponse(params.token ?? '', context(), log),
    },
    // The domain as a Bluesky handle: the DID the owner gave, as text.
    {
      path: '/.well-known/atproto-did',
      methods: 'GET',
      cache: byPath,
      handle: ({ server }) => atprotoDidResponse(server()),
    },
    // ActivityPub (docs/activitypub.md): WebFinger, NodeInfo, the actor, its collections and
    // inboxes, the notes' objects; a 404 while federation is off.
    ...FEDERATION_PATHS.map(
      (path): EdgeRoute => ({
        path,
        methods: 'ALL',
        handle: async ({ request }) =>
          (await deps.activityPub?.handle(
            request,
            deps.clientOf?.(request) ?? deps.peerOf(request),
          )) ?? jsonError(404, messages.notFound),
      }),
    ),
    // The contact page, whose form submits to it (without script: server/http/pages/contact.ts).
    {
      path: '/contact-me',
      methods: 'ALL',
      cache: byPage,
      analytics: 'page',
      handle: ({ request, vary, requestId, context }) =>
        request.method === 'POST'
          ? pages.sendMessage(request, context(), requestId)
          : request.method === 'GET' || request.method === 'HEAD'
            ? pages.handle(request, vary, requestId)
            : jsonError(404, messages.notFound),
    },
    // The newsletter's pages: a form or a link's button, each posting to itself (server/http/pages/newsletter.ts).
    ...['/newsletter', '/newsletter/confirm', '/newsletter/unsubscribe'].map(
      (path): EdgeRoute => ({
        path,
        methods: 'ALL',
        handle: ({ request, requestId, context }) =>
          request.method === 'POST' || request.method === 'GET' || request.method === 'HEAD'
            ? pages.newsletterPage(request, context, requestId)
            : jsonError(404, messages.notFound),
      }),
    ),
    // The header's theme switch without script: a POST sets the choice's cookie and goes back.
    {
      path: THEME_PATH,
      methods: 'ALL',
      handle: ({ request, vary, requestId }) =>
        request.method === 'POST'
          ? switchTheme(request, siteUrl)
          : request.method === 'GET' || request.method === 'HEAD'
            ? pages.handle(request, vary, requestId)
            : jsonError(404, messages.notFound),
    },
    // Everything else: a built file, or a page (server-rendered and cached, or the app
    // shell); an address that is only ever read, so another method finds nothing (404).
    {
      path: '/*',
      methods: 'ALL',
      cache: byPage,
      analytics: 'page',
      handle: ({ request, vary, requestId }) =>
        request.method === 'GET' || request.method === 'HEAD'
          ? pages.handle(request, vary, requestId)
          : jsonError(404, messages.notFound),
    },
  ]
}

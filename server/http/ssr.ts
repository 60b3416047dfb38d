/**
 * Server-side rendering of the pages with TanStack Router's SSR support and
 * the very same React components the browser runs.
 *
 * This is the one server module that imports client code: Bun runs the TSX
 * route files directly (no second, server-side Vite build to keep in step),
 * and the client build only contributes its manifest: which hashed script,
 * stylesheet and route chunks a page must reference.
 *
 * `render(address)` is pure in the sense a cache needs: the same address and
 * the same database content give the same status, HTML and headers. It reads
 * no request header (no cookies, no Authorization, no Host: canonical URLs
 * come from SITE_URL), and the CSP allows the router's inline scripts by
 * hash, not by a per-request nonce: the hashes of the scripts the router
 * wrote, taken as it wrote them, never of whatever scripts the HTML holds.
 * A request is rendered at its page's address (`addressOf`): its path and
 * only the query parameters its routes declare, so a page is one cache entry
 * whatever else the URL carries.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type AnyRoute, type AnyRouter, rootRouteId } from '@tanstack/react-router'
import {
  createRequestHandler,
  getSsrStatus,
  RouterServer,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server'
import { getScrollRestorationScriptForRouter } from '@tanstack/router-core/scroll-restoration-script'
import { unstable_localLink } from '@trpc/client'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { z } from 'zod'
import { fontFilesOf } from '../../client/lib/fonts'
import { THEME_SCRIPT } from '../../client/lib/theme-script'
import { createTrpc } from '../../client/lib/trpc-client'
import { type CreateRouterOptions, createRouter } from '../../client/router'
import { accentStyle } from '../../src/domain/accent'
import { errorDetails, type Logger } from '../log'
import type { Context } from '../trpc/context'
import { appRouter } from '../trpc/root'
import { documentHeaders, isPrivatePath } from './headers'

type ServerManifest = Awaited<
  ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>
>
type ManifestRoute = ServerManifest['routes'][string]

export interface RenderedPage {
  status: number
  html: string
  headers: Record<string, string>
}

export interface PageRenderer {
  /** Renders the page at this address (a path and the query parameters its routes read). */
  render: (address: string, options?: { requestId?: string }) => Promise<RenderedPage>
  /** The address a request's page is rendered and cached under: see `pageAddresses`. */
  addressOf: (url: URL) => string
}

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ViteChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
type ViteManifest = Record<string, ViteChunk>

function isViteManifest(value: unknown): value is ViteManifest {
  if (typeof value !== 'object' || value === null) return false
  return Object.values(value).every(
    (chunk) => typeof chunk === 'object' && chunk !== null && typeof chunk.file === 'string',
  )
}

const clientDir = join(import.meta.dir, '..', '..', 'client')

/** The route file of a chunk split from a route's screen (`routes/login.tsx?tsr-split=component`). */
function splitRouteFile(key: string): string | null {
  const [file, query = ''] = key.split('?')
  return file && query.includes('tsr-split=') && query.includes('component') ? file : null
}

/**
 * The route id of each route file, as the router has it: the `Route` the
 * file exports, looked up among the router's own routes. A file that exports
 * no route the router knows (or no longer exists) gets none.
 */
export async function routeIdsOfFiles(
  router: Pick<AnyRouter, 'routesById'>,
  files: Iterable<string>,
): Promise<Map<string, string>> {
  const idOfRoute = new Map<unknown, string>(
    Object.values(router.routesById).map((route) => [route, route.id]),
  )
  const ids = new Map<string, string>()
  for (const file of files) {
    const module: unknown = await import(join(clientDir, file)).catch(() => null)
    if (typeof module !== 'object' || module === null || !('Route' in module)) continue
    const id = idOfRoute.get(module.Route)
    if (id !== undefined) ids.set(file, id)
  }
  return ids
}

/**
 * How a server-rendered page starts its app: an inline module script that
 * fetches and runs the entry once the page's largest paint is done. The
 * page is whole without it (server-rendered; its links work), and on a
 * phone's network its main image no longer shares the line with ~100 KB of
 * script: Lighthouse's mobile LCP went from 1.5–1.8 s to about 1.0 s. The
 * price: the page becomes interactive that much later on such a network.
 *
 * "Done": the browser reports a largest-contentful-paint entry for the
 * page's priority image (`fetchpriority="high"`: the home page's photo, a
 * project page's first image, the first card on /projects), or any entry
 * when the page has none. Browsers without that entry type (Safari) wait
 * for the image to decode and one frame. Whatever happens, it starts half
 * a second after the image decoded (it may not be the largest element),
 * when the image fails, after 3 s, and at the first press, key or touch;
 * `import()` of one module runs it once. The page's own route chunks
 * (`routeChunksScript`) are imported with it, not modulepreloaded: Chromium
 * fetches a modulepreload's imports too, so a route chunk's link fetched the
 * entry beside the main image again (LCP 0.90 → 1.11–1.14 s in Lighthouse).
 */
export function entryBootScript(src: string): string {
  return [
    `const start=()=>{import(${JSON.stringify(src)});for(const chunk of self.__routeChunks??[])import(chunk)}`,
    'for(const type of["pointerdown","keydown","touchstart"])addEventListener(type,start,{once:true,capture:true,passive:true})',
    'setTimeout(start,3000)',
    `const image=document.querySelector('img[fetchpriority="high"]')`,
    'const decoded=image?image.decode():Promise.resolve()',
    [
      'if(PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")){',
      'new PerformanceObserver((list,observer)=>{if(list.getEntries().some((entry)=>!image||entry.element===image)){observer.disconnect();setTimeout(start)}}).observe({type:"largest-contentful-paint",buffered:true});',
      'decoded.then(()=>setTimeout(start,500),start)',
      '}else decoded.then(()=>requestAnimationFrame(()=>setTimeout(start)),start)',
    ].join(''),
  ].join(';')
}

/** A route's own chunks, noted for the boot script to import with the entry (see `entryBootScript`). */
export function routeChunksScript(files: readonly string[]): string {
  return `(self.__routeChunks??=[]).push(${files.map((file) => JSON.stringify(file)).join(',')})`
}

/** The inline scripts a manifest itself puts on the pages (the entry's boot script, route chunks). */
export function manifestInlineScripts(manifest: ServerManifest): string[] {
  return Object.values(manifest.routes).flatMap((route) =>
    (route.scripts ?? []).flatMap((script) =>
      typeof script.children === 'string' && script.children !== '' ? [script.children] : [],
    ),
  )
}

/**
 * The router's asset manifest from Vite's: the entry's boot script and
 * stylesheet on the root route (no modulepreload of the entry: it is
 * fetched after the first paint, see `entryBootScript`), and each route's
 * own code-split chunk and what it imports beyond the entry noted on that
 * route (`routeChunksScript`), so the browser fetches them alongside the entry
 * instead of after it, and not before the largest paint either.
 */
export function routerManifestFromVite(
  vite: ViteManifest,
  routeIds: ReadonlyMap<string, string>,
): ServerManifest {
  const entryKey = Object.keys(vite).find((key) => vite[key]?.isEntry)
  const entry = entryKey ? vite[entryKey] : undefined
  if (!entryKey || !entry) return { routes: {} }
  const url = (file: string) => `/${file}`

  const staticImports = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || key === entryKey) continue
      into.add(key)
      staticImports(vite[key]?.imports ?? [], into)
    }
    return into
  }
  const entryChunks = staticImports(entry.imports ?? [])
  const files = (keys: Iterable<string>) =>
    [...keys].flatMap((key) => {
      const chunk = vite[key]
      return chunk ? [url(chunk.file)] : []
    })

  const routes: Record<string, ManifestRoute> = {
    [rootRouteId]: {
      css: (entry.css ?? []).map(url),
      scripts: [{ attrs: { type: 'module' }, children: entryBootScript(url(entry.file)) }],
    },
  }
  for (const [key, chunk] of Object.entries(vite)) {
    const file = splitRouteFile(key)
    const routeId = file ? routeIds.get(file) : undefined
    if (!routeId) continue
    const own = [...staticImports(chunk.imports ?? [])].filter((dep) => !entryChunks.has(dep))
    const route = routes[routeId] ?? {}
    route.scripts = [
      ...(route.scripts ?? []),
      { attrs: { type: 'module' }, children: routeChunksScript([url(chunk.file), ...files(own)]) },
    ]
    const css = (chunk.css ?? []).map(url)
    if (css.length > 0) route.css = [...(route.css ?? []), ...css]
    routes[routeId] = route
  }
  return { routes }
}

/** Reads dist/.vite/manifest.json; without a client build, pages render without scripts. */
function readViteManifest(distDir: string, log: Logger): ViteManifest {
  const path = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(path)) {
    log.warn('no client build manifest: pages are rendered without scripts', { path })
    return {}
  }
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
  if (!isViteManifest(parsed)) throw new Error(`${path} is not a Vite manifest.`)
  return parsed
}

/** The router's asset manifest for a client build, route ids from the router itself. */
export async function loadRouterManifest(
  vite: ViteManifest,
  router: Pick<AnyRouter, 'routesById'>,
): Promise<ServerManifest> {
  const files = new Set(Object.keys(vite).flatMap((key) => splitRouteFile(key) ?? []))
  return routerManifestFromVite(vite, await routeIdsOfFiles(router, files))
}

/**
 * Above this size the entry stylesheet stays a file: inlined, it travels in
 * every page's HTML (cached pages are sent compressed, so what counts is its
 * gzip size, about a fifth). Today's is ~38 KB raw, ~7 KB gzip: the public
 * screens' utilities only (client/styles.css); the admin's come in admin.css.
 */
export const INLINE_CSS_MAX_BYTES = 96 * 1024

/**
 * The entry's stylesheets, to be written into the pages' `<head>` instead of
 * linked (`ServerManifest.inlineCss`: the router then leaves out their
 * `<link>` and writes one `<style>`, which the browser's router adopts on
 * hydration). A linked stylesheet blocks the first paint for a round trip
 * (on a phone's network, most of the page's LCP); inlined, the page paints
 * as soon as its HTML arrives. Only the root route's (the public pages')
 * stylesheets; a file that is missing or too large stays linked.
 */
export function inlineStylesOf(
  manifest: ServerManifest,
  distDir: string,
  log: Logger,
): Record<string, string> {
  const styles: Record<string, string> = {}
  for (const link of manifest.routes[rootRouteId]?.css ?? []) {
    const href = typeof link === 'string' ? link : link.href
    const path = join(distDir, href)
    if (!href.startsWith('/assets/') || !existsSync(path)) continue
    const css = readFileSync(path, 'utf8')
    if (Buffer.byteLength(css) > INLINE_CSS_MAX_BYTES) {
      log.warn('stylesheet too large to inline: it stays linked', { href, bytes: css.length })
      continue
    }
    styles[href] = css
  }
  return styles
}

/** What `pageAddresses` reads of a router: its routes, and which of them a path matches. */
type RouteTable = Pick<AnyRouter, 'routesById' | 'getMatchedRoutes'>

/**
 * The query parameters a route reads: the keys of its `validateSearch`, a
 * zod object or `textParams(…)` (client/lib/search-params.ts, for public
 * pages: no zod in their bundle). A route validating its search some other
 * way (a function) stops the server at start: the cache could not tell
 * which parameters the page depends on.
 */
function searchParamsOf(route: AnyRoute): string[] {
  const schema: unknown = route.options.validateSearch
  if (schema === undefined) return []
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape)
  if (isTextParams(schema)) return [...schema.names]
  throw new Error(
    `Route ${route.id}: validateSearch must be a zod object (z.object({ … })) or textParams(…), so that the page cache knows which query parameters the page reads.`,
  )
}

function isTextParams(value: unknown): value is { names: readonly string[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'names' in value &&
    'parse' in value &&
    typeof value.parse === 'function' &&
    Array.isArray(value.names) &&
    value.names.every((name) => typeof name === 'string')
  )
}

/**
 * A page's address: the request's path, and of its query string only the
 * parameters the matched routes declare in their `validateSearch`, in the
 * request's order. Anything else in the URL (`?utm_source=…`, `?x=1`) reads
 * nothing on the page, so it gets the same rendering and the same cache
 * entry; the browser's router still reads the real URL when it hydrates.
 * Derived from the router itself: a route that starts reading `?tag=`
 * declares it in its schema, and the pages are kept by it at once.
 */
export function pageAddresses(router: RouteTable): (url: URL) => string {
  const readBy = new Map<string, string[]>(
    Object.values<AnyRoute>(router.routesById).map((route) => [route.id, searchParamsOf(route)]),
  )
  return (url) => {
    const [routes] = router.getMatchedRoutes(url.pathname)
    const names = new Set(routes.flatMap((route) => readBy.get(route.id) ?? []))
    if (names.size === 0) return url.pathname
    const read = new URLSearchParams()
    for (const [name, value] of url.searchParams) if (names.has(name)) read.append(name, value)
    const query = read.toString()
    return query ? `${url.pathname}?${query}` : url.pathname
  }
}

/** SHA-256 (base64) of a script's source, as a CSP hash source takes it. */
function scriptHash(source: string): string {
  return createHash('sha256').update(source, 'utf8').digest('base64')
}

/** The theme's head script (every page, and the app shell: client/index.html) by its hash. */
export const THEME_SCRIPT_HASH = scriptHash(THEME_SCRIPT)

/** The part of the router's hydration output a page's streamed scripts come from (internal). */
interface HydrationOutput {
  pullChunk: () => Uint8Array
}

function isHydrationOutput(value: unknown): value is HydrationOutput {
  return (
    typeof value === 'object' &&
    value !== null &&
    'pullChunk' in value &&
    typeof value.pullChunk === 'function'
  )
}

/**
 * The router's hydration output (`serverSsr.hydrationScripts`, not part of its
 * typed API). Should a new router version move it, the scripts it streams
 * would go unhashed and be blocked: ssr.test.ts renders a page with data
 * that settles late, so that shows at once.
 */
function hydrationOutputOf(ssr: object): HydrationOutput | undefined {
  const output: unknown = 'hydrationScripts' in ssr ? ssr.hydrationScripts : undefined
  return isHydrationOutput(output) ? output : undefined
}

/** One streamed record of the router's hydration output: `<script>…</script>`. */
const streamedRecord = /<script>([\s\S]*?)<\/script>/g

/**
 * The inline scripts the router writes into a page, taken as it makes them,
 * never read back from the rendered HTML (where anything that slipped into
 * the content would look the same): the bootstrap and the dehydrated state
 * that `<Scripts>` takes at once, the state streamed after it (data that
 * settled later), and the scroll-restoration script; with them the inline
 * scripts of the asset manifest itself (the entry's boot script), which the
 * server wrote. Their hashes are the only inline scripts the page's CSP allows.
 */
function captureRouterScripts(router: AnyRouter, manifestScripts: readonly string[]) {
  const sources = new Set<string>(manifestScripts)
  const ssr = router.serverSsr
  if (!ssr) throw new Error('The router has no server-side rendering state.')

  const takeInitial = ssr.takeInitialHydrationScriptTags
  ssr.takeInitialHydrationScriptTags = () => {
    const tags = takeInitial()
    for (const tag of tags ? [...tags.before, tags.boundary] : []) {
      if (typeof tag.children === 'string' && tag.children !== '') sources.add(tag.children)
    }
    return tags
  }

  // Streamed records are the router's own bytes (its serializer escapes `<` in the data);
  // the transform pulls them one chunk at a time, a record possibly over several chunks.
  const streamed: Uint8Array[] = []
  const output = hydrationOutputOf(ssr)
  if (output) {
    const pull = output.pullChunk.bind(output)
    output.pullChunk = () => {
      const chunk = pull()
      streamed.push(chunk)
      return chunk
    }
  }

  return {
    /** SHA-256 of each script the router wrote, once the page is complete. */
    hashes(): string[] {
      const text = new TextDecoder().decode(Buffer.concat(streamed))
      for (const [, source = ''] of text.matchAll(streamedRecord)) sources.add(source)
      // Rendered by ScriptOnce, which adds its own removal.
      const scroll = getScrollRestorationScriptForRouter(router)
      if (scroll) sources.add(`${scroll};document.currentScript.remove()`)
      return [...sources].map(scriptHash)
    },
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** When rendering itself failed: a plain page, no scripts, same words as the error page. */
function renderFailurePage(requestId: string): RenderedPage {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title></head><body><main><h1>Unexpected Application Error!</h1><p>Something went wrong while loading this page. Please try again in a moment.</p><p><a href="/">Go back home</a></p><p><small>Request ${escapeHtml(requestId)}</small></p></main></body></html>`
  return {
    status: 500,
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...documentHeaders(),
    },
  }
}

export interface PageRendererDeps {
  /** Where the client build lives (its .vite/manifest.json). */
  distDir: string
  /** Absolute, no trailing slash. */
  siteUrl: string
  log: Logger
  /** A request-free tRPC context: pages only make public reads. */
  createContext: (requestId: string) => Context
  /** The site's router (client/router.tsx) by default; tests render routes of their own. */
  createRouter?: (options: CreateRouterOptions) => AnyRouter
}

/**
 * A matched route the server does not load (the admin, `ssr: false`) whose
 * params name nothing (its `staticData.unknownParams`): the answer is a 404,
 * as for any other unknown address, though the page is the frame.
 */
function unknownParams(router: AnyRouter): boolean {
  return router.stores.matches.get().some((match) => {
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId]
    return (
      route?.options.staticData?.unknownParams?.(match.params as Record<string, string>) ?? false
    )
  })
}

export function createPageRenderer(deps: PageRendererDeps): PageRenderer {
  const routerOf = deps.createRouter ?? createRouter
  const routes = routerOf({ siteUrl: deps.siteUrl })
  // Read (and checked) at once; the route ids come from the route modules, loaded already.
  const vite = readViteManifest(deps.distDir, deps.log)
  const fontFiles = fontFilesOf(vite)
  const manifest = loadRouterManifest(vite, routes).then((loaded): ServerManifest => {
    const styles = inlineStylesOf(loaded, deps.distDir, deps.log)
    return Object.keys(styles).length > 0 ? { ...loaded, inlineCss: { styles } } : loaded
  })
  const base = `${deps.siteUrl}/`
  // The theme script (client/routes/__root.tsx writes it into every page's head) is ours too.
  const manifestScripts = manifest.then((loaded) => [
    ...manifestInlineScripts(loaded),
    THEME_SCRIPT,
  ])

  async function render(path: string, options: { requestId?: string } = {}): Promise<RenderedPage> {
    const requestId = options.requestId ?? crypto.randomUUID()
    // In-process tRPC: the loaders' calls run the procedures directly (no HTTP,
    // no JSON over a socket), with the same validation and error shapes.
    const link = unstable_localLink({
      router: appRouter,
      createContext: async () => deps.createContext(requestId),
    })
    const url = new URL(path, base)
    const ownScripts = await manifestScripts
    const handle = createRequestHandler({
      request: new Request(url),
      createRouter: () =>
        routerOf({
          siteUrl: deps.siteUrl,
          trpc: (queryClient) => createTrpc(queryClient, [link]),
          accentStyle,
          themeScript: THEME_SCRIPT,
          fontFiles,
        }),
      getRouterManifest: () => manifest,
    })

    let routeError: unknown
    let scriptHashes: string[] = []
    let response: Response
    try {
      // Our own string render rather than renderRouterToString: a render that
      // throws reaches our logger and error page instead of a bare text 500.
      response = await handle(async ({ router, responseHeaders }) => {
        routeError = router.stores.matches.get().find((match) => match.status === 'error')?.error
        const scripts = captureRouterScripts(router, ownScripts)
        const body = renderToString(createElement(RouterServer, { router }))
        const html = await transformHtmlStringWithRouter(router, body)
        scriptHashes = scripts.hashes()
        return new Response(html, {
          status: unknownParams(router) ? 404 : getSsrStatus(router),
          headers: responseHeaders,
        })
      })
    } catch (error) {
      deps.log.error('page render failed', {
        request_id: requestId,
        path: url.pathname,
        ...errorDetails(error),
      })
      return renderFailurePage(requestId)
    }

    if (response.status >= 300 && response.status < 400) {
      // A route redirect (a project's former slug): no page, just where to go.
      const location = response.headers.get('location') ?? '/'
      return { status: response.status, html: '', headers: { location } }
    }
    if (routeError !== undefined) {
      deps.log.error('page load failed', {
        request_id: requestId,
        path: url.pathname,
        status: response.status,
        ...errorDetails(routeError),
      })
    }

    const html = await response.text()
    const headers: Record<string, string> = {}
    response.headers.forEach((value, key) => {
      headers[key] = value
    })
    if (html) Object.assign(headers, documentHeaders(scriptHashes))
    headers['cache-control'] =
      isPrivatePath(url.pathname) || response.status >= 500 ? 'no-store' : 'no-cache'
    return { status: response.status, html, headers }
  }

  return { render, addressOf: pageAddresses(routes) }
}

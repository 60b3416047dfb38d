/**
 * What a page references of the client build: the router's asset manifest
 * made from Vite's (which hashed script, stylesheet and route chunks each
 * route needs), the entry's boot script, and the stylesheets written into
 * the page.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type AnyRouter, rootRouteId } from '@tanstack/react-router'
import type { createRequestHandler } from '@tanstack/react-router/ssr/server'
import type { Logger } from '../../log'

export type ServerManifest = Awaited<
  ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>
>
type ManifestRoute = ServerManifest['routes'][string]

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

const clientDir = join(import.meta.dir, '..', '..', '..', 'client')

/**
 * The route file of a chunk with a route's screen or loader: one the router
 * plugin split from the route file
 * (`routes/projects/$slug.tsx?tsr-split=component`,
 * `routes/admin/index.tsx?tsr-split=component---loader`), or the route's
 * `.lazy.tsx` file (`routes/admin/index.lazy.tsx`, the screen of the route
 * `routes/admin/index.tsx` exports). The lazy file is not imported to find
 * its route: on the server it would load the admin's screens.
 */
function splitRouteFile(key: string): string | null {
  const [file, query] = key.split('?')
  if (!file) return null
  if (query === undefined)
    return /\.lazy\.tsx$/.test(file) ? file.replace(/\.lazy\.tsx$/, '.tsx') : null
  return query.includes('tsr-split=') && /component|loader/.test(query) ? file : null
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
 * `import()` of one module runs it once. With it come the entry's whole
 * stylesheets (`stylesheets`): the page's `<head>` holds only the rules its
 * own markup uses (critical-css.ts), and the app hydrates once they are in
 * (client/main.tsx). The page's own route chunks
 * (`routeChunksScript`) are imported with it, not modulepreloaded: Chromium
 * fetches a modulepreload's imports too, so a route chunk's link fetched the
 * entry beside the main image again (LCP 0.90 → 1.11–1.14 s in Lighthouse).
 */
export function entryBootScript(src: string, stylesheets: readonly string[] = []): string {
  const links = stylesheets.length
    ? `if(!document.querySelector("link[data-site-css]"))for(const href of ${JSON.stringify(stylesheets)}){const link=document.createElement("link");link.rel="stylesheet";link.href=href;link.dataset.siteCss="";document.head.append(link)}`
    : ''
  return [
    `const start=()=>{${links}import(${JSON.stringify(src)});for(const chunk of self.__routeChunks??[])import(chunk)}`,
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
export function manifestInlineScripts(
  manifest: ServerManifest,
  routeIds: Iterable<string> = Object.keys(manifest.routes),
): string[] {
  return [...routeIds].flatMap((routeId) =>
    (manifest.routes[routeId]?.scripts ?? []).flatMap((script) =>
      typeof script.children === 'string' && script.children !== '' ? [script.children] : [],
    ),
  )
}

/**
 * The router's asset manifest from Vite's: the entry's boot script and
 * stylesheet on the root route (no modulepreload of the entry: it is
 * fetched after the first paint, see `entryBootScript`), and each route's
 * own code-split chunks (an admin route's two: its loader's and its
 * `.lazy.tsx` screen's) and what they import beyond the entry noted on that
 * route in one script (`routeChunksScript`), so the browser fetches them
 * alongside the entry instead of after it, and not before the largest paint
 * either.
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
      scripts: [
        {
          attrs: { type: 'module' },
          children: entryBootScript(url(entry.file), (entry.css ?? []).map(url)),
        },
      ],
    },
  }
  const chunksOf = new Map<string, Set<string>>()
  for (const [key, chunk] of Object.entries(vite)) {
    const file = splitRouteFile(key)
    const routeId = file ? routeIds.get(file) : undefined
    if (!routeId) continue
    const own = [...staticImports(chunk.imports ?? [])].filter((dep) => !entryChunks.has(dep))
    const chunks = chunksOf.get(routeId) ?? new Set<string>()
    for (const chunkFile of [url(chunk.file), ...files(own)]) chunks.add(chunkFile)
    chunksOf.set(routeId, chunks)
    const css = (chunk.css ?? []).map(url)
    if (css.length > 0) {
      const route = routes[routeId] ?? {}
      route.css = [...(route.css ?? []), ...css]
      routes[routeId] = route
    }
  }
  for (const [routeId, chunks] of chunksOf) {
    const route = routes[routeId] ?? {}
    route.scripts = [
      ...(route.scripts ?? []),
      { attrs: { type: 'module' }, children: routeChunksScript([...chunks]) },
    ]
    routes[routeId] = route
  }
  return { routes }
}

/**
 * The public pages' scripts (client/lib/islands-document.ts): the island
 * loader from its own build's manifest (dist/.vite/islands.json,
 * vite.islands.config.ts), the app's entry and its stylesheets from the
 * app's. Null without both builds: the public pages are then the app, as the
 * admin is.
 */
export function readIslandsDocument(
  distDir: string,
  vite: ViteManifest,
  log: Logger,
): { loader: string; app: string; css: string[] } | null {
  const path = join(distDir, '.vite', 'islands.json')
  const entry = Object.values(vite).find((chunk) => chunk.isEntry)
  if (!existsSync(path) || !entry) {
    if (entry) log.warn('no islands build manifest: public pages hydrate as the app', { path })
    return null
  }
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
  if (!isViteManifest(parsed)) throw new Error(`${path} is not a Vite manifest.`)
  const loader = Object.values(parsed).find((chunk) => chunk.isEntry)
  if (!loader) throw new Error(`${path} names no entry.`)
  return {
    loader: `/${loader.file}`,
    app: `/${entry.file}`,
    css: (entry.css ?? []).map((file) => `/${file}`),
  }
}

/** Reads dist/.vite/manifest.json; without a client build, pages render without scripts. */
export function readViteManifest(distDir: string, log: Logger): ViteManifest {
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
 * every page's HTML, cut to the page's own rules when the build has the
 * critical-CSS plan (critical-css.ts). Today's is ~55 KB raw, ~10 KB gzip:
 * the public screens' utilities only (client/styles.css); the admin's come
 * in admin.css.
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

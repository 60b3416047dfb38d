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
 */ import type { AnyRoute, AnyRouter } from '@tanstack/react-router'
import {
  createRequestHandler,
  getSsrStatus,
  RouterServer,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server'
import { unstable_localLink } from '@trpc/client'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { THEME_SCRIPT } from '../../../client/lib/theme-script'
import { createApi } from '../../../client/lib/trpc-client'
import { type CreateRouterOptions, createRouter } from '../../../client/router'
import { accentStyle } from '../../../src/domain/accent'
import type { Appearance } from '../../../src/domain/appearance'
import type { ContactFormState } from '../../../src/domain/contact-form'
import type { NewsletterPageState } from '../../../src/domain/newsletter-page'
import type { Logger } from '../../log'
import { slugInTrash } from '../../services/trash'
import type { Context } from '../../trpc/context'
import { errorPageHtml, logFailure } from '../../trpc/errors'
import { appRouter } from '../../trpc/root'
import { documentHeaders, isPrivatePath, publicDocumentHeaders } from '../infra/headers'
import { pageAddresses } from './addresses'
import { type CriticalCss, criticalPlansPath, loadCriticalCss } from './critical-css'
import {
  inlineStylesOf,
  loadRouterManifest,
  manifestInlineScripts,
  readIslandsDocument,
  readViteManifest,
  type ServerManifest,
} from './manifest'
import { captureRouterScripts, ISLANDS_DOCUMENT_HASHES } from './scripts'

export interface RenderedPage {
  status: number
  html: string
  headers: Record<string, string>
}

export interface RenderOptions {
  requestId?: string
  /**
   * The contact form's token and the answer to its submission (server/http/pages/contact.ts):
   * a render with it is for one request, never kept.
   */
  contactForm?: ContactFormState
  /** The newsletter page's state (server/http/pages/newsletter.ts): a render for one request. */
  newsletterPage?: NewsletterPageState
  /**
   * The visitor's theme and whether their browser has the web fonts, from
   * their cookies (src/domain/appearance.ts), written onto <html>; none: the
   * default (the device's theme, the fallback faces).
   */
  appearance?: Appearance
}

export interface PageRenderer {
  /** Renders the page at this address (a path and the query parameters its routes read). */
  render: (address: string, options?: RenderOptions) => Promise<RenderedPage>
  /** The address a request's page is rendered and cached under: see `pageAddresses`. */
  addressOf: (url: URL) => string
}

/** When rendering itself failed: a plain page, no scripts, same words as the error page. */
function renderFailurePage(requestId: string): RenderedPage {
  return {
    status: 500,
    html: errorPageHtml(requestId),
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

/**
 * A 404 of an item's page (a route's `staticData.trashKind`) whose item is in the Trash: 410
 * Gone, with the same page. A site the item mentioned is sent a Webmention when it goes
 * (server/services/webmention-sending.ts); fetching the page again, it finds it gone and removes
 * the mention (the Webmention Recommendation's deleting). Read from the database like the rest
 * of the page, so the cached answer follows the content version a move to the Trash bumps.
 */
async function goneStatus(router: AnyRouter, context: Context): Promise<410 | null> {
  for (const match of router.stores.matches.get()) {
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId]
    const kind = route?.options.staticData?.trashKind
    const slug = (match.params as Record<string, string | undefined>).slug
    if (kind && slug && (await slugInTrash(context.db, kind, slug))) return 410
  }
  return null
}

export function createPageRenderer(deps: PageRendererDeps): PageRenderer {
  const routerOf = deps.createRouter ?? createRouter
  const routes = routerOf({ siteUrl: deps.siteUrl })
  // Read (and checked) at once; the route ids come from the route modules, loaded already.
  const vite = readViteManifest(deps.distDir, deps.log)
  // A public page is a document with islands (docs/decisions/0389); the admin and sign-in pages the app.
  const islandsDocument = readIslandsDocument(deps.distDir, vite, deps.log)
  let criticalCss: CriticalCss | null = null
  const manifest = loadRouterManifest(vite, routes).then((loaded): ServerManifest => {
    const styles = inlineStylesOf(loaded, deps.distDir, deps.log)
    criticalCss = loadCriticalCss(criticalPlansPath(deps.distDir), styles, deps.log)
    return Object.keys(styles).length > 0 ? { ...loaded, inlineCss: { styles } } : loaded
  })
  const base = `${deps.siteUrl}/`
  // The theme script (client/routes/__root.tsx writes it into every page's head) is ours too.
  const manifestScripts = manifest.then((loaded) => (routeIds: string[]) => [
    ...manifestInlineScripts(loaded, routeIds),
    THEME_SCRIPT,
  ])

  async function render(path: string, options: RenderOptions = {}): Promise<RenderedPage> {
    const requestId = options.requestId ?? crypto.randomUUID()
    // In-process tRPC: the loaders' calls run the procedures directly (no HTTP,
    // no JSON over a socket), with the same validation and error shapes.
    const link = unstable_localLink({
      router: appRouter,
      createContext: async () => deps.createContext(requestId),
    })
    const url = new URL(path, base)
    const islands = isPrivatePath(url.pathname) ? undefined : (islandsDocument ?? undefined)
    const ownScripts = await manifestScripts
    const handle = createRequestHandler({
      request: new Request(url),
      createRouter: () =>
        routerOf({
          siteUrl: deps.siteUrl,
          api: createApi([link]),
          accentStyle,
          // A public page runs nothing before its first paint: its <html> carries the theme.
          themeScript: islands ? undefined : THEME_SCRIPT,
          appearance: options.appearance,
          contactForm: options.contactForm,
          newsletterPage: options.newsletterPage,
          islands,
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
        const scripts = islands ? null : captureRouterScripts(router, ownScripts)
        const body = renderToString(createElement(RouterServer, { router }))
        let html: string
        if (!scripts) {
          // No router bootstrap and no loader data: nothing hydrates the page as a whole.
          html = `<!DOCTYPE html>${body}`
          router.serverSsr?.cleanup()
          scriptHashes = [...ISLANDS_DOCUMENT_HASHES]
        } else {
          html = await transformHtmlStringWithRouter(router, body)
          scriptHashes = scripts.hashes()
        }
        const status = unknownParams(router) ? 404 : getSsrStatus(router)
        return new Response(html, {
          status:
            status === 404
              ? ((await goneStatus(router, deps.createContext(requestId))) ?? status)
              : status,
          headers: responseHeaders,
        })
      })
    } catch (error) {
      logFailure(error, { log: deps.log, requestId }, { status: 500, path: url.pathname })
      return renderFailurePage(requestId)
    }

    if (response.status >= 300 && response.status < 400) {
      // A route redirect (a project's former slug): no page, just where to go.
      const location = response.headers.get('location') ?? '/'
      return { status: response.status, html: '', headers: { location } }
    }
    if (routeError !== undefined) {
      logFailure(
        routeError,
        { log: deps.log, requestId },
        { status: response.status, path: url.pathname },
      )
    }

    const rendered = await response.text()
    const html = criticalCss ? criticalCss.apply(rendered) : rendered
    const headers: Record<string, string> = {}
    response.headers.forEach((value, key) => {
      headers[key] = value
    })
    const isPrivate = isPrivatePath(url.pathname)
    if (html)
      Object.assign(headers, (isPrivate ? documentHeaders : publicDocumentHeaders)(scriptHashes))
    // Every public page advertises the Webmention endpoint (also as <link rel="webmention">).
    if (html && !isPrivate) headers.link = '</webmention>; rel="webmention"'
    headers['cache-control'] = isPrivate || response.status >= 500 ? 'no-store' : 'no-cache'
    return { status: response.status, html, headers }
  }

  return { render, addressOf: pageAddresses(routes) }
}

import { type Appearance, appearanceKey, appearanceOf } from '../../../src/domain/appearance'
import type { Logger } from '../../log'
import type { Context } from '../../trpc/context'
import type { ResponseCache } from '../infra/cache/response-cache'
import { compressedForRequest } from '../infra/compress'
import { isPrivatePath } from '../infra/headers'
import { canonicalPath } from './canonical-path'
import { CONTACT_PATH, createContactPage } from './contact'
import { createNewsletterPage } from './newsletter'
import { THEME_SCRIPT_HASH } from './scripts'
import { createPageRenderer } from './ssr'
import { createStaticHandler } from './static'

export interface PageOptions {
  distDir: string
  siteUrl: string
  /** Render pages on the server; off: the client-rendered app shell. */
  ssr: boolean
  cache: ResponseCache
  log: Logger
  /** The context pages read public content with (no token, no client address). */
  publicContext: (requestId: string) => Context
}

/**
 * GET and HEAD of anything that is not an API or a file the server makes:
 * a built file, or a page (server-rendered and cached, or the app shell).
 */
export function createPageHandler(options: PageOptions) {
  // The shell (client/index.html) carries the theme's head script, like every rendered page.
  const serveStatic = createStaticHandler(options.distDir, [THEME_SCRIPT_HASH])
  const renderer = options.ssr
    ? createPageRenderer({
        distDir: options.distDir,
        siteUrl: options.siteUrl,
        log: options.log,
        createContext: options.publicContext,
      })
    : null

  /**
   * The cache key of a public page: its address (the path and the query
   * parameters its routes read). The same page for everyone, signed in or
   * not: pages read public content only, never the token. Undefined: the
   * admin frame and the login page, never kept.
   */
  const cacheKey = (url: URL): string | undefined =>
    renderer && !isPrivatePath(url.pathname) && url.pathname !== CONTACT_PATH
      ? renderer.addressOf(url)
      : undefined
  /**
   * What of the request's cookies a page is made from, added to its cache key:
   * the visitor's theme and whether the fonts are cached (src/domain/appearance.ts).
   */
  const variantOf = (cookie: string | null): string => appearanceKey(appearanceOf(cookie))
  const appearanceOfRequest = (request: Request): Appearance =>
    appearanceOf(request.headers.get('cookie'))
  const contact = createContactPage({ log: options.log, publicContext: options.publicContext })

  /**
   * The answer at this address; `keep: false`: never from or into the cache
   * (the 404 of an unknown share link, an address a new link may take).
   */
  const handle = async (
    request: Request,
    vary: string | undefined,
    requestId: string,
    { keep = true }: { keep?: boolean } = {},
  ) => {
    const url = new URL(request.url)
    // Another spelling of a page's address: to the one that is rendered, cached and counted.
    const canonical = canonicalPath(url.pathname)
    if (canonical !== null) {
      return new Response(null, {
        status: 301,
        headers: { location: `${canonical}${url.search}`, 'cache-control': 'no-store' },
      })
    }
    const file = serveStatic.file(url.pathname, request)
    if (file) return file
    if (!renderer) return serveStatic.shell(url.pathname)
    const address = keep ? cacheKey(url) : undefined
    const appearance = appearanceOfRequest(request)
    // One entry per address and appearance (the `#…` the fast path adds too: ../routes.ts).
    const key = address === undefined ? undefined : address + appearanceKey(appearance)
    // A public page is rendered at its address, so the entry is what that address shows.
    const path = address ?? `${url.pathname}${url.search}`
    const produce = async () => {
      // The contact page: a form token of its own each time (server/http/pages/contact.ts).
      const contactForm =
        url.pathname === CONTACT_PATH ? { token: await contact.token(requestId) } : undefined
      const page = await renderer.render(path, { requestId, contactForm, appearance })
      return new Response(page.html || null, { status: page.status, headers: page.headers })
    }
    if (key === undefined) {
      const response = await produce()
      if (request.method !== 'HEAD') return compressedForRequest(request, response)
      return new Response(null, { status: response.status, headers: response.headers })
    }
    return options.cache.respond(request, { key, produce, vary })
  }

  /**
   * The contact form's submission (without script; with script it sends in place):
   * the page again, with the outcome, a new form token and, after a failure,
   * what was typed. `context`: the request's own (its client address).
   */
  const sendMessage = async (request: Request, context: Context, requestId: string) => {
    if (!renderer) return new Response(null, { status: 303, headers: { location: CONTACT_PATH } })
    const sent = await contact.send(request, context, requestId)
    const token = await contact.token(requestId)
    const page = await renderer.render(CONTACT_PATH, {
      requestId,
      contactForm: { ...sent.state, token },
      appearance: appearanceOfRequest(request),
    })
    return compressedForRequest(
      request,
      new Response(page.html || null, {
        status: page.status === 200 ? sent.status : page.status,
        headers: { ...page.headers, 'cache-control': 'no-store' },
      }),
    )
  }

  const newsletter = createNewsletterPage({
    log: options.log,
    publicContext: options.publicContext,
  })

  /**
   * The newsletter's pages (server/http/pages/newsletter.ts): a GET shows the
   * form or the link's button, a POST does what it says and shows the outcome.
   * Never kept: each carries a token of its own.
   */
  const newsletterPage = async (request: Request, context: () => Context, requestId: string) => {
    const url = new URL(request.url)
    const answer =
      request.method === 'POST'
        ? await newsletter.post(request, context(), requestId)
        : await newsletter.show(url, requestId)
    if (!renderer) return Response.json({ state: answer.state }, { status: answer.status })
    // One route draws the three pages (client/routes/newsletter.tsx); the state says which.
    const page = await renderer.render('/newsletter', {
      requestId,
      newsletterPage: answer.state,
      appearance: appearanceOfRequest(request),
    })
    const headers = new Headers(page.headers)
    headers.set('cache-control', 'no-store')
    const status = page.status === 200 ? answer.status : page.status
    return compressedForRequest(
      request,
      new Response(request.method === 'HEAD' ? null : page.html || null, { status, headers }),
    )
  }

  return { handle, cacheKey, variantOf, sendMessage, newsletterPage }
}

import type { Logger } from '../log'
import type { Context } from '../trpc/context'
import type { ResponseCache } from './cache/response-cache'
import { isPrivatePath } from './headers'
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
  const serveStatic = createStaticHandler(options.distDir)
  const render = options.ssr
    ? createPageRenderer({
        distDir: options.distDir,
        siteUrl: options.siteUrl,
        log: options.log,
        createContext: options.publicContext,
      })
    : null

  return async (request: Request, vary: string | undefined, requestId: string) => {
    const url = new URL(request.url)
    const file = serveStatic.file(url.pathname, request)
    if (file) return file
    if (!render) return serveStatic.shell(url.pathname)
    const path = `${url.pathname}${url.search}`
    const produce = async () => {
      const page = await render(path, { requestId })
      return new Response(page.html || null, { status: page.status, headers: page.headers })
    }
    // The admin frame and the login page are never kept; a signed-in request bypasses the cache.
    if (isPrivatePath(url.pathname) || request.headers.has('authorization')) {
      const response = await produce()
      if (request.method !== 'HEAD') return response
      return new Response(null, { status: response.status, headers: response.headers })
    }
    return options.cache.respond(request, { key: path, produce, vary })
  }
}

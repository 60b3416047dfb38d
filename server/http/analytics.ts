/**
 * Which answers are page views, and what of the request is counted
 * (server/services/analytics.ts keeps the counts).
 *
 * A view: a GET of a public page answered 200 with HTML, or 304 (the
 * browser revalidated a page it holds) for an address last answered 200,
 * from the cache or rendered. Not a view: HEAD and other methods, 404s and
 * other statuses, files (a last segment with a dot: scripts, images,
 * /sitemap.xml, /cv.pdf), the API and tRPC doors, /og/, /media/, the
 * redirect of /r/{code} (the page it leads to is the view), the admin area
 * and /login; requests from bots (the `isbot` list, and no User-Agent at
 * all); the owner's own requests: a valid bearer token, or the device
 * cookie a browser gets when it signs in (server/http/device-cookie.ts).
 */
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import { analyticsCsv } from '../../src/domain/analytics-csv'
import { deviceClass } from '../../src/domain/device-class'
import { errorResponse } from '../rest/adapter'
import type { Analytics } from '../services/analytics'
import { shareCodePattern } from '../services/share-links'
import type { Context } from '../trpc/context'
import type { createCaller } from '../trpc/root'
import { clientIp, type PeerAddress } from './client-address'
import { DEVICE_COOKIE } from './device-cookie'
import { isPrivatePath } from './headers'

export interface PageViewOptions {
  analytics: Analytics
  /** The site's public origin: a referrer on its host is the site itself. */
  siteUrl: string
  trustProxy: number
  peerOf: PeerAddress
  /** Whether an Authorization header is a valid session's (the owner's request). */
  isSignedIn: (authorization: string) => Promise<boolean>
}

const MAX_PATH = 300
const notPages = /^\/(api|trpc|og|media|assets|r|internal)(\/|$)/

/** The host a Referer names, '' when none, not a URL, or one of this site's hosts. */
export function referrerHostOf(referer: string | null, ownHosts: readonly string[]): string {
  if (!referer) return ''
  let host: string
  try {
    const url = new URL(referer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    host = url.hostname.toLowerCase()
  } catch {
    return ''
  }
  if (ownHosts.includes(host)) return ''
  return host.replace(/^www\./, '').slice(0, 253)
}

/** `DNT: 1` or `Sec-GPC: 1`: the visitor asked not to be tracked. */
export function optedOut(headers: Headers): boolean {
  return headers.get('dnt')?.trim() === '1' || headers.get('sec-gpc')?.trim() === '1'
}

export function createPageViewCounter(options: PageViewOptions) {
  const { analytics, trustProxy, peerOf } = options
  const siteHost = new URL(options.siteUrl).hostname.toLowerCase()
  /** isbot's expression is long; a site sees few distinct User-Agents. */
  const bots = new LRUCache<string, boolean>({ max: 2_000 })
  /** Whether each address was last answered 200 with HTML, for its 304s. */
  const pages = new LRUCache<string, boolean>({ max: 2_000 })

  const isBot = (userAgent: string) => {
    let bot = bots.get(userAgent)
    if (bot === undefined) {
      bot = isbot(userAgent)
      bots.set(userAgent, bot)
    }
    return bot
  }

  function isPageAnswer(response: Response, path: string): boolean {
    if (response.status === 304) return pages.get(path) === true
    const html = response.headers.get('content-type')?.startsWith('text/html') === true
    pages.set(path, response.status === 200 && html)
    return response.status === 200 && html
  }

  function count(request: Request, url: URL, userAgent: string): void {
    const { headers } = request
    const ref = url.searchParams.get('ref')
    analytics.record({
      path: url.pathname,
      referrerHost: referrerHostOf(headers.get('referer'), [siteHost, hostOf(headers)]),
      device: deviceClass(userAgent),
      shareCode: ref && shareCodePattern.test(ref) ? ref : null,
      ip: clientIp(request, peerOf(request), trustProxy),
      userAgent,
      optedOut: optedOut(headers),
    })
  }

  /** Called with every answer the app gives; counts the page views among them. */
  return (request: Request, response: Response): void => {
    if (request.method !== 'GET') return
    const status = response.status
    if (status !== 200 && status !== 304 && status !== 404) return
    const url = new URL(request.url)
    const path = url.pathname
    if (path.length > MAX_PATH || notPages.test(path) || isPrivatePath(path)) return
    if (path.slice(path.lastIndexOf('/')).includes('.')) return
    if (!isPageAnswer(response, path)) return
    const { headers } = request
    const userAgent = headers.get('user-agent')?.slice(0, 512) ?? ''
    if (!userAgent || isBot(userAgent)) return
    if (headers.get('cookie')?.includes(`${DEVICE_COOKIE}=`)) return
    const authorization = headers.get('authorization')
    if (!authorization) {
      count(request, url, userAgent)
      return
    }
    // Rare (an API client reading a page with its token): checked off the answer's path.
    void options.isSignedIn(authorization).then(
      (signedIn) => {
        if (!signedIn) count(request, url, userAgent)
      },
      () => count(request, url, userAgent),
    )
  }
}

function hostOf(headers: Headers): string {
  return (headers.get('host') ?? '').replace(/:\d+$/, '').toLowerCase()
}

/**
 * `GET /api/analytics.csv?days=N`: the summary of `GET /api/analytics` as
 * CSV, through the same procedure (the same sign-in check, validation and
 * errors, answered as JSON), for a download.
 */
export async function analyticsCsvResponse(
  request: Request,
  caller: ReturnType<typeof createCaller>,
  ctx: Pick<Context, 'log' | 'requestId' | 'now'>,
): Promise<Response> {
  const days = new URL(request.url).searchParams.get('days') ?? undefined
  try {
    const summary = await caller.analytics.summary({ days: days as unknown as number })
    const today = ctx.now().toISOString().slice(0, 10)
    return new Response(analyticsCsv(summary), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="analytics-${today}-${summary.daily.length}d.csv"`,
        'cache-control': 'no-store',
      },
    })
  } catch (error) {
    return errorResponse(error, ctx)
  }
}

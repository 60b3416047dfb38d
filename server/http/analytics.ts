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
import { analyticsCsv } from '../../src/domain/analytics-csv'
import { type DeviceClass, deviceClass } from '../../src/domain/device-class'
import { errorResponse } from '../rest/adapter'
import type { Analytics } from '../services/analytics'
import { shareCodePattern } from '../services/share-links'
import type { Context } from '../trpc/context'
import type { createCaller } from '../trpc/root'
import { clientIp, type PeerAddress, type ProxyTrust } from './client-address'
import { DEVICE_COOKIE } from './device-cookie'
import { isPrivatePath } from './headers'

export interface PageViewOptions {
  analytics: Analytics
  /** The site's public origin: a referrer on its host is the site itself. */
  siteUrl: string
  trustProxy: ProxyTrust
  peerOf: PeerAddress
  /** Whether an Authorization header is a valid session's (the owner's request). */
  isSignedIn: (authorization: string) => Promise<boolean>
}

const MAX_PATH = 300
const notPages = /^\/(api|trpc|og|covers|media|assets|r|internal)(\/|$)/

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

/** A Map that forgets everything past `max` entries: a memo, cheaper per hit than an LRU. */
function memo<V>(max: number) {
  const map = new Map<string, V>()
  return {
    get: (key: string) => map.get(key),
    set(key: string, value: V) {
      if (map.size >= max) map.clear()
      map.set(key, value)
    },
  }
}

/** What the address alone says: the page's path and `?ref=`, or null when it is no page. */
interface Address {
  path: string
  shareCode: string | null
}

/** The path and share code of a page address; null for anything that cannot be a page view. */
function addressOf(href: string): Address | null {
  const url = new URL(href)
  const path = url.pathname
  if (path.length > MAX_PATH || notPages.test(path) || isPrivatePath(path)) return null
  if (path.slice(path.lastIndexOf('/')).includes('.')) return null
  const ref = url.search ? url.searchParams.get('ref') : null
  return { path, shareCode: ref && shareCodePattern.test(ref) ? ref : null }
}

export function createPageViewCounter(options: PageViewOptions) {
  const { analytics, trustProxy, peerOf } = options
  const siteHost = new URL(options.siteUrl).hostname.toLowerCase()
  // Per request, the counter reads these memos instead of parsing again: a
  // site sees few distinct addresses and User-Agents (each memo is emptied
  // when full). Measured in-process on a cached page: 1.3 µs per view.
  const addresses = memo<Address | null>(5_000)
  /** isbot's expression is long, the device class three more. */
  const agents = memo<DeviceClass | 'bot'>(2_000)
  /** Whether each path was last answered 200 with HTML, for its 304s. */
  const pages = memo<boolean>(5_000)

  const agentOf = (userAgent: string): DeviceClass | 'bot' => {
    let agent = agents.get(userAgent)
    if (agent === undefined) {
      agent = isbot(userAgent) ? 'bot' : deviceClass(userAgent)
      agents.set(userAgent, agent)
    }
    return agent
  }

  function isPageAnswer(response: Response, path: string): boolean {
    if (response.status === 304) return pages.get(path) === true
    const page =
      response.status === 200 &&
      response.headers.get('content-type')?.startsWith('text/html') === true
    if (pages.get(path) !== page) pages.set(path, page)
    return page
  }

  function count(request: Request, address: Address, userAgent: string, device: DeviceClass) {
    const { headers } = request
    const referer = headers.get('referer')
    analytics.record({
      path: address.path,
      referrerHost: referer ? referrerHostOf(referer, [siteHost, hostOf(headers)]) : '',
      device,
      shareCode: address.shareCode,
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
    const href = request.url
    let address = addresses.get(href)
    if (address === undefined) {
      address = addressOf(href)
      addresses.set(href, address)
    }
    if (address === null || !isPageAnswer(response, address.path)) return
    const { headers } = request
    const userAgent = headers.get('user-agent')?.slice(0, 512) ?? ''
    if (!userAgent) return
    const agent = agentOf(userAgent)
    if (agent === 'bot') return
    if (headers.get('cookie')?.includes(`${DEVICE_COOKIE}=`)) return
    const authorization = headers.get('authorization')
    if (!authorization) {
      count(request, address, userAgent, agent)
      return
    }
    // Rare (an API client reading a page with its token): checked off the answer's path.
    const known = address
    void options.isSignedIn(authorization).then(
      (signedIn) => {
        if (!signedIn) count(request, known, userAgent, agent)
      },
      () => count(request, known, userAgent, agent),
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

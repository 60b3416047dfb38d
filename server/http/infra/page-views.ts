/**
 * Which answers are page views, and what of the request is counted
 * (server/services/analytics.ts keeps the counts).
 *
 * A view: a GET of a public page answered 200 with HTML, or 304 (the
 * browser revalidated a page it holds) for an address last answered 200,
 * from the cache or rendered. Not a view: HEAD and other methods, 404s and
 * other statuses, files (a last segment with a dot: scripts, images),
 * every route the route table (server/http/routes.ts) does not declare
 * `analytics: 'page'` (the API and tRPC doors, /og/, /media/, the SEO and
 * CV files, the redirect of /r/{code}: the page it leads to is the view), the admin area
 * and /login; requests from bots (the `isbot` list, and no User-Agent at
 * all); the owner's own requests: a valid bearer token, or the device
 * cookie a browser gets when it signs in (server/http/infra/device-cookie.ts).
 *
 * A page the browser fetched ahead (Speculation Rules: prefetched or
 * prerendered on a hover: the rules in
 * client/lib/islands-document.ts) is not a view when it is fetched: its
 * request says so (`Sec-Purpose: prefetch`, `prefetch;prerender`; older
 * Chromium: `Purpose: prefetch`), and it may never be shown. When it is
 * shown, the page's island loader sends a HEAD of its own address with
 * `X-Page-View: activated` (client/islands/loader.ts): that is the view, with
 * the same rules (its status, its address, the owner's cookie, a bot).
 */
import { isbot } from 'isbot'
import { type DeviceClass, deviceClass } from '../../../src/domain/device-class'
import type { Analytics } from '../../services/analytics'
import { shareCodePattern } from '../../services/share-links'
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
  /** Whether the route answering this path declares its answers page views (server/http/routes.ts). */
  isPageRoute: (path: string) => boolean
}

const MAX_PATH = 300

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

/** A request the browser made ahead of a navigation that may never come (Speculation Rules). */
export function isSpeculative(headers: Headers): boolean {
  const purpose = headers.get('sec-purpose') ?? headers.get('purpose')
  return purpose?.toLowerCase().includes('prefetch') === true
}

/** The island loader's word that a page fetched ahead is now shown (client/islands/loader.ts). */
export function isActivation(request: Request): boolean {
  return request.method === 'HEAD' && request.headers.get('x-page-view') === 'activated'
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
function addressOf(href: string, isPageRoute: (path: string) => boolean): Address | null {
  const url = new URL(href)
  const path = url.pathname
  if (path.length > MAX_PATH || isPrivatePath(path) || !isPageRoute(path)) return null
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
    // A visitor who opted out is not hashed, so their address is not even read.
    const opted = optedOut(headers)
    analytics.record({
      path: address.path,
      referrerHost: referer ? referrerHostOf(referer, [siteHost, hostOf(headers)]) : '',
      device,
      shareCode: address.shareCode,
      ip: opted ? '' : clientIp(request, peerOf(request), trustProxy),
      userAgent,
      optedOut: opted,
    })
  }

  /** Called with every answer the app gives; counts the page views among them. */
  return (request: Request, response: Response): void => {
    if (request.method !== 'GET' && !isActivation(request)) return
    if (isSpeculative(request.headers)) return
    const status = response.status
    if (status !== 200 && status !== 304 && status !== 404 && status !== 410) return
    const href = request.url
    let address = addresses.get(href)
    if (address === undefined) {
      address = addressOf(href, options.isPageRoute)
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

import { isHttps, type PeerAddress, type ProxyTrust, trustsAnyProxy } from './client-address'
import { corsHeaders } from './cors'

/**
 * The policy of an HTML page. Scripts come only from our own origin; images
 * may be linked from any https host because the admin enters external image
 * URLs.
 */
function policy(scriptSources: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The policy of every answer that is not an HTML page (JSON, scripts,
 * images): a browser that opens one as a document (an SVG, say) runs
 * nothing from it and lets nobody frame it. The OWASP REST recommendation.
 */
export const resourceContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

/**
 * The policy of a server-rendered page: also allows exactly the inline
 * scripts the router wrote into that page (its bootstrap, the dehydrated
 * state, scroll restoration), by their SHA-256 hashes, taken from the
 * router's output as it was made (server/http/pages/ssr.ts), never by reading the
 * page: a script that found its way into the content is not allowed.
 * Hashes rather than a nonce: the header
 * follows from the HTML alone, so a rendered page can be cached, served
 * again and revalidated with an ETag together with its header, where a
 * nonce would have to change with every response.
 */
export function pageContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return policy(scriptHashes.map((hash) => `'sha256-${hash}'`))
}

/** Headers every response carries, pages, API, files and errors alike. */
export function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': resourceContentSecurityPolicy,
    'x-content-type-options': 'nosniff',
  }
}

/**
 * The browser features a page of this site never uses, turned off for the
 * page and anything it might embed: should a script ever slip in, it cannot
 * ask for the camera, the microphone, the position, a payment or a USB
 * device, and the page is kept out of interest-based ad cohorts. Only
 * features Chromium knows: an unknown one is a console warning on every page.
 */
export const permissionsPolicy = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
  'display-capture=()',
  'serial=()',
  'hid=()',
].join(', ')

/**
 * What an HTML page adds to them: its own policy (replacing the resource
 * one), and the headers that only mean something for a document.
 */
export function documentHeaders(scriptHashes: readonly string[] = []): Record<string, string> {
  return {
    ...publicDocumentHeaders(scriptHashes),
    'cross-origin-opener-policy': 'same-origin',
  }
}

/**
 * A public page's document headers: all of them but
 * `Cross-Origin-Opener-Policy`. A public page holds nothing that differs by
 * visitor, and the header makes Chromium open it in a renderer process of its
 * own when the page before it had none (Lighthouse's `about:blank`, a link
 * from most sites, and on Android any site): 30–50 ms of the page's start-up
 * on that process's main thread, after its first paint
 * (docs/decisions/0427-the-loader-after-the-first-paint-and-public-pages-without-coop.md).
 * The admin, the sign-in and set-up screens and the API's page keep it.
 */
export function publicDocumentHeaders(
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  return {
    'content-security-policy': pageContentSecurityPolicy(scriptHashes),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': permissionsPolicy,
  }
}

/** Paths whose answers are never cached: the API doors and the admin screens. */
export function isPrivatePath(path: string): boolean {
  return (
    path.startsWith('/api') ||
    path.startsWith('/trpc') ||
    path === '/healthz' ||
    path === '/login' ||
    path === '/setup' ||
    path === '/admin' ||
    path.startsWith('/admin/')
  )
}

export interface RequestHeaderSettings {
  corsOrigins: readonly string[]
  trustProxy: ProxyTrust
  /** The socket's peer: whether X-Forwarded-Proto is believed may depend on it. */
  peerOf?: PeerAddress
}

/**
 * What every answer to this request carries on top of its own headers: its
 * request id, CORS for an allowed origin, HSTS over HTTPS. One function for
 * the answers from the cache's fast path and the ones made the long way, so
 * both carry the same. CORS's `Vary: Origin` comes apart: an answer that
 * varies by encoding too merges the two.
 */
export function requestHeaders(
  request: Request,
  settings: RequestHeaderSettings,
  requestId: string,
): { headers: Record<string, string>; vary: string | undefined } {
  const headers: Record<string, string> = { 'x-request-id': requestId }
  let vary: string | undefined
  // Most requests carry no Origin (a page, a same-origin read): no CORS object made for them.
  if (settings.corsOrigins.length > 0 && request.headers.has('origin')) {
    const cors = corsHeaders(request, settings.corsOrigins)
    for (const name in cors) {
      if (name === 'vary') vary = cors[name]
      else headers[name] = cors[name] as string
    }
  }
  // The socket's peer only when a proxy may be believed: Bun's requestIP costs
  // about 2 µs, a tenth of a cached answer, and TRUST_PROXY=0 never needs it.
  const peer = trustsAnyProxy(settings.trustProxy) ? (settings.peerOf?.(request) ?? null) : null
  if (isHttps(request, settings.trustProxy, peer)) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  }
  return { headers, vary }
}

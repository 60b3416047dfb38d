/**
 * Who is asking, as far as the network says: the client's address and
 * whether it used HTTPS. Behind trusted reverse proxies (TRUST_PROXY) their
 * X-Forwarded-* headers are believed; otherwise the socket's.
 */

import type { Logger } from '../log'

type Server = Bun.Server<unknown>

/**
 * The address at the other end of a request's socket: the client, or the
 * nearest proxy. Null when there is no socket (`app.handle` in tests, which
 * inject their own).
 */
export type PeerAddress = (request: Request) => string | null

/** The peer address as Bun's server sees it, once the server listens. */
export function socketPeerAddress(server: () => Server | null | undefined): PeerAddress {
  return (request) => server()?.requestIP(request)?.address ?? null
}

/**
 * The client's address. X-Forwarded-For is read only behind trusted proxies,
 * and then from the right: the entry the nearest trusted proxy appended. A
 * client forging the header only adds entries further left.
 */
export function clientIp(request: Request, peer: string | null, trustProxy: number): string {
  if (trustProxy > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const entry = forwarded[forwarded.length - trustProxy]
    if (entry) return entry
  }
  return peer ?? 'unknown'
}

/** The headers a reverse proxy adds to say whom it relays. */
export const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

/** The first forwarding header a request carries, if any. */
export function forwardingHeaderOf(request: Request): string | undefined {
  return forwardingHeaders.find((name) => request.headers.has(name))
}

/**
 * A loopback, private (RFC 1918, IPv6 unique local) or link-local address,
 * IPv4-mapped or not: where a reverse proxy on the same host or network
 * connects from.
 */
export function isPrivateAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '')
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(a)
  if (v4) {
    const [first, second] = [Number(v4[1]), Number(v4[2])]
    return (
      first === 127 ||
      first === 10 ||
      (first === 172 && second >= 16 && second <= 31) ||
      (first === 192 && second === 168) ||
      (first === 169 && second === 254)
    )
  }
  return a === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(a) || /^fe[89ab][0-9a-f]?:/.test(a)
}

/**
 * Warns once (per server, so once per process) when requests carry a
 * forwarding header from a loopback or private address while TRUST_PROXY is
 * 0: the server is behind a reverse proxy that it does not know about, so
 * every client gets the proxy's address and one of them can use up the
 * per-IP limits for all. A forwarding header from a public address proves
 * nothing (any client can send one) and is left alone.
 */
export function createProxyWarning(trustProxy: number, peerOf: PeerAddress, log: Logger) {
  let warned = trustProxy > 0
  return (request: Request): void => {
    if (warned) return
    const header = forwardingHeaderOf(request)
    if (!header) return
    const peer = peerOf(request)
    if (peer === null || !isPrivateAddress(peer)) return
    warned = true
    log.warn(
      'Requests arrive through a reverse proxy, but TRUST_PROXY is 0: every client has the proxy’s address, so one client can use up the per-IP sign-in and contact limits for everyone. Set TRUST_PROXY to the number of proxies in front of the server (1 for a single nginx, Caddy or Traefik).',
      { peer, header },
    )
  }
}

/** HTTPS as the client sees it: the URL's scheme, or a trusted proxy's X-Forwarded-Proto. */
export function isHttps(request: Request, trustProxy: number): boolean {
  if (request.url.startsWith('https:')) return true
  return (
    trustProxy > 0 && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  )
}

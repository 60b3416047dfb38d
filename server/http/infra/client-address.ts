/**
 * Who is asking, as far as the network says: the client's address and
 * whether it used HTTPS. Behind trusted reverse proxies (TRUST_PROXY) their
 * X-Forwarded-* headers are believed; otherwise the socket's.
 */

import { BlockList, isIP } from 'node:net'
import type { Logger } from '../../log'

/**
 * Which reverse proxies are believed (`TRUST_PROXY`): a number of hops
 * (whoever connects is believed, and the entry that many from the right of
 * X-Forwarded-For is the client), or the proxies' own addresses and CIDR
 * ranges (only a connection from one of them is believed; X-Forwarded-For
 * is read from the right, past every listed proxy, to the first address
 * that is not one). 0 or an empty list: none.
 */
export type ProxyTrust = number | readonly string[]

const lists = new WeakMap<readonly string[], BlockList>()

/** The listed proxies as a BlockList (node:net's address and subnet matcher), made once per list. */
function proxyList(entries: readonly string[]): BlockList {
  let list = lists.get(entries)
  if (!list) {
    list = new BlockList()
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/')
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      if (prefix === undefined) list.addAddress(address, type)
      else list.addSubnet(address, Number(prefix), type)
    }
    lists.set(entries, list)
  }
  return list
}

/** Whether `address` is one of the listed proxies (IPv4-mapped IPv6 matches its IPv4 form). */
function isListedProxy(entries: readonly string[], address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  const version = isIP(plain)
  if (version === 0) return false
  return proxyList(entries).check(plain, version === 6 ? 'ipv6' : 'ipv4')
}

/** Whether any proxy is trusted at all. */
export function trustsAnyProxy(trust: ProxyTrust): boolean {
  return typeof trust === 'number' ? trust > 0 : trust.length > 0
}

/** Whether the peer's forwarding headers are believed. */
export function trustsPeer(trust: ProxyTrust, peer: string | null): boolean {
  if (typeof trust === 'number') return trust > 0
  return peer !== null && isListedProxy(trust, peer)
}

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
 * The client's address. X-Forwarded-For is read only behind trusted
 * proxies, and then from the right: the entry the nearest trusted proxy
 * appended. A client forging the header only adds entries further left.
 * With a list of proxies, a client connecting directly (not from a listed
 * address) is its socket's address whatever it sends.
 */
export function clientIp(request: Request, peer: string | null, trust: ProxyTrust): string {
  if (!trustsPeer(trust, peer)) return peer ?? 'unknown'
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (typeof trust === 'number') {
    const entry = forwarded[forwarded.length - trust]
    return entry && isIP(entry) ? entry : (peer ?? 'unknown')
  }
  // Past every listed proxy, from the right: the first address that is not one is the client.
  // A value that is not an IP address ends the walk: the last proxy seen is the answer.
  let nearest = peer ?? 'unknown'
  for (let index = forwarded.length - 1; index >= 0; index--) {
    const entry = forwarded[index] ?? ''
    if (!isIP(entry)) return nearest
    if (!isListedProxy(trust, entry)) return entry
    nearest = entry
  }
  return nearest
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
export function createProxyWarning(trust: ProxyTrust, peerOf: PeerAddress, log: Logger) {
  let warned = trustsAnyProxy(trust)
  return (request: Request): void => {
    if (warned) return
    const header = forwardingHeaderOf(request)
    if (!header) return
    const peer = peerOf(request)
    if (peer === null || !isPrivateAddress(peer)) return
    warned = true
    log.warn(
      'Requests arrive through a reverse proxy, but TRUST_PROXY trusts none: every client has the proxy’s address, so one client can use up the per-IP sign-in and contact limits for everyone. Set TRUST_PROXY to the proxies’ addresses (127.0.0.1 for a nginx, Caddy or Traefik on the same host; the peer address below for this one), or to their number.',
      { peer, header },
    )
  }
}

/** HTTPS as the client sees it: the URL's scheme, or a trusted proxy's X-Forwarded-Proto. */
export function isHttps(request: Request, trust: ProxyTrust, peer: string | null): boolean {
  if (request.url.startsWith('https:')) return true
  return (
    trustsPeer(trust, peer) &&
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  )
}

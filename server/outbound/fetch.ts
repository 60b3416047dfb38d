/**
 * The one way to fetch from outside (a Webmention's source, a remote actor, a citation API):
 * every answer from there is untrusted. `outboundFetch`:
 *
 * - takes http(s) URLs only, without credentials in them;
 * - resolves the host itself and refuses it when any of its addresses is not a public unicast
 *   address (loopback, private, link-local, unique-local, CGNAT, multicast, reserved, the
 *   metadata address 169.254.169.254 among them; IPv4-mapped IPv6 judged as IPv4), then
 *   connects to the address it checked (the Host header and TLS name stay the URL's), so a
 *   second DNS answer cannot point the connection elsewhere (DNS rebinding);
 * - follows at most `maxRedirects` redirects (5), each checked like the first;
 * - stops after `timeoutMs` for the whole exchange, redirects included, and after `maxBytes`
 *   of body (announced by Content-Length or counted as it arrives);
 * - checks the answer's content type against `accept` when given.
 *
 * A refusal is an `OutboundError` whose `reason` says which rule, and whose message is a
 * sentence for the owner's screen or the log. Loopback addresses are allowed only with
 * `allowLoopback` (a test setting, off by default); private ranges never are.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

export type OutboundReason =
  | 'url'
  | 'address'
  | 'dns'
  | 'redirects'
  | 'timeout'
  | 'size'
  | 'type'
  | 'network'

export class OutboundError extends Error {
  override name = 'OutboundError'
  constructor(
    readonly reason: OutboundReason,
    message: string,
  ) {
    super(message)
  }
}

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export interface OutboundOptions {
  method?: 'GET' | 'HEAD' | 'POST'
  headers?: Record<string, string>
  body?: string | URLSearchParams
  /** The whole exchange, redirects included. */
  timeoutMs?: number
  /** The body's limit; a longer one is refused, never cut. */
  maxBytes?: number
  /** Content types taken (`text/html`, `application/json`…); others are refused. None: any. */
  accept?: string[]
  maxRedirects?: number
  /** Loopback addresses allowed (tests against local fakes). Private ranges never are. */
  allowLoopback?: boolean
  /**
   * Tests only: the address rule in place of the default one (a fake "public" site on one
   * loopback address whose redirect to another loopback address must be refused).
   */
  allowAddress?: (address: string) => boolean
  /** The DNS look-up (tests answer names without a resolver). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>
}

export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string
  status: number
  headers: Headers
  body: Uint8Array
  text(): string
}

export const outboundDefaults = {
  timeoutMs: 10_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
}

const defaultLookup = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }))

/** Whether an outbound connection may go to `address`. */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address()
  }
  const range = parsed.range()
  if (range === 'unicast') return true
  return allowLoopback && range === 'loopback'
}

/** The host of a URL as a bare name or address (IPv6 without its brackets). */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

function checkUrl(raw: string | URL): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OutboundError('url', `"${String(raw).slice(0, 200)}" is not a URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('url', `Only http and https addresses are fetched, not ${url.protocol}`)
  if (url.username || url.password)
    throw new OutboundError('url', 'An address with a user name or password in it is not fetched.')
  return url
}

/** The address to connect to for `url`, checked. */
async function resolveChecked(url: URL, options: OutboundOptions): Promise<ResolvedAddress> {
  const host = bareHost(url)
  let addresses: ResolvedAddress[]
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }]
  } else {
    try {
      addresses = await (options.lookup ?? defaultLookup)(host)
    } catch {
      throw new OutboundError('dns', `${host} could not be found.`)
    }
    if (addresses.length === 0) throw new OutboundError('dns', `${host} could not be found.`)
  }
  // Every address the name has must be allowed: a name that also points inside is refused.
  for (const { address } of addresses) {
    const allowed = options.allowAddress
      ? options.allowAddress(address)
      : isAllowedAddress(address, options.allowLoopback)
    if (!allowed)
      throw new OutboundError(
        'address',
        `${host} points to ${address}, an address that is not fetched (private, loopback or reserved).`,
      )
  }
  const first = addresses[0]
  if (!first) throw new OutboundError('dns', `${host} could not be found.`)
  return first
}

/**
 * A response's body, read chunk by chunk and given up (the connection
 * cancelled) as soon as it passes `maxBytes`, whatever `Content-Length` says
 * or does not say; over it, throws what `tooLarge` makes. Also for answers
 * fetched another way (GitHub's API, server/services/github/api.ts).
 */
export async function readBodyUpTo(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(announced) && announced > maxBytes) {
    await response.body?.cancel()
    throw tooLarge()
  }
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

function checkType(response: Response, accept: string[] | undefined) {
  if (!accept?.length) return
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (!type || !accept.includes(type))
    throw new OutboundError(
      'type',
      `The answer is ${type || 'of no stated type'}, not ${accept.join(' or ')}.`,
    )
}

/** Fetches `target` under the rules above. Any status is answered; redirects are followed. */
export async function outboundFetch(
  target: string | URL,
  options: OutboundOptions = {},
): Promise<OutboundResponse> {
  const timeoutMs = options.timeoutMs ?? outboundDefaults.timeoutMs
  const maxBytes = options.maxBytes ?? outboundDefaults.maxBytes
  const maxRedirects = options.maxRedirects ?? outboundDefaults.maxRedirects
  const signal = AbortSignal.timeout(timeoutMs)
  let url = checkUrl(target)
  let method = options.method ?? 'GET'
  let body = options.body
  try {
    for (let hop = 0; ; hop++) {
      const { address, family } = await resolveChecked(url, options)
      if (signal.aborted) throw signal.reason
      // Connect to the checked address; the URL's host stays the Host header and the TLS name.
      const pinned = new URL(url)
      pinned.hostname = family === 6 ? `[${address}]` : address
      const headers = new Headers(options.headers)
      headers.set('host', url.host)
      let response: Response
      try {
        response = await fetch(pinned, {
          method,
          headers,
          body: method === 'POST' ? body : undefined,
          redirect: 'manual',
          signal,
          decompress: true,
          ...(url.protocol === 'https:' && !isIP(bareHost(url))
            ? { tls: { serverName: bareHost(url) } }
            : {}),
        })
      } catch (error) {
        if (signal.aborted) throw signal.reason
        throw new OutboundError(
          'network',
          `${url.host} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel()
        if (hop >= maxRedirects)
          throw new OutboundError('redirects', `More than ${maxRedirects} redirects.`)
        url = checkUrl(new URL(location, url))
        // As browsers do: 303, and 301/302 after a POST, continue as a GET without a body.
        if (
          response.status === 303 ||
          (method === 'POST' && response.status !== 307 && response.status !== 308)
        ) {
          method = method === 'HEAD' ? 'HEAD' : 'GET'
          body = undefined
        }
        continue
      }
      checkType(response, options.accept)
      const bytes = await readBodyUpTo(
        response,
        maxBytes,
        () => new OutboundError('size', `The answer is over the limit of ${maxBytes} bytes.`),
      )
      const finalUrl = url.toString()
      return {
        url: finalUrl,
        status: response.status,
        headers: response.headers,
        body: bytes,
        text: () => new TextDecoder().decode(bytes),
      }
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error
    if (signal.aborted)
      throw new OutboundError('timeout', `No complete answer within ${timeoutMs} ms.`)
    throw new OutboundError('network', error instanceof Error ? error.message : String(error))
  }
}

/**
 * Webmention endpoint discovery (W3C Recommendation, §3.1.2): fetch the target, and take the
 * first `Link` header with the rel `webmention`; failing that, the first `<link>` or `<a>`
 * element with that rel, in document order. Relative URLs are resolved against the URL that
 * answered, after redirects; an empty href is that page itself; the endpoint's own query
 * string is kept. Everything goes through the outbound fetcher (server/outbound/fetch.ts).
 */
import LinkHeader from 'http-link-header'
import { type OutboundOptions, outboundFetch } from '../outbound/fetch'
import { parseMicroformats } from './microformats'

/** The first `webmention` endpoint in `Link` header values, resolved against `base`. */
export function endpointFromLinkHeader(values: string[], base: string): string | null {
  for (const value of values) {
    let links: LinkHeader
    try {
      links = LinkHeader.parse(value)
    } catch {
      continue
    }
    for (const reference of links.refs) {
      const rels = reference.rel.toLowerCase().split(/\s+/)
      if (rels.includes('webmention')) return new URL(reference.uri, base).toString()
    }
  }
  return null
}

/** The first `<link>` or `<a>` with the rel `webmention` in an HTML document. */
export function endpointFromHtml(html: string, base: string): string | null {
  const { rels } = parseMicroformats(html, base)
  return rels.webmention?.[0] ?? null
}

/**
 * The Webmention endpoint `target` advertises, or null when it has none. Throws an
 * `OutboundError` when the target cannot be fetched under the outbound rules.
 */
export async function discoverEndpoint(
  target: string,
  options: OutboundOptions = {},
): Promise<string | null> {
  const response = await outboundFetch(target, {
    ...options,
    headers: { accept: 'text/html, */*;q=0.5', ...options.headers },
  })
  // Several Link headers come joined by ", " (Fetch's Headers); the parser reads the list.
  const header = response.headers.get('link')
  const fromHeader = header ? endpointFromLinkHeader([header], response.url) : null
  if (fromHeader) return fromHeader
  const type = response.headers.get('content-type') ?? ''
  if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) return null
  return endpointFromHtml(response.text(), response.url)
}

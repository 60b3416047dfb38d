/**
 * Who is asking, as far as the network says: the client's address and
 * whether it used HTTPS. Behind trusted reverse proxies (TRUST_PROXY) their
 * X-Forwarded-* headers are believed; otherwise the socket's.
 */

type Server = Bun.Server<unknown>

/**
 * The client's address. X-Forwarded-For is read only behind trusted proxies,
 * and then from the right: the entry the nearest trusted proxy appended. A
 * client forging the header only adds entries further left.
 */
export function clientIp(request: Request, server: Server | null, trustProxy: number): string {
  if (trustProxy > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const entry = forwarded[forwarded.length - trustProxy]
    if (entry) return entry
  }
  return server?.requestIP(request)?.address ?? 'unknown'
}

/** HTTPS as the client sees it: the URL's scheme, or a trusted proxy's X-Forwarded-Proto. */
export function isHttps(request: Request, trustProxy: number): boolean {
  if (request.url.startsWith('https:')) return true
  return (
    trustProxy > 0 && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  )
}

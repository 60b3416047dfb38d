/**
 * Headers every response carries, pages, API and errors alike. Scripts come
 * only from our own origin; images may be linked from any https host because
 * the admin enters external image URLs.
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

export const contentSecurityPolicy = policy([])

/**
 * The policy of a server-rendered page: also allows exactly the inline
 * scripts that page carries (the router's bootstrap and the dehydrated
 * state), by their SHA-256 hashes. Hashes rather than a nonce: the header
 * follows from the HTML alone, so a rendered page can be cached, served
 * again and revalidated with an ETag together with its header, where a
 * nonce would have to change with every response.
 */
export function pageContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return policy(scriptHashes.map((hash) => `'sha256-${hash}'`))
}

export function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  }
}

/** Paths whose answers are never cached: the API doors and the admin screens. */
export function isPrivatePath(path: string): boolean {
  return (
    path.startsWith('/api') ||
    path.startsWith('/trpc') ||
    path === '/healthz' ||
    path === '/login' ||
    path === '/admin' ||
    path.startsWith('/admin/')
  )
}

/**
 * Headers every response carries, pages, API and errors alike. Scripts come
 * only from our own origin; images may be linked from any https host because
 * the admin enters external image URLs.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

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

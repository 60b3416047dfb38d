import { publicReadKey } from '../../rest/adapter'
import { publicQueryKey } from '../trpc'

/** The SEO files read no query parameter: one entry each. */
const seoFiles = new Set(['/sitemap.xml', '/manifest.webmanifest'])

/**
 * The key a GET or HEAD's answer is kept under in the cache, undefined when
 * it is not kept: each door's own (a page's address, a public read's path, a
 * public tRPC query's input), used by the routes and by the fast path alike.
 * No key holds the Authorization header or a query parameter the answer is
 * not made from, so neither makes a request skip the cache.
 */
export function createCacheKeys(pageKey: (url: URL) => string | undefined) {
  return (request: Request): string | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const url = new URL(request.url)
    const { pathname } = url
    if (pathname.startsWith('/trpc/')) return publicQueryKey(request, url)
    if (pathname.startsWith('/api/')) return publicReadKey(request, pathname)
    if (seoFiles.has(pathname)) return pathname
    // Link-preview cards read no query parameter (`?v=` only tells previewers the card changed).
    if (pathname.startsWith('/og/')) return pathname
    return pageKey(url)
  }
}

import { LRUCache } from 'lru-cache'
import { publicReadKey } from '../../rest/adapter'
import { publicQueryKey } from '../trpc'

/** The SEO files, the CV files and the feeds read no query parameter: one entry each. */
const seoFiles = new Set([
  '/sitemap.xml',
  '/manifest.webmanifest',
  '/cv.pdf',
  '/resume.json',
  '/feed.xml',
  '/rss.xml',
  '/feed.json',
])

/** What a request's address alone says about its key. */
interface AddressKeys {
  /** The key for a request without an Authorization header. */
  signedOut: string | undefined
  /** The key with one (an API door may answer a signed-in admin differently). */
  signedIn: string | undefined
  /** A tRPC door: a streaming answer (`trpc-accept`) is never kept. */
  trpc: boolean
}

function addressKeys(address: string, pageKey: (url: URL) => string | undefined): AddressKeys {
  const url = new URL(address)
  const { pathname } = url
  if (pathname.startsWith('/trpc/')) {
    return {
      signedOut: publicQueryKey(url, false),
      signedIn: publicQueryKey(url, true),
      trpc: true,
    }
  }
  if (pathname.startsWith('/api/')) {
    return {
      signedOut: publicReadKey(pathname, false),
      signedIn: publicReadKey(pathname, true),
      trpc: false,
    }
  }
  // Link-preview cards and covers read no query parameter (`?v=` only tells a reader the image changed).
  const key =
    seoFiles.has(pathname) || pathname.startsWith('/og/') || pathname.startsWith('/covers/')
      ? pathname
      : pageKey(url)
  return { signedOut: key, signedIn: key, trpc: false }
}

/**
 * The key a GET or HEAD's answer is kept under in the cache, undefined when
 * it is not kept: each door's own (a page's address, a public read's path, a
 * public tRPC query's input), used by the routes and by the fast path alike.
 * No key holds the Authorization header or a query parameter the answer is
 * not made from, so neither makes a request skip the cache.
 *
 * What the address says is remembered per address (the last 1,000): parsing
 * the URL, decoding and matching its path cost more than the rest of a
 * cache hit. Only the two headers that can change a key are read per request.
 */
export function createCacheKeys(pageKey: (url: URL) => string | undefined) {
  const byAddress = new LRUCache<string, AddressKeys>({ max: 1_000 })
  return (request: Request): string | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const address = request.url
    let keys = byAddress.get(address)
    if (!keys) {
      keys = addressKeys(address, pageKey)
      byAddress.set(address, keys)
    }
    if (keys.signedOut === undefined && keys.signedIn === undefined) return undefined
    if (keys.signedOut === keys.signedIn && !keys.trpc) return keys.signedOut
    const { headers } = request
    if (keys.trpc && headers.has('trpc-accept')) return undefined
    return headers.has('authorization') ? keys.signedIn : keys.signedOut
  }
}

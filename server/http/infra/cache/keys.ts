import { LRUCache } from 'lru-cache'

/**
 * How a route's GET and HEAD answers are kept in the shared cache: the key
 * of an address (undefined: not kept). Each route of the route table
 * (server/http/routes.ts) names its rule; the doors' rules derive from the
 * procedures' declarations (`cache` in `.meta()`).
 */
export interface CacheRule {
  /**
   * The key for this address; `signedIn`: the request carries an
   * Authorization header (an API door may answer a signed-in admin
   * differently). No key holds the header or a query parameter the answer
   * is not made from, so neither makes a request skip the cache.
   */
  key: (url: URL, signedIn: boolean) => string | undefined
  /** A request with this header is never kept (tRPC's streaming answers: not one document). */
  unlessHeader?: string
  /** The handler reads and fills the cache itself (pages: a built file or a redirect is never kept). */
  byHandler?: boolean
  /**
   * What of the request's Cookie header the answer is made from, added to the
   * key (pages: the visitor's theme and whether the fonts are cached,
   * src/domain/appearance.ts); empty for the default answer.
   */
  variant?: (cookie: string | null) => string
}

/** One entry per path: the file reads no query parameter (`?v=` only tells previewers it changed). */
export const byPath: CacheRule = { key: (url) => url.pathname }

/** What a request's address alone says about its key. */
interface AddressKeys {
  signedOut: string | undefined
  signedIn: string | undefined
  unlessHeader: string | undefined
  variant: ((cookie: string | null) => string) | undefined
}

/**
 * The key a GET or HEAD's answer is kept under in the cache, undefined when
 * it is not kept: the rule of the route that answers the address, used by
 * the routes and by the fast path alike.
 *
 * What the address says is remembered per address (the last 1,000): parsing
 * the URL, matching its route and decoding cost more than the rest of a
 * cache hit. Only the headers that can change a key are read per request.
 */
export function createCacheKeys(ruleAt: (pathname: string) => CacheRule | undefined) {
  const byAddress = new LRUCache<string, AddressKeys>({ max: 1_000 })
  const keysOf = (address: string): AddressKeys => {
    const url = new URL(address)
    const rule = ruleAt(url.pathname)
    return {
      signedOut: rule?.key(url, false),
      signedIn: rule?.key(url, true),
      unlessHeader: rule?.unlessHeader,
      variant: rule?.variant,
    }
  }
  return (request: Request): string | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const address = request.url
    let keys = byAddress.get(address)
    if (!keys) {
      keys = keysOf(address)
      byAddress.set(address, keys)
    }
    if (keys.signedOut === undefined && keys.signedIn === undefined) return undefined
    const { headers } = request
    if (keys.unlessHeader !== undefined && headers.has(keys.unlessHeader)) return undefined
    const key =
      keys.signedOut === keys.signedIn || !headers.has('authorization')
        ? keys.signedOut
        : keys.signedIn
    return keys.variant && key !== undefined ? key + keys.variant(headers.get('cookie')) : key
  }
}

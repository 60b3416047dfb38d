/**
 * The address a page is rendered and cached under: its path and only the
 * query parameters its routes declare, so a page is one cache entry
 * whatever else the URL carries.
 */
import type { AnyRoute, AnyRouter } from '@tanstack/react-router'
import { z } from 'zod'

/** What `pageAddresses` reads of a router: its routes, and which of them a path matches. */
type RouteTable = Pick<AnyRouter, 'routesById' | 'getMatchedRoutes'>

/**
 * The query parameters a route reads: the keys of its `validateSearch`, a
 * zod object or `textParams(…)` (client/lib/search-params.ts, for public
 * pages: no zod in their bundle). A route validating its search some other
 * way (a function) stops the server at start: the cache could not tell
 * which parameters the page depends on.
 */
function searchParamsOf(route: AnyRoute): string[] {
  const schema: unknown = route.options.validateSearch
  if (schema === undefined) return []
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape)
  if (isTextParams(schema)) return [...schema.names]
  throw new Error(
    `Route ${route.id}: validateSearch must be a zod object (z.object({ … })) or textParams(…), so that the page cache knows which query parameters the page reads.`,
  )
}

function isTextParams(value: unknown): value is { names: readonly string[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'names' in value &&
    'parse' in value &&
    typeof value.parse === 'function' &&
    Array.isArray(value.names) &&
    value.names.every((name) => typeof name === 'string')
  )
}

/**
 * A page's address: the request's path, and of its query string only the
 * parameters the matched routes declare in their `validateSearch`, in the
 * request's order. Anything else in the URL (`?utm_source=…`, `?x=1`) reads
 * nothing on the page, so it gets the same rendering and the same cache
 * entry; the browser's router still reads the real URL when it hydrates.
 * Derived from the router itself: a route that starts reading `?tag=`
 * declares it in its schema, and the pages are kept by it at once.
 */
export function pageAddresses(router: RouteTable): (url: URL) => string {
  const readBy = new Map<string, string[]>(
    Object.values<AnyRoute>(router.routesById).map((route) => [route.id, searchParamsOf(route)]),
  )
  return (url) => {
    const [routes] = router.getMatchedRoutes(url.pathname)
    const names = new Set(routes.flatMap((route) => readBy.get(route.id) ?? []))
    if (names.size === 0) return url.pathname
    const read = new URLSearchParams()
    for (const [name, value] of url.searchParams) if (names.has(name)) read.append(name, value)
    const query = read.toString()
    return query ? `${url.pathname}?${query}` : url.pathname
  }
}

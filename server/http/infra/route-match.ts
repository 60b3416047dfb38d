/**
 * Which route of a table answers a path, picked as Elysia's router picks:
 * a literal path first, then one with `:name` segments, then the longest
 * `/*` prefix; a trailing slash is ignored, as Elysia ignores it unless its
 * paths are strict (`/api/` is `/api`). The edge uses it before routing
 * (the cache's fast path, the page-view counter) so that what it decides
 * follows the same table.
 */
export function createRouteMatcher<R extends { path: string }>(
  routes: readonly R[],
): (pathname: string) => R | undefined {
  const literal = new Map<string, R>()
  const withParams: { segments: string[]; route: R }[] = []
  const wildcards: { prefix: string; route: R }[] = []
  for (const route of routes) {
    if (route.path.endsWith('*')) wildcards.push({ prefix: route.path.slice(0, -1), route })
    else if (route.path.includes('/:')) withParams.push({ segments: route.path.split('/'), route })
    else if (!literal.has(route.path)) literal.set(route.path, route)
  }
  wildcards.sort((a, b) => b.prefix.length - a.prefix.length)
  const matchesParams = (segments: readonly string[], path: readonly string[]) =>
    segments.length === path.length &&
    segments.every((segment, i) =>
      segment.startsWith(':') ? (path[i] ?? '') !== '' : segment === path[i],
    )
  const withoutSlash = (path: string) =>
    path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return (pathname) => {
    const path = withoutSlash(pathname)
    const exact = literal.get(path)
    if (exact) return exact
    const parts = path.split('/')
    return (
      withParams.find((entry) => matchesParams(entry.segments, parts))?.route ??
      wildcards.find((entry) => pathname.startsWith(entry.prefix))?.route
    )
  }
}

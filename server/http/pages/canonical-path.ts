/**
 * The one spelling of a page's address. `/PROJECTS`, `/pRoJeCtS`,
 * `//projects` and `/%70rojects` all reach the same page (the router
 * matches without regard to case, the URL parser keeps empty segments and
 * escapes as sent); answered as they are, each would be rendered afresh,
 * kept as another cache entry and counted as another page. Instead they
 * are sent (301) to the canonical spelling, so only that one is rendered,
 * cached and counted:
 *
 * - escapes of unreserved characters (`A-Z a-z 0-9 - . _ ~`) are decoded
 *   (RFC 3986 §6.2.2.2: they mean the same);
 * - runs of slashes become one;
 * - a page's path is lowercased (every route and slug of the site is lower
 *   case); a file's (its last segment has a dot: hashed build files, media
 *   keys) keeps its case, which it needs.
 *
 * Null when the path is canonical already.
 */
export function canonicalPath(pathname: string): string | null {
  let path = pathname.replace(/%([0-9A-Fa-f]{2})/g, (sequence, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16))
    return /^[A-Za-z0-9\-._~]$/.test(character) ? character : sequence
  })
  path = path.replace(/\/{2,}/g, '/')
  const last = path.slice(path.lastIndexOf('/') + 1)
  if (!last.includes('.')) {
    // Letters outside escapes only: `%C3%A9` stays as sent.
    path = path.replace(/(%[0-9A-Fa-f]{2})|[A-Z]+/g, (match, encoded?: string) =>
      encoded ? encoded : match.toLowerCase(),
    )
  }
  return path === pathname ? null : path
}

/**
 * The journeys that change what every other journey sees, or that should not see what every
 * other journey made, get a server of their own (with its own data directory, or its own
 * database on PostgreSQL), so that they run beside the others instead of after them: nothing
 * waits for a slow file to finish before they can start.
 * `playwright.config.ts` makes one Playwright project and one web server of each; every other
 * journey shares the main server. Listed longest first, as the workers take them.
 * `scripts/test-all.ts` makes their PostgreSQL databases.
 */
export const apartServers: ReadonlyArray<{ name: string; files: string[]; why: string }> = [
  {
    name: 'profile',
    files: ['admin-profile.e2e.ts', 'appearance.e2e.ts', 'search-sharing.e2e.ts'],
    why: 'editing the profile, the site style or the fixed screens’ search and sharing changes every public page',
  },
  {
    name: 'security',
    files: ['admin-security.e2e.ts'],
    why: 'two-factor sign-in on the one admin account would stop the others’ password sign-ins',
  },
  {
    name: 'screens',
    files: ['themes.e2e.ts', 'a11y.e2e.ts'],
    why: 'axe on every screen in both themes: on the shared server the admin’s lists hold what every journey made (the dashboard reached 2,900 elements, and axe 12 s on it); here, what these journeys make',
  },
  {
    name: 'ordering',
    files: ['admin-order.e2e.ts'],
    why: 'a new order names every project (or event): none may be added while it is saved',
  },
  {
    name: 'menus',
    files: ['owner-pages.e2e.ts'],
    why: 'the header’s menu is on every public page: folded on a phone, it would hide the links the other journeys look for',
  },
  {
    name: 'fresh',
    files: ['analytics-empty.e2e.ts'],
    why: 'the Analytics screen as it is before anybody has visited the site',
  },
]

/** A database of its own for an apart server: the main one's name with `_<server>` after it. */
export function apartDatabaseUrl(mainUrl: string, server: string): string {
  const url = new URL(mainUrl)
  url.pathname = `${url.pathname}_${server}`
  return url.toString()
}

/**
 * The journeys that change what every other journey sees get a server of their own (with its
 * own data directory, or its own database on PostgreSQL), so that they run beside the others
 * instead of after them: nothing waits for a slow file to finish before they can start.
 * `playwright.config.ts` makes one Playwright project and one web server of each; every other
 * journey shares the main server. `scripts/test-all.ts` makes their PostgreSQL databases.
 */
export const apartServers: ReadonlyArray<{ name: string; files: string[]; why: string }> = [
  {
    name: 'fresh',
    files: ['analytics-empty.e2e.ts'],
    why: 'the Analytics screen as it is before anybody has visited the site',
  },
  {
    name: 'profile',
    files: ['admin-profile.e2e.ts', 'appearance.e2e.ts'],
    why: 'editing the profile or the site style changes every public page',
  },
  {
    name: 'ordering',
    files: ['admin-order.e2e.ts'],
    why: 'a new order names every project (or event): none may be added while it is saved',
  },
  {
    name: 'security',
    files: ['admin-security.e2e.ts'],
    why: 'two-factor sign-in on the one admin account would stop the others’ password sign-ins',
  },
]

/** A database of its own for an apart server: the main one's name with `_<server>` after it. */
export function apartDatabaseUrl(mainUrl: string, server: string): string {
  const url = new URL(mainUrl)
  url.pathname = `${url.pathname}_${server}`
  return url.toString()
}

/**
 * The addresses the site itself owns: the first segment of every fixed path
 * the server's route table (server/http/routes.ts) and the client's routes
 * (client/routes/) answer, and the built files' folder. An owner's page lives
 * at `/{slug}` and may never take one of them: the spec's routes always win.
 * `server/tests/codebase/reserved-paths.test.ts` reads the route table, the
 * route files and the public folder, and fails when a fixed path is missing
 * here.
 */
export const reservedPaths = [
  // The client's routes (client/routes/).
  'admin',
  'contact-me',
  'cv',
  'login',
  'newsletter',
  'notes',
  'privacy',
  'projects',
  'publications',
  'search',
  'talks',
  'teaching',
  'setup',
  // The server's route table (server/http/routes.ts).
  'api',
  // ActivityPub: the actor, its inboxes and collections, the notes' objects; NodeInfo.
  'ap',
  'nodeinfo',
  'covers',
  'cv.pdf',
  'feed.json',
  'feed.xml',
  'healthz',
  'internal',
  'manifest.webmanifest',
  'media',
  'og',
  'publications.bib',
  'publications.ris',
  'r',
  'resume.json',
  'robots.txt',
  'rss.xml',
  'sitemap.xml',
  // The theme switch without script (server/http/pages/theme.ts).
  'theme',
  'trpc',
  'webmention',
  // The built files (vite.config.ts: assetsDir, publicDir).
  'assets',
  'favicon.svg',
  'profile.svg',
  // Addresses browsers and crawlers ask for by convention.
  '.well-known',
  'favicon.ico',
  'index.html',
] as const

const reserved = new Set<string>(reservedPaths)

/** Whether `/{slug}` is one of the site's own addresses (case does not matter: slugs are lower case). */
export function isReservedPath(slug: string): boolean {
  return reserved.has(slug.toLowerCase())
}

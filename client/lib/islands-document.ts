/**
 * What makes a server-rendered public page a document with islands rather
 * than the app (docs/decisions/0389): no router bootstrap, no loader data and
 * no app entry in it, but the island loader (client/islands/loader.ts) and
 * the rules that let the browser prepare the next page before the click.
 * Given by the server's renderer (server/http/pages/ssr.ts) for every public
 * page; the admin, /login and /setup stay the app.
 */
export interface IslandsDocument {
  /** The loader's built file (/assets/islands-….js). */
  loader: string
  /** The app's entry, for the admin's preview of a draft only (the loader imports it then). */
  app: string
  /** The whole public stylesheet(s), which the loader adds once the page has loaded. */
  css: readonly string[]
}

/**
 * Speculation Rules: a link to another public page is prerendered when the
 * pointer rests on it or presses it (`moderate`), so the click shows a page
 * that is ready. Not the admin, the sign-in pages, the API, files and share
 * links (whose redirect counts a visit), nor search results (a search for
 * every hover), nor the timeline's tabs (selected in place). The server does not count a prepared page's request as a
 * view (its `Sec-Purpose` header); the loader counts it when it is shown
 * (server/http/infra/page-views.ts). The CSP allows it by its hash
 * (server/http/pages/scripts.ts): a constant, so the bytes hashed are the
 * bytes sent.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          {
            not: {
              href_matches: [
                '/admin{/*}?',
                '/login',
                '/setup',
                '/search',
                '/api/*',
                '/trpc/*',
                '/r/*',
                '/media/*',
                '/covers/*',
                '/og/*',
                '/assets/*',
                '/*.*',
              ],
            },
          },
          // Not a tab (the loader selects it in place) or an image's opener.
          {
            not: {
              selector_matches: '[download], [data-lightbox], [role="tab"], [rel~="nofollow"]',
            },
          },
        ],
      },
      eagerness: 'moderate',
    },
  ],
})

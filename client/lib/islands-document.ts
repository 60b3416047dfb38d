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
 * The island loader's boot: the loader's file is added only after the page's
 * first paint (the frame after it), so the document paints with nothing but
 * its own bytes on the way. A module script in the page would run before the
 * first paint of a small page (modules run when the parser is done), and
 * Lighthouse's simulation then puts its request, a round trip, on the largest
 * paint's path. A hidden page (a background tab, a page prerendered ahead)
 * paints no frame, so there it loads at once. The element carries the
 * loader's settings (`data-src`, `data-app`, `data-css`), which the loader
 * reads from it; allowed by its CSP hash (server/http/pages/scripts.ts).
 */
export const ISLANDS_BOOT =
  '(()=>{const s=document.currentScript,g=()=>{const m=document.createElement("script");m.type="module";m.src=s.dataset.src;document.head.append(m)};document.hidden?setTimeout(g):requestAnimationFrame(()=>setTimeout(g))})()'

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

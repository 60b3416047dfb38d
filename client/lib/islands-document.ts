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
 * The island loader's boot, the page's one inline script that runs: it adds
 * the loader's file (`data-src`) once the page has shown its content. A page
 * is complete without the loader, which only wires the islands for their
 * first use; so nothing of it is fetched or run before the page's first
 * contentful paint and its largest, and none of it is on their path in
 * Lighthouse's simulation
 * (docs/decisions/0427-the-loader-after-the-first-paint-and-public-pages-without-coop.md):
 * - shown: after both the first contentful paint (its `paint` entry, which
 *   Chromium reports once the frame is on screen) and `load` (the images the
 *   largest paint may be), then 100 ms for that image's own frame;
 * - hidden (a background tab, a page prerendered ahead): at once, as it
 *   paints nothing; a page that is hidden or shown meanwhile: at once;
 * - a key, press, touch or focus before then: at once (that first event is
 *   the page's own: a link followed, a form typed into, as without script);
 * - a browser without paint entries: at `load`; and at the latest 5 s in.
 * The element carries the loader's settings (`data-src`, `data-app`,
 * `data-css`), which the loader reads from it. Allowed by its CSP hash
 * (server/http/pages/scripts.ts).
 */
export const ISLANDS_BOOT =
  '(()=>{const s=document.currentScript;let n=2,d=0;const g=()=>{if(d++)return;const m=document.createElement("script");m.type="module";m.src=s.dataset.src;document.head.append(m)},w=()=>--n||setTimeout(g,100);if(document.hidden)return g();setTimeout(g,5e3);for(const t of["visibilitychange","keydown","pointerdown","focusin","touchstart"])addEventListener(t,g,{capture:true,once:true,passive:true});addEventListener("load",w,{once:true});try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();w()}}).observe({type:"paint",buffered:true})}catch{w()}})()'

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

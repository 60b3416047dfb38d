import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { fontsCookie, storeCookie } from '../src/domain/appearance'
import { createRouter } from './router'
import './styles.css'

const router = createRouter({ siteUrl: window.location.origin })

/**
 * The web fonts, fetched into the cache after the page has painted, never
 * applied to it: this page stays in the metric-matched fallbacks it painted
 * in (client/design.css), so no text is set again after the first paint.
 * From the next page on the server names them before the first paint (the
 * `fonts` cookie: src/domain/appearance.ts), and they come from the cache in time for
 * `font-display: optional`; were they not there in time, that page keeps the
 * fallbacks too. The faces: Inter and the display face of the page's style
 * (design.css's `[data-style]` blocks).
 */
function warmFonts(): void {
  const display = { editorial: 'Fraunces', bold: 'Bricolage Grotesque' }[
    document.documentElement.dataset.style as 'bold'
  ]
  Promise.all(
    ['Inter', display].map((face) => face && document.fonts.load(`1em "${face} Variable"`)),
  ).then(() => {
    // A page the app draws in this tab (a navigation) is drawn in them from the start.
    const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
      if (!event.fromLocation) return
      document.documentElement.dataset.fonts = ''
      unsubscribe()
    })
    // The next document the server renders names them from its first paint.
    storeCookie(fontsCookie(location.protocol === 'https:'))
  }, Boolean)
}

/**
 * The page's whole stylesheet, added by the boot script beside this entry
 * (server/http/pages/manifest.ts): the server-rendered `<head>` holds only
 * the rules its own markup uses, so the app waits for the rest before it
 * takes over and can show anything else. Settles on error too: a page
 * without it still works.
 */
function wholeStylesheet(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-site-css]')]
  // A link that failed before this ran has no sheet and fires nothing more: not waited for past 3 s.
  const giveUp = new Promise((settle) => setTimeout(settle, 3000))
  const loaded = Promise.all(
    links
      .filter((link) => !link.sheet)
      .map(
        (link) =>
          new Promise((settle) => {
            link.addEventListener('load', settle, { once: true })
            link.addEventListener('error', settle, { once: true })
          }),
      ),
  )
  return Promise.race([loaded, giveUp])
}

if ('$_TSR' in window) {
  // The server rendered this page (the admin, the sign-in pages: the public ones are
  // documents with islands, docs/decisions/0389) and put the router's and the query cache's
  // state in it: hydrate, without fetching again. In a transition, React
  // hydrates in slices of ~5 ms and yields to the browser between them,
  // instead of one task as long as the whole page's hydration (Lighthouse's
  // blocking time was that task: 224 ms on the home page under its 4× CPU
  // slowdown). A press meanwhile hydrates what it lands on first.
  void wholeStylesheet().then(() => {
    warmFonts()
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RouterClient router={router} />
        </StrictMode>,
      )
    })
  })
} else {
  // No router state in the page: the Vite dev server's index.html, or a public page (a
  // document with islands) whose loader starts the app for the admin's preview of a draft
  // (client/islands/loader.ts). Render the whole document here.
  createRoot(document).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}

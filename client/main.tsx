import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createRouter } from './router'
import './styles.css'

const router = createRouter({ siteUrl: window.location.origin })

// The web fonts, now that the page has painted in their metric-matched
// fallbacks (client/design.css): fetched after the largest paint, not on its
// path, and from the next page on straight from the cache, turned on by the
// theme script before the first paint (client/lib/theme-script.ts).
document.documentElement.dataset.fonts = ''
try {
  localStorage.setItem('fonts', '1')
} catch {
  // Storage refused: the fonts are turned on by this script on every page.
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
  // The server rendered this page and put the router's and the query cache's
  // state in it: hydrate, without fetching again. In a transition, React
  // hydrates in slices of ~5 ms and yields to the browser between them,
  // instead of one task as long as the whole page's hydration (Lighthouse's
  // blocking time was that task: 224 ms on the home page under its 4× CPU
  // slowdown). A press meanwhile hydrates what it lands on first.
  void wholeStylesheet().then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RouterClient router={router} />
        </StrictMode>,
      )
    }),
  )
} else {
  // No server HTML (the Vite dev server's index.html): render the whole document here.
  createRoot(document).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}

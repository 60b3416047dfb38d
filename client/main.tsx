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

if ('$_TSR' in window) {
  // The server rendered this page and put the router's and the query cache's
  // state in it: hydrate, without fetching again. In a transition, React
  // hydrates in slices of ~5 ms and yields to the browser between them,
  // instead of one task as long as the whole page's hydration (Lighthouse's
  // blocking time was that task: 224 ms on the home page under its 4× CPU
  // slowdown). A press meanwhile hydrates what it lands on first.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
    )
  })
} else {
  // No server HTML (the Vite dev server's index.html): render the whole document here.
  createRoot(document).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}

import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createRouter } from './router'
import './styles.css'

const router = createRouter({ siteUrl: window.location.origin })

if ('$_TSR' in window) {
  // The server rendered this page and put the router's and the query cache's
  // state in it: hydrate, without fetching again.
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  )
} else {
  // No server HTML (the Vite dev server's index.html): render the whole document here.
  createRoot(document).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}

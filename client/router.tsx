import { createRouter as createTanStackRouter } from '@tanstack/react-router'
import type { Appearance } from '../src/domain/appearance'
import type { ContactFormState } from '../src/domain/contact-form'
import type { NewsletterPageState } from '../src/domain/newsletter-page'
import { PendingIndicator } from './components/pending-indicator'
import { type Api, browserApi } from './lib/api'
import type { IslandsDocument } from './lib/islands-document'
import type { Site } from './lib/seo'
import { THEME_SCRIPT_ID } from './lib/theme-script'
import { routeTree } from './routeTree.gen'

export interface CreateRouterOptions {
  /** The site's public address, for canonical URLs; after hydration the server's value wins. */
  siteUrl: string
  /**
   * tRPC's client for the loaders: the server-side renderer's calls run
   * in-process. By default the browser's, whose code is fetched on first need
   * (a page's first load needs none: its data came with the HTML).
   */
  api?: Api
  /**
   * The custom properties of the owner's accent colour for <html>, which
   * the server's renderer computes (src/domain/accent.ts). The browser's
   * router has none: <html> keeps what the server wrote (React leaves an
   * attribute it rendered no value for alone, and the admin's profile
   * screen writes new ones after a save), so the public pages' script
   * carries no colour arithmetic.
   */
  accentStyle?: (color: string) => Record<string, string> | undefined
  /**
   * The theme's head script (client/lib/theme-script.ts), given by the
   * server's renderer for the app's pages (a public page has none: its
   * <html> carries the theme); the browser's router reads it back from the page.
   */
  themeScript?: string
  /**
   * The visitor's theme and fonts from their cookies, for the server's render
   * (src/domain/appearance.ts); the browser's router has none: <html> keeps
   * what the server wrote and what the theme's script sets.
   */
  appearance?: Appearance
  /**
   * The contact form's state for the server's render of the contact page:
   * its form token, and after a submission the answer and what was sent
   * (server/http/pages/contact.ts). It reaches the browser as the contact
   * route's loader data; the browser's router has none.
   */
  contactForm?: ContactFormState
  /** The newsletter page's state for the server's render (server/http/pages/newsletter.ts). */
  newsletterPage?: NewsletterPageState
  /**
   * For the server's render of a public page: the page is a document with
   * islands (client/lib/islands-document.ts), not the app. The browser's
   * router has none: it draws the admin and the sign-in pages.
   */
  islands?: IslandsDocument
}

/** What the server puts into the page besides the matches' loader data. */
interface DehydratedData {
  siteUrl: string
}

/** The theme script the server wrote into the page (none: the dev server's page). */
function pageThemeScript(): string {
  return typeof document === 'undefined'
    ? ''
    : (document.getElementById(THEME_SCRIPT_ID)?.textContent ?? '')
}

/**
 * A new router per call: the browser makes one, and the server-side renderer
 * one per request. Nothing here touches window or localStorage.
 */
export function createRouter(options: CreateRouterOptions) {
  const api = options.api
  // One object shared by every match's context, so hydration can set the URL the server used.
  const site: Site = { url: options.siteUrl.replace(/\/+$/, '') }

  const router = createTanStackRouter({
    routeTree,
    context: {
      api: api ? () => Promise.resolve(api) : browserApi(),
      // The admin's and the sign-in pages' query cache, with its code, on first need.
      loadQuery: () => import('./lib/trpc').then((module) => module.queryData(publicDataChanged)),
      site,
      accentStyle: options.accentStyle,
      themeScript: options.themeScript ?? pageThemeScript(),
      appearance: options.appearance,
      contactForm: options.contactForm,
      newsletterPage: options.newsletterPage,
      islands: options.islands,
    },
    defaultPreload: 'intent',
    // A page's data is kept and shown again for 30 s without asking the server
    // (the router's own cache: each match's loader data); after that it is
    // shown and fetched again in the background.
    defaultStaleTime: 30_000,
    defaultPendingComponent: PendingIndicator,
    // The app's; a document with islands is the browser's own to scroll (and no inline script).
    scrollRestoration: !options.islands,
    // The matches' loader data travels with the page (the router's own
    // dehydration); the browser starts from it, so the first render needs no
    // request and no tRPC code, and matches the server's HTML.
    dehydrate: (): DehydratedData => ({ siteUrl: site.url }),
    hydrate: (data: DehydratedData) => {
      site.url = data.siteUrl
    },
  })

  /**
   * After an admin's save: every page's loader data is stale, the shown
   * frame's (the header's name, the root's loader) fetched again in the
   * background, the others when next shown. The admin's screens too: their
   * loaders only fill the query cache (cheap when it is fresh), but one that
   * reads a figure another screen's save changed (the dashboard's overview
   * after a project is published) must run again when it is next shown,
   * not within the router's 30 s.
   */
  function publicDataChanged(): void {
    void router.invalidate()
  }

  return router
}

export type AppRouterInstance = ReturnType<typeof createRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouterInstance
  }
  interface StaticDataRouteOption {
    /**
     * For a route the server does not load (`ssr: false`): whether these
     * params name nothing, so the server answers 404 rather than 200 with the
     * frame (the browser then shows the 404 page from the route's loader).
     */
    unknownParams?: (params: Record<string, string>) => boolean
    /**
     * An item's page (`$slug`): when its item is in the Trash, the server answers 410 Gone
     * with the same not-found page, so a site it mentioned, fetching it again, removes the
     * mention (docs/social-web.md).
     */
    trashKind?: 'note' | 'project'
  }
}

import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useRouter,
} from '@tanstack/react-router'
import type { CSSProperties, ReactNode } from 'react'
import { DEFAULT_ACCENT } from '../../src/domain/accent-names'
import { type Appearance, appearanceAttributes } from '../../src/domain/appearance'
import type { ContactFormState } from '../../src/domain/contact-form'
import type { NewsletterPageState } from '../../src/domain/newsletter-page'
import { DEFAULT_SITE_STYLE } from '../../src/domain/site-styles'
import { ErrorPage } from '../components/error-page'
import { NotFoundPage } from '../components/not-found-page'
import { SITE_HEADER_ID } from '../components/site-header'
import { SiteLayout } from '../components/site-layout'
import type { Api } from '../lib/api'
import { ISLANDS_BOOT, type IslandsDocument, SPECULATION_RULES } from '../lib/islands-document'
import { feedLinks } from '../lib/notes'
import { SITE_NAME, type Site } from '../lib/seo'
import { useSiteData } from '../lib/site-data'
import { THEME_SCRIPT_ID } from '../lib/theme-script'
import type { QueryData } from '../lib/trpc'

export interface RouterContext {
  /** tRPC's client for the public pages' loaders, its code fetched on first call (client/lib/api.ts). */
  api: () => Promise<Api>
  /** The query cache and tRPC's proxy for the admin and the sign-in pages (client/lib/trpc.ts). */
  loadQuery: () => Promise<QueryData>
  site: Site
  /** The theme's head script of the app's pages (client/lib/theme-script.ts; client/router.tsx); empty on a public page. */
  themeScript: string
  /** The visitor's theme and fonts, written on <html>: on the server only (client/router.tsx). */
  appearance: Appearance | undefined
  /** The accent colour's custom properties for <html>: on the server only (client/router.tsx). */
  accentStyle: ((color: string) => Record<string, string> | undefined) | undefined
  /** The contact form's token and the answer to its submission: on the server only (client/router.tsx). */
  contactForm: ContactFormState | undefined
  /** The newsletter page's state: on the server only (client/router.tsx). */
  newsletterPage: NewsletterPageState | undefined
  /** On the server, for a public page: a document with islands, not the app (client/router.tsx). */
  islands: IslandsDocument | undefined
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header and footer show the owner's name on every page.
  // Read by every page through useSiteData (client/lib/site-data.ts).
  loader: async ({ context }) => {
    const api = await context.api()
    const [{ bio, ...profile }, hasNotes, appearance, menu] = await Promise.all([
      api.profile.get.query(),
      // The header links to Notes once a note is live.
      api.notes.any.query(),
      // The owner's site style, written on <html> (RootDocument).
      api.appearance.get.query(),
      // The header's and footer's links (Settings → Navigation).
      api.navigation.menu.query(),
    ])
    // The About text's Markdown source stays out of the page: it shows `bio_html`.
    return { profile, hasNotes, style: appearance.style, menu }
  },
  // Defaults for every page; a page's own tags replace those with the same name.
  head: ({ matches, loaderData }) => {
    const notFound = matches.some((match) => match.status === 'notFound' || match._notFound)
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { title: notFound ? `Page Not Found · ${SITE_NAME}` : SITE_NAME },
        { name: 'description', content: 'Portfolio: projects, experience and education.' },
        // The browser's own frame (address bar, task switcher) in the owner's colour.
        { name: 'theme-color', content: loaderData?.profile.accent_color ?? DEFAULT_ACCENT },
        ...(notFound ? [{ name: 'robots', content: 'noindex' }] : []),
        // Mastodon credits the owner on links to this site shared there.
        ...(loaderData?.profile.fediverse_account
          ? [{ name: 'fediverse:creator', content: loaderData.profile.fediverse_account }]
          : []),
      ],
      links: [
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'manifest', href: '/manifest.webmanifest' },
        // Where other sites send Webmentions (docs/social-web.md).
        { rel: 'webmention', href: '/webmention' },
        ...feedLinks,
      ],
    }
  },
  shellComponent: RootDocument,
  component: RootLayout,
  // Rendered inside RootLayout's <Outlet /> for unknown paths and for every
  // `throw notFound()` that bubbles up from a child route.
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
})

/**
 * The whole document: rendered on the server; the app (the admin, the sign-in
 * pages) hydrates it in the browser, while a public page ends with the island
 * loader and the speculation rules instead of the router's scripts
 * (client/lib/islands-document.ts). <html>
 * carries the owner's accent colour and the colours derived from it (CSS
 * custom properties, read by design.css; written by the server only, see
 * client/router.tsx) and the owner's site style (`data-style`, read by
 * design.css, so the first paint has it), and the visitor's theme and fonts
 * from their cookies (src/domain/appearance.ts): before its first paint a
 * public page runs only the loader's boot, which waits for that paint. On the app's pages the head's last script also sets
 * the theme before anything is painted (client/lib/theme-script.ts), hence the
 * attributes React does not know about.
 */
function RootDocument({ children }: { children: ReactNode }) {
  // On an error page the root loader may have failed.
  const site = useSiteData()
  const profile = site?.profile
  const { accentStyle, themeScript, islands, appearance } = useRouter().options.context
  const style = accentStyle?.(profile?.accent_color ?? DEFAULT_ACCENT) as CSSProperties | undefined
  return (
    <html
      lang="en"
      style={style}
      data-style={site?.style ?? DEFAULT_SITE_STYLE}
      {...(appearance ? appearanceAttributes(appearance) : {})}
      suppressHydrationWarning
    >
      <head>
        <HeadContent />
        {islands ? (
          // No frame before the whole header is parsed (SITE_HEADER_ID's note).
          <link rel="expect" href={`#${SITE_HEADER_ID}`} blocking="render" />
        ) : null}
        {themeScript ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, allowed by its CSP hash
          <script id={THEME_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: themeScript }} />
        ) : null}
      </head>
      <body>
        {children}
        {islands ? <IslandScripts islands={islands} /> : <Scripts />}
      </body>
    </html>
  )
}

/**
 * A public page's scripts: the island loader's boot (which adds the loader
 * once the page has painted), and the rules that prepare the next page.
 */
function IslandScripts({ islands }: { islands: IslandsDocument }) {
  return (
    <>
      <script
        data-islands-loader=""
        data-src={islands.loader}
        data-app={islands.app}
        data-css={islands.css.join(' ')}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, allowed by its CSP hash
        dangerouslySetInnerHTML={{ __html: ISLANDS_BOOT }}
      />
      <script
        type="speculationrules"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, allowed by its CSP hash
        dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
      />
    </>
  )
}

function RootLayout() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  )
}

/** Replaces the whole root match, so it brings its own frame. */
function RootError() {
  return (
    <SiteLayout>
      <ErrorPage />
    </SiteLayout>
  )
}

import {
  type DehydratedState,
  dehydrate,
  hydrate,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query'
import { createRouter as createTanStackRouter, useRouter } from '@tanstack/react-router'
import type { ReactElement, ReactNode } from 'react'
import { PendingIndicator } from './components/pending-indicator'
import type { FontFiles } from './lib/fonts'
import type { Site } from './lib/seo'
import { THEME_SCRIPT_ID } from './lib/theme-script'
import { getToken } from './lib/token'
import { createTrpcSource, type Trpc, type TrpcKeys } from './lib/trpc'
import { routeTree } from './routeTree.gen'

export interface CreateRouterOptions {
  /** The site's public address, for canonical URLs; after hydration the server's value wins. */
  siteUrl: string
  /**
   * tRPC's options proxy for the router's query cache: the server-side
   * renderer's calls run in-process. By default the browser's, whose code is
   * fetched on first need (a page's first load needs none: its data came with
   * the HTML); a failed fetch of the code (the network, a deploy that
   * replaced the chunk) is tried again on the next need.
   */
  trpc?: (queryClient: QueryClient) => Trpc
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
   * server's renderer; the browser's router reads it back from the page.
   */
  themeScript?: string
  /** The built web font files (client/lib/fonts.ts), given by the server's renderer for the preload. */
  fontFiles?: FontFiles
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/**
 * The query cache as plain JSON. tRPC answers are JSON already (no
 * transformer), so this only drops `undefined` fields, and it fails loudly
 * if anything else ever slips in.
 */
function toJson(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (Array.isArray(value)) return value.map(toJson)
  if (typeof value === 'object') {
    const result: { [key: string]: Json } = {}
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) result[key] = toJson(item)
    }
    return result
  }
  throw new TypeError(`The query cache holds a ${typeof value}, which cannot go into the page.`)
}

function isTrpcKeys(value: unknown): value is TrpcKeys {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string',
    )
  )
}

function isDehydratedState(value: unknown): value is DehydratedState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'queries' in value &&
    Array.isArray(value.queries) &&
    'mutations' in value &&
    Array.isArray(value.mutations)
  )
}

/** What the server puts into the page besides the router's own state. */
interface DehydratedData {
  siteUrl: string
  queries: Json
  /** The keys tRPC's proxy gave the loaders' queries (client/lib/trpc.ts). */
  trpcKeys: Json
}

/** The React Query provider, around every page. */
function DataProvider({ children }: { children: ReactNode }): ReactElement {
  const { queryClient } = useRouter().options.context
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

/** The theme script the server wrote into the page (none: the dev server's page). */
function pageThemeScript(): string {
  return typeof document === 'undefined'
    ? ''
    : (document.getElementById(THEME_SCRIPT_ID)?.textContent ?? '')
}

/**
 * A new router (and query cache) per call: the browser makes one, and the
 * server-side renderer one per request. Nothing here touches window or
 * localStorage.
 */
export function createRouter(options: CreateRouterOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  })
  const trpcSource = createTrpcSource(
    options.trpc
      ? { trpc: options.trpc(queryClient) }
      : {
          load: () => import('./lib/trpc-client').then((module) => module.createTrpc(queryClient)),
        },
  )
  // One object shared by every match's context, so hydration can set the URL the server used.
  const site: Site = { url: options.siteUrl.replace(/\/+$/, '') }

  return createTanStackRouter({
    routeTree,
    context: {
      queryClient,
      trpc: trpcSource.trpc,
      loadTrpc: trpcSource.load,
      site,
      accentStyle: options.accentStyle,
      themeScript: options.themeScript ?? pageThemeScript(),
      fontFiles: options.fontFiles,
    },
    defaultPreload: 'intent',
    // Loaders fill React Query; the router itself keeps no stale copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingIndicator,
    scrollRestoration: true,
    // The server sends the query cache its loaders filled, and tRPC's keys for those
    // queries; the browser starts from them, so the first render needs no request and
    // no tRPC code, and matches the server's HTML.
    dehydrate: (): DehydratedData => ({
      siteUrl: site.url,
      queries: toJson(dehydrate(queryClient)),
      trpcKeys: toJson(trpcSource.keys()),
    }),
    hydrate: (data: DehydratedData) => {
      site.url = data.siteUrl
      if (isDehydratedState(data.queries)) hydrate(queryClient, data.queries)
      // The server rendered for visitors; a signed-in admin's projects (drafts
      // among them) are asked for again, with the token, wherever next shown.
      if (getToken())
        void queryClient.invalidateQueries({ queryKey: [['projects']], refetchType: 'none' })
      if (isTrpcKeys(data.trpcKeys)) trpcSource.addKeys(data.trpcKeys)
    },
    // Inside the router's context: the query hooks find the same clients the loaders use.
    InnerWrap: DataProvider,
  })
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
  }
}

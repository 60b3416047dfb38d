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
import type { ApiLoader } from './lib/api'
import type { Site } from './lib/seo'
import type { TrpcClient } from './lib/trpc-client'
import { routeTree } from './routeTree.gen'

export interface CreateRouterOptions {
  /** The site's public address, for canonical URLs; after hydration the server's value wins. */
  siteUrl: string
  /** The tRPC client: loaded on first use by default; the server-side renderer calls in-process. */
  api?: ApiLoader
}

/**
 * The browser's tRPC client, fetched on first use: a page's first load needs
 * none of it (its data came with the HTML). A failed fetch of the code (the
 * network, a deploy that replaced the chunk) is retried on the next call.
 */
function lazyApi(): ApiLoader {
  let client: Promise<TrpcClient> | null = null
  return () => {
    client ??= import('./lib/trpc-client').then(
      (module) => module.createTrpcClient(),
      (error: unknown) => {
        client = null
        throw error
      },
    )
    return client
  }
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
}

/** The React Query provider, around every page (the admin adds tRPC's inside it). */
function DataProvider({ children }: { children: ReactNode }): ReactElement {
  const { queryClient } = useRouter().options.context
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
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
  const api = options.api ?? lazyApi()
  // One object shared by every match's context, so hydration can set the URL the server used.
  const site: Site = { url: options.siteUrl.replace(/\/+$/, '') }

  return createTanStackRouter({
    routeTree,
    context: { queryClient, api, site },
    defaultPreload: 'intent',
    // Loaders fill React Query; the router itself keeps no stale copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingIndicator,
    scrollRestoration: true,
    // The server sends the query cache its loaders filled; the browser starts from it,
    // so the first render needs no request and matches the server's HTML.
    dehydrate: (): DehydratedData => ({
      siteUrl: site.url,
      queries: toJson(dehydrate(queryClient)),
    }),
    hydrate: (data: DehydratedData) => {
      site.url = data.siteUrl
      if (isDehydratedState(data.queries)) hydrate(queryClient, data.queries)
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
}

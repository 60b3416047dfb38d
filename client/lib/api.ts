import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { TrpcClient } from './trpc-client'

/**
 * The tRPC client, on demand. The browser fetches the client's code on the
 * first call (a navigation, a preload on hover, a form sent), so a page's
 * first load carries none of it: the server already put that page's data
 * into the query cache. The server-side renderer resolves at once to an
 * in-process client.
 */
export type ApiLoader = () => Promise<TrpcClient>

/**
 * The query key @trpc/react-query gives a query procedure
 * (`[['projects', 'bySlug'], { input, type: 'query' }]`). Public pages and
 * the admin's tRPC hooks therefore share one cache entry per procedure and
 * input, and the admin's invalidations reach what public pages show
 * (client/lib/api.test.ts compares the two).
 */
export function trpcQueryKey(path: string, input?: unknown) {
  const segments = path.split('.')
  return input === undefined
    ? ([segments, { type: 'query' }] as const)
    : ([segments, { input, type: 'query' }] as const)
}

/** The public reads, as React Query options: the same for loaders and components. */
export const publicQueries = {
  profile: (api: ApiLoader) =>
    queryOptions({
      queryKey: trpcQueryKey('profile.get'),
      queryFn: async () => (await api()).profile.get.query(),
    }),
  timeline: (api: ApiLoader) =>
    queryOptions({
      queryKey: trpcQueryKey('timeline.list'),
      queryFn: async () => (await api()).timeline.list.query(),
    }),
  projects: (api: ApiLoader) =>
    queryOptions({
      queryKey: trpcQueryKey('projects.list'),
      queryFn: async () => (await api()).projects.list.query(),
    }),
  project: (api: ApiLoader, slug: string) =>
    queryOptions({
      queryKey: trpcQueryKey('projects.bySlug', { slug }),
      queryFn: async () => (await api()).projects.bySlug.query({ slug }),
    }),
}

/**
 * For the `beforeLoad` of the screens that use tRPC's React hooks (the admin
 * area and the login page): the client and the loader-side helpers, with
 * @trpc/react-query fetched on demand so that it never weighs on a public
 * page. Route files keep `beforeLoad` in the entry bundle, hence the import
 * here rather than a static one.
 */
export async function loadTrpcContext(context: { api: ApiLoader; queryClient: QueryClient }) {
  const { trpcContext } = await import('./trpc')
  return trpcContext(context)
}

/** For components: the router's tRPC client loader. */
export function useApi(): ApiLoader {
  return useRouter().options.context.api
}

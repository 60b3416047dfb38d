/**
 * tRPC with React Query, for the screens that write: the admin, the sign-in
 * and set-up pages. Loaders call `queryClient.ensureQueryData(trpc.projects.list.queryOptions())`,
 * components `useSuspenseQuery(trpc.projects.list.queryOptions())` and
 * `useMutation(trpc.auth.login.mutationOptions())`, the admin invalidates
 * with `queryClient.invalidateQueries(trpc.projects.pathFilter())`.
 *
 * None of it is in a public page's script: the public pages read through the
 * router's loaders (client/lib/api.ts). The router's `loadQuery` imports this
 * module on first need (the admin's and the sign-in pages' `beforeLoad`), and
 * every successful mutation tells the router that what public pages show may
 * have changed, so an admin edit reaches them in the same tab.
 */
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement, type ReactElement, type ReactNode } from 'react'
import { createTrpc, type Trpc, type TrpcLink } from './trpc-client'

export type { Trpc }

export interface QueryData {
  queryClient: QueryClient
  trpc: Trpc
}

/**
 * A query cache and tRPC's options proxy over it; `onChange` after every
 * successful mutation (the router's `publicDataChanged`).
 */
export function createQueryData(onChange: () => void, links?: TrpcLink[]): QueryData {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({ onSuccess: () => onChange() }),
  })
  return { queryClient, trpc: createTrpc(queryClient, links) }
}

let shared: QueryData | null = null
let changed: () => void = () => undefined

/** The browser's one query cache and proxy, made on first use. */
export function queryData(onChange: () => void): QueryData {
  changed = onChange
  shared ??= createQueryData(() => changed())
  return shared
}

function sharedData(): QueryData {
  if (!shared)
    throw new Error('The query cache is made by the route: await context.loadQuery() first.')
  return shared
}

/** The options proxy, for components under a route that awaited `loadQuery`. */
export function useTrpc(): Trpc {
  return sharedData().trpc
}

/** The React Query provider, around the admin's and the sign-in pages' screens. */
export function QueryProvider({ children }: { children: ReactNode }): ReactElement {
  return createElement(QueryClientProvider, { client: sharedData().queryClient }, children)
}

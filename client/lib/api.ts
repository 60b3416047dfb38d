/**
 * How the public pages read their data: their loaders call the procedures
 * through tRPC's vanilla client (`(await context.api()).projects.list.query()`)
 * and the router keeps the answers (each match's loader data, dehydrated into
 * the server's page and reused for `staleTime`). No query cache and no React
 * Query in a public page's script: those come with the admin, the sign-in
 * pages and the contact form (client/lib/trpc.ts).
 *
 * The client's code (client/lib/trpc-client.ts, with its links) is fetched on
 * first need: a page's first load needs none, its data came with the HTML.
 */

import type { TRPCClient } from '@trpc/client'
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/trpc/root'

export type Api = TRPCClient<AppRouter>
export type ApiInputs = inferRouterInputs<AppRouter>
export type ApiOutputs = inferRouterOutputs<AppRouter>

/**
 * The browser's client, its code fetched once on first call; a failed fetch
 * (the network, a deploy that replaced the chunk) is tried again on the next.
 */
export function browserApi(
  load: () => Promise<{ createApi: () => Api }> = () => import('./trpc-client'),
): () => Promise<Api> {
  let ready: Api | null = null
  let loading: Promise<Api> | null = null
  return () => {
    if (ready) return Promise.resolve(ready)
    loading ??= load().then(
      (module) => {
        ready = module.createApi()
        return ready
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }
}

import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import { isUnauthorized } from './admin-errors'
import { httpStatusOf, serverMessageOf } from './api-errors'
import { endSession } from './session-ended'
import type { Trpc } from './trpc'

/**
 * For loaders: a 401 means the stored token is no longer valid, so forget it
 * and send the visitor to sign in again. Any other error is rethrown as is.
 */
export function rethrowUnlessUnauthorized(error: unknown): never {
  if (isUnauthorized(error)) {
    // The server's reason (a restore from a backup) is shown on the sign-in page.
    endSession(serverMessageOf(error))
    throw redirect({ to: '/login' })
  }
  throw error
}

interface LoaderContext {
  context: { queryClient: QueryClient; loadTrpc: () => Promise<Trpc> }
}

/**
 * The loader of an admin screen: `load` puts its queries in the cache;
 * after a 401 the visitor signs in again.
 */
export function adminLoader(load: (queryClient: QueryClient, trpc: Trpc) => Promise<unknown>) {
  return async ({ context: { queryClient, loadTrpc } }: LoaderContext): Promise<void> => {
    const trpc = await loadTrpc()
    try {
      await load(queryClient, trpc)
    } catch (error) {
      rethrowUnlessUnauthorized(error)
    }
  }
}

/** For edit loaders: a missing row shows the 404 page; a 401 goes to /login. */
export function rethrowForEditLoader(error: unknown): never {
  if (httpStatusOf(error) === 404) throw notFound()
  return rethrowUnlessUnauthorized(error)
}

const MAX_ID = 2_147_483_647

/** The numeric id of an edit route, or a 404 for anything that cannot be one. */
export function routeIdOrNotFound(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound()
  const id = Number(raw)
  if (id > MAX_ID) throw notFound()
  return id
}

/**
 * The loader of an edit route: a valid id whose row is in the cache for the
 * screen (`{ id }` for it), else the 404 page, or /login after a 401.
 */
export function editLoader<TData, TError, TKey extends QueryKey>(
  query: (trpc: Trpc, id: number) => EnsureQueryDataOptions<TData, TError, TData, TKey>,
) {
  return async ({
    context: { queryClient, loadTrpc },
    params,
  }: LoaderContext & { params: { id: string } }): Promise<{ id: number }> => {
    const id = routeIdOrNotFound(params.id)
    const trpc = await loadTrpc()
    try {
      await queryClient.ensureQueryData(query(trpc, id))
    } catch (error) {
      rethrowForEditLoader(error)
    }
    return { id }
  }
}

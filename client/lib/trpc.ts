/**
 * tRPC on the client, one way everywhere: @trpc/tanstack-react-query's options
 * proxy. Loaders call `queryClient.ensureQueryData(trpc.projects.list.queryOptions())`,
 * components `useSuspenseQuery(trpc.projects.list.queryOptions())` and
 * `useMutation(trpc.contact.send.mutationOptions())`, the admin invalidates
 * with `queryClient.invalidateQueries(trpc.projects.pathFilter())`: one query
 * cache, tRPC's own keys, so an admin edit reaches what public pages show.
 *
 * The proxy's code (with the vanilla client and its links,
 * client/lib/trpc-client.ts) is not part of a public page's first load: the
 * browser fetches it on first need (a loader, a hover preload, the contact
 * form gaining focus). Until then the proxy here stands in for it. It answers
 * `queryOptions()` with the key tRPC's proxy on the server gave that
 * procedure and input (the server's loaders asked for every query the page
 * shows, and those keys travel with the page next to the query cache) and a
 * query function that loads the code and runs tRPC's own; and
 * `mutationOptions()` with a mutation function that loads the code and runs
 * tRPC's (the mutation key, which nothing here filters by, comes with the
 * code). Anything else needs the code loaded: `await loadTrpc()` first, as
 * every loader and the admin's `beforeLoad` do.
 */
import { hashKey } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { Trpc } from './trpc-client'

export type { Trpc }

/** The query keys the proxy has handed out, by procedure and input (JSON, for the page). */
export type TrpcKeys = [string, unknown][]

export interface TrpcSource {
  /** The options proxy, for rendering; see above for what it answers before its code is loaded. */
  trpc: Trpc
  /** The same proxy once its code is loaded (fetched once, again after a failed fetch). */
  load: () => Promise<Trpc>
  /** The query keys handed out so far: the server puts them into the page. */
  keys: () => TrpcKeys
  /** The keys the page came with, for the browser's renders before the code is loaded. */
  addKeys: (keys: TrpcKeys) => void
}

type AnyFunction = (...args: unknown[]) => unknown
type Call = (path: string[], method: string, args: unknown[]) => unknown

/** A recursive proxy like tRPC's own: `proxy.a.b.method(...args)` is `call(['a', 'b'], 'method', args)`. */
function callProxy(call: Call, path: string[] = []): unknown {
  return new Proxy(() => undefined, {
    // Not a thenable: an async function may return the proxy.
    get: (_target, key) =>
      typeof key === 'string' && key !== 'then' ? callProxy(call, [...path, key]) : undefined,
    apply: (_target, _this, args: unknown[]) => call(path.slice(0, -1), path.at(-1) ?? '', args),
  })
}

/** `trpc.a.b.method` on tRPC's proxy. */
function member(trpc: Trpc, path: string[], method: string): AnyFunction {
  let node: unknown = trpc
  for (const key of [...path, method]) node = (node as Record<string, unknown>)[key]
  if (typeof node !== 'function')
    throw new TypeError(`trpc.${path.join('.')}.${method} is not a function`)
  return node as AnyFunction
}

const keyId = (path: string[], input: unknown) => hashKey([path, input])

/**
 * The router's tRPC: `{ trpc }` when the proxy is at hand (the server),
 * `{ load }` when its code comes on first need (the browser).
 */
export function createTrpcSource(
  options: { trpc: Trpc } | { load: () => Promise<Trpc> },
): TrpcSource {
  let ready = 'trpc' in options ? options.trpc : null
  const load = 'load' in options ? options.load : () => Promise.resolve(options.trpc)
  let loading: Promise<Trpc> | null = null
  const keys = new Map<string, unknown>()

  function loadTrpc(): Promise<Trpc> {
    if (ready) return Promise.resolve(ready)
    loading ??= load().then(
      (trpc) => {
        ready = trpc
        return trpc
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }

  function queryOptionsBeforeLoad(path: string[], input: unknown, opts: unknown) {
    const queryKey = keys.get(keyId(path, input))
    if (queryKey === undefined) {
      throw new Error(
        `trpc.${path.join('.')}.queryOptions(): no key for this input came with the page; await loadTrpc() first.`,
      )
    }
    return {
      ...(opts as object | undefined),
      queryKey,
      queryFn: async (context: unknown) => {
        const real = member(await loadTrpc(), path, 'queryOptions')(input, opts)
        return (real as { queryFn: AnyFunction }).queryFn(context)
      },
    }
  }

  function mutationOptionsBeforeLoad(path: string[], opts: unknown) {
    let real: { mutationFn: AnyFunction; onSuccess: AnyFunction } | undefined
    return {
      ...(opts as object | undefined),
      mutationFn: async (...args: unknown[]) => {
        real ??= member(await loadTrpc(), path, 'mutationOptions')(opts) as typeof real
        return real?.mutationFn(...args)
      },
      // tRPC's own, which calls the caller's: the mutation function has loaded it by then.
      onSuccess: (...args: unknown[]) => real?.onSuccess(...args),
    }
  }

  const trpc = callProxy((path, method, args) => {
    if (ready) {
      const result = member(ready, path, method)(...args)
      // Noted on both sides; the server's notes are what the page carries.
      if (method === 'queryOptions') {
        keys.set(keyId(path, args[0]), (result as { queryKey: unknown }).queryKey)
      }
      return result
    }
    if (method === 'queryOptions') return queryOptionsBeforeLoad(path, args[0], args[1])
    if (method === 'mutationOptions') return mutationOptionsBeforeLoad(path, args[0])
    throw new Error(`trpc.${path.join('.')}.${method}() needs tRPC's code: await loadTrpc() first.`)
  }) as Trpc

  return {
    trpc,
    load: () => loadTrpc().then(() => trpc),
    keys: () => [...keys],
    addKeys: (entries) => {
      for (const [id, key] of entries) keys.set(id, key)
    },
  }
}

/** The options proxy, for components. */
export function useTrpc(): Trpc {
  return useRouter().options.context.trpc
}

/** Loads tRPC's code ahead of need (the contact form, as soon as someone starts on it). */
export function useLoadTrpc(): () => Promise<Trpc> {
  return useRouter().options.context.loadTrpc
}

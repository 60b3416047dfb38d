/**
 * One integration on both sides of a page: the server's loaders ask tRPC's
 * options proxy for their queries; the browser renders from the keys and the
 * query cache that came with the page before tRPC's code is loaded; and the
 * admin's invalidations (tRPC's own filters) reach those very cache entries,
 * or an admin edit would leave public pages showing stale data in the same tab.
 */
import { describe, expect, test } from 'bun:test'
import {
  dehydrate,
  hydrate,
  MutationObserver,
  QueryClient,
  type QueryKey,
  QueryObserver,
} from '@tanstack/react-query'
import { observable } from '@trpc/server/observable'
import { refreshProjects } from '../components/admin/refresh-lists'
import { createTrpcSource, type TrpcKeys } from './trpc'
import { createTrpc, type TrpcLink } from './trpc-client'

const projects = [{ id: 1, slug: 'orrery', title: 'Orrery' }]
const project = { id: 1, slug: 'orrery', title: 'Orrery' }
const profile = { name: 'Ada Lovelace' }

/** A tRPC link that answers each procedure with fixed data and notes every call. */
function fakeServer(answers: Record<string, unknown>) {
  const calls: string[] = []
  const link: TrpcLink =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(`${op.type} ${op.path} ${JSON.stringify(op.input ?? null)}`)
        observer.next({ result: { type: 'data', data: answers[op.path] } })
        observer.complete()
      })
  return { calls, link }
}

/** What the server puts into a project page: the loaders' queries and tRPC's keys for them. */
async function serverPage(): Promise<{ queries: unknown; keys: TrpcKeys }> {
  const queryClient = new QueryClient()
  const server = fakeServer({
    'projects.list': projects,
    'projects.bySlug': project,
    'profile.get': profile,
  })
  const source = createTrpcSource({ trpc: createTrpc(queryClient, [server.link]) })
  const trpc = await source.load()
  await Promise.all([
    queryClient.ensureQueryData(trpc.profile.get.queryOptions()),
    queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
    queryClient.ensureQueryData(trpc.projects.bySlug.queryOptions({ slug: 'orrery' })),
  ])
  // Through JSON, as in the page.
  return JSON.parse(JSON.stringify({ queries: dehydrate(queryClient), keys: source.keys() }))
}

/** The browser after hydrating that page: tRPC's code not loaded yet. */
async function browser(answers: Record<string, unknown> = {}) {
  const page = await serverPage()
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })
  const server = fakeServer(answers)
  let loads = 0
  const source = createTrpcSource({
    load: async () => {
      loads++
      return createTrpc(queryClient, [server.link])
    },
  })
  hydrate(queryClient, page.queries as Parameters<typeof hydrate>[1])
  source.addKeys(page.keys)
  /** What the cache holds under a key, untyped: the fixtures are not whole rows. */
  const dataOf = (queryKey: QueryKey): unknown => queryClient.getQueryData(queryKey)
  return { queryClient, source, server, loads: () => loads, dataOf }
}

describe('before tRPC is loaded', () => {
  test("components read the page's cache entries under tRPC's own keys", async () => {
    const { source, server, loads, dataOf } = await browser()
    const list = source.trpc.projects.list.queryOptions()
    const detail = source.trpc.projects.bySlug.queryOptions({ slug: 'orrery' })
    expect(dataOf(list.queryKey)).toEqual(projects)
    expect(dataOf(detail.queryKey)).toEqual(project)
    expect(loads()).toBe(0)

    // The very keys tRPC's proxy builds once its code is here.
    const trpc = await source.load()
    expect(list.queryKey).toEqual(trpc.projects.list.queryKey())
    expect(detail.queryKey).toEqual(trpc.projects.bySlug.queryKey({ slug: 'orrery' }))
    expect(server.calls).toEqual([])
  })

  test('a query function loads the code once, then runs the procedure', async () => {
    const { queryClient, source, server, loads } = await browser({ 'projects.list': [] })
    const list = source.trpc.projects.list.queryOptions()
    expect(await queryClient.fetchQuery({ ...list, staleTime: 0 })).toEqual([])
    expect(await queryClient.fetchQuery({ ...list, staleTime: 0 })).toEqual([])
    expect(loads()).toBe(1)
    expect(server.calls).toEqual(['query projects.list null', 'query projects.list null'])
  })

  test('a mutation loads the code, then runs the procedure and the caller’s onSuccess', async () => {
    const sent = { id: 7, name: 'Ada' }
    const { queryClient, source, server, loads } = await browser({ 'contact.send': sent })
    const succeeded: unknown[] = []
    const options = source.trpc.contact.send.mutationOptions({
      onSuccess: (data) => {
        succeeded.push(data)
      },
    })
    const input = { name: 'Ada', email: 'ada@example.com', message: 'Hello', website: '' }
    const result: unknown = await new MutationObserver(queryClient, options).mutate(input)
    expect(result).toEqual(sent)
    expect(loads()).toBe(1)
    expect(server.calls).toEqual([`mutation contact.send ${JSON.stringify(input)}`])
    expect(succeeded).toEqual([sent])
  })

  test('anything the page did not come with needs the code', async () => {
    const { source } = await browser()
    expect(() => source.trpc.projects.bySlug.queryOptions({ slug: 'other' })).toThrow(
      /no key for this input/,
    )
    expect(() => source.trpc.projects.pathFilter()).toThrow(/await loadTrpc\(\) first/)
    const trpc = await source.load()
    expect(trpc.projects.bySlug.queryOptions({ slug: 'other' }).queryKey).toEqual(
      trpc.projects.bySlug.queryKey({ slug: 'other' }),
    )
  })

  test('a failed fetch of the code is tried again on the next need', async () => {
    let attempts = 0
    const source = createTrpcSource({
      load: async () => {
        attempts++
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
        return createTrpc(new QueryClient(), [])
      },
    })
    await expect(source.load()).rejects.toThrow('Failed to fetch')
    expect(await source.load()).toBe(source.trpc)
    expect(await source.load()).toBe(source.trpc)
    expect(attempts).toBe(2)
  })
})

describe("the admin's invalidations", () => {
  test("reach the public pages' entries, and only those of the procedures named", async () => {
    const { queryClient, source } = await browser()
    const list = source.trpc.projects.list.queryOptions()
    const detail = source.trpc.projects.bySlug.queryOptions({ slug: 'orrery' })
    const owner = source.trpc.profile.get.queryOptions()

    // A delete on the dashboard (client/components/admin/projects-panel.tsx).
    const trpc = await source.load()
    await queryClient.invalidateQueries(trpc.projects.pathFilter())
    expect(queryClient.getQueryState(list.queryKey)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(detail.queryKey)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(owner.queryKey)?.isInvalidated).toBe(false)
  })

  test('after a save, the list is fetched again at once and the project pages go stale', async () => {
    const updated = [{ id: 1, slug: 'orrery', title: 'Orrery, polished' }]
    const { queryClient, source, server, dataOf } = await browser({ 'projects.list': updated })
    const list = source.trpc.projects.list.queryOptions()
    const detail = source.trpc.projects.bySlug.queryOptions({ slug: 'orrery' })
    // The projects page has shown the list (its component's options are the query's).
    new QueryObserver(queryClient, list)

    await refreshProjects(queryClient, await source.load())
    expect(server.calls).toEqual(['query projects.list null'])
    expect(dataOf(list.queryKey)).toEqual(updated)
    expect(queryClient.getQueryState(detail.queryKey)?.isInvalidated).toBe(true)
  })
})

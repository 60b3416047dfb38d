/**
 * The two ways the client reads the API: the public pages' loaders through
 * tRPC's vanilla client, fetched on first need (client/lib/api.ts), and the
 * admin's query cache (client/lib/trpc.ts), whose saves tell the router that
 * public pages may show stale data, so an admin edit reaches them in the same
 * tab.
 */
import { describe, expect, test } from 'bun:test'
import { MutationObserver, QueryObserver } from '@tanstack/react-query'
import { observable } from '@trpc/server/observable'
import { refreshProjects } from '../components/admin/ui/refresh-lists'
import { browserApi } from './api'
import { createQueryData } from './trpc'
import { createApi, type TrpcLink } from './trpc-client'

const projects = [{ id: 1, slug: 'orrery', title: 'Orrery' }]

/** A tRPC link that answers each procedure with fixed data (an Error: fails) and notes every call. */
function fakeServer(answers: Record<string, unknown>) {
  const calls: string[] = []
  const link: TrpcLink =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(`${op.type} ${op.path} ${JSON.stringify(op.input ?? null)}`)
        const answer = answers[op.path]
        if (answer instanceof Error) {
          observer.error(answer as never)
          return
        }
        observer.next({ result: { type: 'data', data: answer } })
        observer.complete()
      })
  return { calls, link }
}

describe("the public pages' client", () => {
  test('is loaded on the first call only, then runs the procedures', async () => {
    const server = fakeServer({ 'projects.list': projects })
    let loads = 0
    const api = browserApi(async () => {
      loads++
      return { createApi: () => createApi([server.link]) }
    })
    expect(loads).toBe(0)
    const [first, second] = await Promise.all([api(), api()])
    expect(first).toBe(second)
    expect((await first.projects.list.query()) as unknown).toEqual(projects)
    expect((await (await api()).projects.list.query()) as unknown).toEqual(projects)
    expect(loads).toBe(1)
    expect(server.calls).toEqual(['query projects.list null', 'query projects.list null'])
  })

  test('a failed fetch of its code is tried again on the next call', async () => {
    let attempts = 0
    const api = browserApi(async () => {
      attempts++
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return { createApi: () => createApi([]) }
    })
    await expect(api()).rejects.toThrow('Failed to fetch')
    const client = await api()
    expect(await api()).toBe(client)
    expect(attempts).toBe(2)
  })
})

describe("the admin's query cache", () => {
  test('a successful save tells the router, a failed one does not', async () => {
    const sent = { ok: true }
    const server = fakeServer({
      'projects.create': sent,
      'projects.delete': new Error('refused'),
    })
    let changes = 0
    const { queryClient, trpc } = createQueryData(() => changes++, [server.link])
    const create = new MutationObserver(queryClient, trpc.projects.create.mutationOptions())
    expect((await create.mutate({ title: 'Orrery' } as never)) as unknown).toEqual(sent)
    expect(changes).toBe(1)

    const remove = new MutationObserver(queryClient, trpc.projects.delete.mutationOptions())
    await expect(remove.mutate({ id: 1 } as never)).rejects.toThrow('refused')
    expect(changes).toBe(1)
    expect(server.calls.map((call) => call.split(' ').slice(0, 2).join(' '))).toEqual([
      'mutation projects.create',
      'mutation projects.delete',
    ])
  })

  test('after a save, the list is fetched again at once and the project pages go stale', async () => {
    const updated = [{ id: 1, slug: 'orrery', title: 'Orrery, polished' }]
    const server = fakeServer({ 'projects.list': updated, 'projects.bySlug': projects[0] })
    const { queryClient, trpc } = createQueryData(() => undefined, [server.link])
    const list = trpc.projects.list.queryOptions()
    const detail = trpc.projects.bySlug.queryOptions({ slug: 'orrery' })
    queryClient.setQueryData(list.queryKey, projects as never)
    queryClient.setQueryData(detail.queryKey, projects[0] as never)
    // The dashboard has shown the list (its component's options are the query's).
    new QueryObserver(queryClient, list)

    await refreshProjects(queryClient, trpc)
    expect(server.calls).toEqual(['query projects.list null'])
    expect(queryClient.getQueryData(list.queryKey) as unknown).toEqual(updated)
    expect(queryClient.getQueryState(detail.queryKey)?.isInvalidated).toBe(true)
  })
})

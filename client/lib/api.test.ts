/**
 * Public pages read through React Query with keys of their own making
 * (client/lib/api.ts); the admin screens use @trpc/react-query. Both must
 * name a procedure's data the same way, or an admin edit would leave public
 * pages showing stale data in the same tab.
 */
import { describe, expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { type ApiLoader, publicQueries } from './api'
import { trpc, trpcContext } from './trpc'
import { createTrpcClient } from './trpc-client'

const client = createTrpcClient([])
const api: ApiLoader = () => Promise.resolve(client)

describe('public query keys', () => {
  test('are the keys @trpc/react-query uses for the same procedure and input', () => {
    expect(publicQueries.profile(api).queryKey).toEqual(
      getQueryKey(trpc.profile.get, undefined, 'query') as never,
    )
    expect(publicQueries.timeline(api).queryKey).toEqual(
      getQueryKey(trpc.timeline.list, undefined, 'query') as never,
    )
    expect(publicQueries.projects(api).queryKey).toEqual(
      getQueryKey(trpc.projects.list, undefined, 'query') as never,
    )
    expect(publicQueries.project(api, 'my-app').queryKey).toEqual(
      getQueryKey(trpc.projects.bySlug, { slug: 'my-app' }, 'query') as never,
    )
  })

  test("the admin's tRPC helpers read and invalidate what public pages cached", async () => {
    const queryClient = new QueryClient()
    const { trpcUtils } = await trpcContext({ api, queryClient })
    const projects = publicQueries.projects(api)
    const project = publicQueries.project(api, 'my-app')
    queryClient.setQueryData(projects.queryKey, [])
    queryClient.setQueryData(project.queryKey, { slug: 'my-app' } as never)

    expect(trpcUtils.projects.list.getData()).toEqual([])
    expect(trpcUtils.projects.bySlug.getData({ slug: 'my-app' })).toEqual({
      slug: 'my-app',
    } as never)

    // What the admin does after a save: every projects query is marked stale.
    await trpcUtils.projects.invalidate(undefined, { refetchType: 'none' })
    expect(queryClient.getQueryState(projects.queryKey)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(project.queryKey)?.isInvalidated).toBe(true)
  })
})

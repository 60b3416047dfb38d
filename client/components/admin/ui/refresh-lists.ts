import type { QueryClient } from '@tanstack/react-query'
import type { Trpc } from '../../../lib/trpc'

/*
 * After a save the dashboard list is fetched again before we land on it, so
 * the dashboard loader finds fresh data; the public views only go stale and
 * refetch when next shown.
 */

export async function refreshProjects(queryClient: QueryClient, trpc: Trpc) {
  await Promise.all([
    queryClient.invalidateQueries({ ...trpc.projects.list.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries(trpc.projects.bySlug.pathFilter()),
    queryClient.invalidateQueries(trpc.projects.featured.pathFilter()),
  ])
}

export async function refreshTimeline(queryClient: QueryClient, trpc: Trpc) {
  await queryClient.invalidateQueries({ ...trpc.timeline.list.pathFilter(), refetchType: 'all' })
}

export async function refreshNotes(queryClient: QueryClient, trpc: Trpc) {
  await queryClient.invalidateQueries(trpc.notes.pathFilter())
}

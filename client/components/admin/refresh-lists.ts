import type { trpc } from '../../lib/trpc'

type Utils = ReturnType<typeof trpc.useUtils>

/*
 * After a save the dashboard list is fetched again before we land on it, so
 * the dashboard loader finds fresh data; the public views only go stale and
 * refetch when next shown.
 */

export async function refreshProjects(utils: Utils) {
  await Promise.all([
    utils.projects.list.invalidate(undefined, { refetchType: 'all' }),
    utils.projects.bySlug.invalidate(),
  ])
}

export async function refreshTimeline(utils: Utils) {
  await utils.timeline.list.invalidate(undefined, { refetchType: 'all' })
}

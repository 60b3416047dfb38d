import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { TimelineData } from '../../../../src/schemas/timeline'
import { refreshTimeline } from '../../../components/admin/refresh-lists'
import { TimelineForm } from '../../../components/admin/timeline-form'
import { rethrowForEditLoader, routeIdOrNotFound } from '../../../lib/admin-loaders'
import { useTrpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/timeline/edit/$id')({
  // Loader and screen travel together in this route's own chunk, so the
  // public entry bundle carries no admin code at all.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async ({ context: { queryClient, loadTrpc }, params }) => {
    const id = routeIdOrNotFound(params.id)
    const trpc = await loadTrpc()
    try {
      await queryClient.ensureQueryData(trpc.timeline.byId.queryOptions({ id }))
    } catch (error) {
      rethrowForEditLoader(error)
    }
    return { id }
  },
  head: () => ({ meta: [{ title: 'Edit Timeline Event' }] }),
  component: EditEvent,
})

function EditEvent() {
  const { id } = Route.useLoaderData()
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: event } = useSuspenseQuery(trpc.timeline.byId.queryOptions({ id }))
  const update = useMutation(trpc.timeline.update.mutationOptions())

  async function save(data: TimelineData) {
    const saved = await update.mutateAsync({ id, ...data })
    queryClient.setQueryData(trpc.timeline.byId.queryKey({ id }), saved)
    await refreshTimeline(queryClient, trpc)
  }

  return <TimelineForm key={id} heading="Edit Timeline Event." event={event} save={save} />
}

import { createFileRoute } from '@tanstack/react-router'
import type { TimelineData } from '../../../../src/schemas/timeline'
import { refreshTimeline } from '../../../components/admin/refresh-lists'
import { TimelineForm } from '../../../components/admin/timeline-form'
import { rethrowForEditLoader, routeIdOrNotFound } from '../../../lib/admin-loaders'
import { trpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/timeline/edit/$id')({
  // Loader and screen travel together in this route's own chunk, so the
  // public entry bundle carries no admin code at all.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async ({ context: { trpcUtils }, params }) => {
    const id = routeIdOrNotFound(params.id)
    try {
      await trpcUtils.timeline.byId.ensureData({ id })
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
  const [event] = trpc.timeline.byId.useSuspenseQuery({ id })
  const update = trpc.timeline.update.useMutation()
  const utils = trpc.useUtils()

  async function save(data: TimelineData) {
    const saved = await update.mutateAsync({ id, ...data })
    utils.timeline.byId.setData({ id }, saved)
    await refreshTimeline(utils)
  }

  return <TimelineForm key={id} heading="Edit Timeline Event." event={event} save={save} />
}

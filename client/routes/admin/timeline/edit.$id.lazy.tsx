import { createLazyFileRoute } from '@tanstack/react-router'
import { TimelineForm } from '../../../components/admin/timeline/timeline-form'
import { refreshTimeline } from '../../../components/admin/ui/refresh-lists'
import { useEditSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/timeline/edit/$id')({
  component: EditEvent,
})

function EditEvent() {
  const { id } = Route.useLoaderData()
  const trpc = useTrpc()
  const { item, save, reload } = useEditSave({
    id,
    query: trpc.timeline.byId.queryOptions({ id }),
    update: trpc.timeline.update.mutationOptions(),
    refresh: refreshTimeline,
    saved: 'Timeline event saved.',
  })
  return (
    <TimelineForm
      key={`${id}-${item.version}`}
      heading="Edit Timeline Event."
      item={item}
      save={save}
      reload={reload}
    />
  )
}

import { createLazyFileRoute } from '@tanstack/react-router'
import { TimelineForm } from '../../../components/admin/timeline/timeline-form'
import { refreshTimeline } from '../../../components/admin/ui/refresh-lists'
import { useCreateSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/timeline/new')({
  component: NewEvent,
})

function NewEvent() {
  const save = useCreateSave(
    useTrpc().timeline.create.mutationOptions(),
    refreshTimeline,
    'Timeline event added.',
  )
  return <TimelineForm heading="Add New Timeline Event." save={save} />
}

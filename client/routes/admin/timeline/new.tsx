import { createFileRoute } from '@tanstack/react-router'
import type { TimelineData } from '../../../../src/schemas/timeline'
import { refreshTimeline } from '../../../components/admin/refresh-lists'
import { TimelineForm } from '../../../components/admin/timeline-form'
import { trpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/timeline/new')({
  head: () => ({ meta: [{ title: 'Add New Timeline Event' }] }),
  component: NewEvent,
})

function NewEvent() {
  const create = trpc.timeline.create.useMutation()
  const utils = trpc.useUtils()

  async function save(data: TimelineData) {
    await create.mutateAsync(data)
    await refreshTimeline(utils)
  }

  return <TimelineForm heading="Add New Timeline Event." save={save} />
}

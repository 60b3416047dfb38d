import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { TimelineData } from '../../../../src/schemas/timeline'
import { refreshTimeline } from '../../../components/admin/refresh-lists'
import { TimelineForm } from '../../../components/admin/timeline-form'
import { useTrpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/timeline/new')({
  head: () => ({ meta: [{ title: 'Add New Timeline Event' }] }),
  component: NewEvent,
})

function NewEvent() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const create = useMutation(trpc.timeline.create.mutationOptions())

  async function save(data: TimelineData) {
    await create.mutateAsync(data)
    await refreshTimeline(queryClient, trpc)
  }

  return <TimelineForm heading="Add New Timeline Event." save={save} />
}

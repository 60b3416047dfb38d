import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { EventType } from '../../../src/schemas/timeline'
import { useTrpc } from '../../lib/trpc'
import { eventTypeLabels } from './event-type-labels'
import {
  dangerButtonClass,
  ErrorAlert,
  primaryButtonClass,
  smallButtonClass,
} from './form-controls'
import { EmptyState, SectionCard } from './section-card'
import { useDeleteAction } from './use-delete-action'

const typeBadgeClass: Record<EventType, string> = {
  experience: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  education: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
}

export function TimelinePanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: events } = useSuspenseQuery(trpc.timeline.list.queryOptions())
  const remove = useMutation(trpc.timeline.delete.mutationOptions())
  const deletion = useDeleteAction({
    question: 'Are you sure you want to delete this timeline event?',
    fallback: 'The timeline event could not be deleted.',
    remove: (id) => remove.mutateAsync({ id }),
    refresh: () => queryClient.invalidateQueries(trpc.timeline.pathFilter()),
  })

  return (
    <SectionCard
      id="manage-timeline"
      title="Manage Timeline."
      action={
        <Link to="/admin/timeline/new" className={primaryButtonClass}>
          Add Event
        </Link>
      }
    >
      <ErrorAlert message={deletion.error} />
      {events.length === 0 ? (
        <EmptyState>No timeline events yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {events.map((event) => {
            const titleId = `event-${event.id}-title`
            return (
              <li
                key={event.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <p id={titleId} className="font-semibold break-words text-slate-900">
                    {event.title}
                  </p>
                  <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    {event.position ? <span className="break-words">{event.position}</span> : null}
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${typeBadgeClass[event.event_type]}`}
                    >
                      {eventTypeLabels[event.event_type]}
                    </span>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Link
                    to="/admin/timeline/edit/$id"
                    params={{ id: String(event.id) }}
                    aria-describedby={titleId}
                    className={smallButtonClass}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    aria-describedby={titleId}
                    className={dangerButtonClass}
                    disabled={deletion.pendingId === event.id}
                    onClick={() => deletion.run(event.id)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}

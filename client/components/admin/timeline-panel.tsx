import { Link } from '@tanstack/react-router'
import type { EventType } from '../../../src/schemas/timeline'
import { useTrpc } from '../../lib/trpc'
import { eventTypeLabels } from './event-type-labels'
import { primaryButtonClass } from './form-controls'
import { RowActions } from './row-actions'
import { EmptyState, SectionCard } from './section-card'
import { useDeletableList } from './use-deletable-list'

const typeBadgeClass: Record<EventType, string> = {
  experience: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  education: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
}

export function TimelinePanel() {
  const trpc = useTrpc()
  const { items: events, deletion } = useDeletableList({
    list: trpc.timeline.list.queryOptions(),
    remove: trpc.timeline.delete.mutationOptions(),
    stale: trpc.timeline.pathFilter(),
    question: 'Are you sure you want to delete this timeline event?',
    fallback: 'The timeline event could not be deleted.',
    deleted: 'Timeline event deleted.',
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
      error={deletion.error}
    >
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
                <RowActions
                  className="flex shrink-0 gap-2"
                  edit="/admin/timeline/edit/$id"
                  deletion={deletion}
                  id={event.id}
                  describedBy={titleId}
                />
              </li>
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}

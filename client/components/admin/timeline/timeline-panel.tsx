import { Link } from '@tanstack/react-router'
import type { EventType, TimelineEvent } from '../../../../src/schemas/timeline'
import type { Shown } from '../../../lib/responsive-image'
import { useTrpc } from '../../../lib/trpc'
import { primaryButtonClass } from '../ui/form-controls'
import { Badge, ListThumbnail, UpdatedDate } from '../ui/list-parts'
import { SortableRow } from '../ui/row-actions'
import { EmptyState, SectionCard } from '../ui/section-card'
import { type RowControls, SortableList } from '../ui/sortable-list'
import { type Deletion, useDeletableList } from '../ui/use-deletable-list'
import { useReorder } from '../ui/use-reorder'
import { eventTypeLabels } from './event-type-labels'

const typeTone: Record<EventType, 'indigo' | 'green'> = {
  experience: 'indigo',
  education: 'green',
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
    trashKind: 'timeline_event',
  })
  const reorder = useReorder({
    listKey: trpc.timeline.list.queryKey(),
    reorder: trpc.timeline.reorder.mutationOptions(),
    stale: trpc.timeline.pathFilter(),
    saved: 'Timeline order saved.',
    failed: 'The new order was not saved.',
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
        <SortableList
          items={events}
          label="Timeline events, in the order the site shows them"
          nameOf={(event) => event.title}
          onReorder={reorder}
          className="divide-y divide-line rounded-control border border-line"
        >
          {(event, controls) => <EventRow event={event} controls={controls} deletion={deletion} />}
        </SortableList>
      )}
    </SectionCard>
  )
}

/** One event: handle, icon, title, position, type and dates, last change, then its actions. */
function EventRow({
  event,
  controls,
  deletion,
}: {
  event: TimelineEvent
  controls: RowControls
  deletion: Deletion
}) {
  const titleId = `event-${event.id}-title`
  const icon: Shown | null = event.icon_path ? { src: event.icon_path, image: event.icon } : null
  return (
    <SortableRow
      titleId={titleId}
      controls={controls}
      thumbnail={<ListThumbnail shown={icon} name={event.title} />}
      edit="/admin/timeline/edit/$id"
      deletion={deletion}
      id={event.id}
    >
      <p id={titleId} className="font-semibold wrap-anywhere text-strong">
        {event.title}
      </p>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        {event.position ? <span className="wrap-anywhere">{event.position}</span> : null}
        <Badge tone={typeTone[event.event_type]}>{eventTypeLabels[event.event_type]}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span className="wrap-anywhere">
          {event.start_date} – {event.end_date || 'Present'}
        </span>
        <UpdatedDate iso={event.updated_at} />
      </div>
    </SortableRow>
  )
}

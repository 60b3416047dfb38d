import {
  type Announcements,
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { smallButtonClass } from './form-controls'

/** What a row gets to place its reorder controls; each takes the id of the element naming the row. */
export interface RowControls {
  /** The drag handle (mouse, touch, or keyboard: Space, arrows, Space). */
  handle: (describedBy: string) => ReactNode
  /** Move up and Move down, one step each. */
  moveButtons: (describedBy: string) => ReactNode
}

interface SortableListProps<T extends { id: number }> {
  items: T[]
  /** The list's accessible name ("Projects, in order"). */
  label: string
  /** How announcements name an item (its title). */
  nameOf: (item: T) => string
  /** The whole list in its new order. */
  onReorder: (next: T[]) => void
  className: string
  children: (item: T, controls: RowControls) => ReactNode
}

type Direction = 'up' | 'down'

/**
 * dnd-kit around a vertical list whose rows have these ids, in order: a
 * pointer drag starts after 4 px (a click stays a click), the keyboard too
 * (Space, arrows, Space); each step is announced, and a drop onto another
 * row moves the dragged one from its index to that row's. Here and in the
 * image picker (image-field.tsx).
 */
export function SortableFrame({
  ids,
  onMove,
  announcements,
  instructions,
  children,
}: {
  ids: UniqueIdentifier[]
  onMove: (from: number, to: number) => void
  announcements: Announcements
  /** Read out on a handle: how to move with the keyboard. */
  instructions: string
  children: ReactNode
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={({ active, over }) => {
        if (!over || active.id === over.id) return
        onMove(ids.indexOf(active.id), ids.indexOf(over.id))
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

/** A row's drag handle (its button's class; GripIcon inside). */
export const dragHandleClass =
  'grid size-9 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-muted hover:bg-surface-sunken hover:text-body active:cursor-grabbing'

/**
 * A list the admin puts in order: drag a row by its handle (dnd-kit: pointer,
 * touch and keyboard, each step announced) or press its Move up / Move down
 * buttons. The house example is the image picker (image-field.tsx).
 */
export function SortableList<T extends { id: number }>({
  items,
  label,
  nameOf,
  onReorder,
  className,
  children,
}: SortableListProps<T>) {
  const listRef = useRef<HTMLOListElement>(null)
  // After a move the row may have been moved in the DOM, losing the focus: give it back.
  const refocus = useRef<{ id: number; direction: Direction; from: T[] } | null>(null)
  useLayoutEffect(() => {
    const wanted = refocus.current
    // Only once the list shows the new order (a render before it changes nothing).
    if (!wanted || wanted.from === items || !listRef.current) return
    refocus.current = null
    const button = (direction: Direction) =>
      listRef.current?.querySelector<HTMLButtonElement>(
        `[data-move="${wanted.id}-${direction}"]:not(:disabled)`,
      )
    // At the end of the list its button is disabled: the other one takes the focus.
    ;(button(wanted.direction) ?? button(wanted.direction === 'up' ? 'down' : 'up'))?.focus()
  })

  const indexOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id)
  const nameAt = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)]
    return item ? nameOf(item) : 'The item'
  }
  const where = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${items.length}`
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameAt(active.id)}, at ${where(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameAt(active.id)} is over ${where(over.id)}.`
        : `${nameAt(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameAt(active.id)} was dropped at ${where(over.id)}.`
        : `${nameAt(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled: ${nameAt(active.id)} stays at ${where(active.id)}.`,
  }

  function move(index: number, direction: Direction) {
    const target = direction === 'up' ? index - 1 : index + 1
    const item = items[index]
    if (!item || target < 0 || target >= items.length) return
    refocus.current = { id: item.id, direction, from: items }
    onReorder(arrayMove(items, index, target))
  }

  return (
    <SortableFrame
      ids={items.map((item) => item.id)}
      onMove={(from, to) => onReorder(arrayMove(items, from, to))}
      announcements={announcements}
      instructions="To move it, press Space or Enter, move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel. Or use the Move up and Move down buttons."
    >
      <ol ref={listRef} aria-label={label} className={className}>
        {items.map((item, index) => (
          <SortableItem key={item.id} id={item.id}>
            {(handle) =>
              children(item, {
                handle,
                moveButtons: (describedBy) => (
                  <MoveButtons
                    id={item.id}
                    describedBy={describedBy}
                    first={index === 0}
                    last={index === items.length - 1}
                    onMove={(direction) => move(index, direction)}
                  />
                ),
              })
            }
          </SortableItem>
        ))}
      </ol>
    </SortableFrame>
  )
}

function SortableItem({
  id,
  children,
}: {
  id: number
  children: (handle: RowControls['handle']) => ReactNode
}) {
  const sortable = useSortable({ id })
  const instructions = sortable.attributes['aria-describedby']
  return (
    <li
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      data-dragging={sortable.isDragging || undefined}
      className="relative bg-surface-raised first:rounded-t-xl last:rounded-b-xl data-[dragging]:z-10 data-[dragging]:rounded-control data-[dragging]:shadow-lg"
    >
      {children((describedBy) => (
        <button
          ref={sortable.setActivatorNodeRef}
          type="button"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label="Reorder"
          aria-describedby={`${describedBy} ${instructions}`}
          className={dragHandleClass}
        >
          <GripIcon />
        </button>
      ))}
    </li>
  )
}

function MoveButtons({
  id,
  describedBy,
  first,
  last,
  onMove,
}: {
  id: number
  describedBy: string
  first: boolean
  last: boolean
  onMove: (direction: Direction) => void
}) {
  const buttons: { direction: Direction; label: string; arrow: string; disabled: boolean }[] = [
    { direction: 'up', label: 'Move up', arrow: '↑', disabled: first },
    { direction: 'down', label: 'Move down', arrow: '↓', disabled: last },
  ]
  return (
    <>
      {buttons.map(({ direction, label, arrow, disabled }) => (
        <button
          key={direction}
          type="button"
          data-move={`${id}-${direction}`}
          aria-label={label}
          aria-describedby={describedBy}
          title={label}
          disabled={disabled}
          onClick={() => onMove(direction)}
          className={`${smallButtonClass} w-9 px-0`}
        >
          <span aria-hidden="true">{arrow}</span>
        </button>
      ))}
    </>
  )
}

/** The six dots of a drag handle (this list's and the image picker's). */
export function GripIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="currentColor">
      {[5, 10, 15].flatMap((y) =>
        [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />),
      )}
    </svg>
  )
}

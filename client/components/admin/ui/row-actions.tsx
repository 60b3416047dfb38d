import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { dangerButtonClass, smallButtonClass } from './form-controls'
import type { RowControls } from './sortable-list'
import type { Deletion } from './use-deletable-list'

interface DeleteButtonProps {
  deletion: Deletion
  id: number
  /** The id of the element that names the row (the button's description). */
  describedBy: string
}

/** A row's Delete button, disabled while that row's delete runs. */
export function DeleteButton({ deletion, id, describedBy }: DeleteButtonProps) {
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      className={dangerButtonClass}
      disabled={deletion.pendingId === id}
      onClick={() => deletion.run(id)}
    >
      Delete
    </button>
  )
}

/** A row's Edit link and Delete button. */
export function RowActions({
  className,
  edit,
  ...row
}: DeleteButtonProps & {
  className: string
  edit: '/admin/projects/edit/$id' | '/admin/timeline/edit/$id'
}) {
  return (
    <div className={className}>
      <Link
        to={edit}
        params={{ id: String(row.id) }}
        aria-describedby={row.describedBy}
        className={smallButtonClass}
      >
        Edit
      </Link>
      <DeleteButton {...row} />
    </div>
  )
}

/**
 * One row of a list the owner puts in order (the dashboard's projects and
 * timeline): its handle, its image, what it says, then its move buttons,
 * Edit and Delete (on a phone, a line of their own under the rest).
 * `titleId` names the row's title element, which describes every control.
 */
export function SortableRow({
  as: Element = 'div',
  titleId,
  controls,
  thumbnail,
  edit,
  deletion,
  id,
  children,
}: {
  as?: 'div' | 'article'
  titleId: string
  controls: RowControls
  thumbnail: ReactNode
  edit: '/admin/projects/edit/$id' | '/admin/timeline/edit/$id'
  deletion: Deletion
  id: number
  children: ReactNode
}) {
  return (
    <Element
      aria-labelledby={Element === 'article' ? titleId : undefined}
      className="flex flex-wrap items-center gap-x-3 gap-y-3 p-3 sm:flex-nowrap sm:gap-x-4 sm:p-4"
    >
      {controls.handle(titleId)}
      {thumbnail}
      <div className="min-w-0 flex-1 basis-40 space-y-1">{children}</div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 max-sm:w-full max-sm:justify-end">
        {controls.moveButtons(titleId)}
        <RowActions
          className="flex gap-2"
          edit={edit}
          deletion={deletion}
          id={id}
          describedBy={titleId}
        />
      </div>
    </Element>
  )
}

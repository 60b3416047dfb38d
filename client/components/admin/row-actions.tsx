import { Link } from '@tanstack/react-router'
import { dangerButtonClass, smallButtonClass } from './form-controls'
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

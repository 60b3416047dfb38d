import { useId } from 'react'
import { primaryButtonClass, secondaryButtonClass } from './form-controls'
import { useModalDialog } from './modal-dialog'
import type { VersionConflict } from './use-schema-form'

/**
 * The question a save meets when someone saved this item since the form
 * was opened (another tab, another device): a native modal `<dialog>`, so
 * the page behind is inert and focus stays inside; Escape keeps the form
 * as typed.
 */
export function ConflictDialog({ conflict }: { conflict: VersionConflict | null }) {
  const dialog = useModalDialog(conflict !== null)
  const titleId = useId()
  const textId = useId()

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => conflict?.dismiss()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card bg-surface-raised p-0 text-body shadow-xl backdrop:bg-backdrop"
    >
      {conflict ? (
        <div className="space-y-4 p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-bold tracking-tight text-strong">
            Someone saved a newer version
          </h2>
          <div id={textId} className="space-y-2 text-sm">
            <p>
              This was saved somewhere else (another tab or device) after you opened it. Nothing was
              saved from here yet.
            </p>
            <p>
              <strong>Reload</strong> shows the newer version and drops your changes.{' '}
              <strong>Overwrite</strong> saves your version over it.
            </p>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButtonClass} onClick={conflict.reload}>
              Reload
            </button>
            <button type="button" className={primaryButtonClass} onClick={conflict.overwrite}>
              Overwrite
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  )
}

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useRef,
  useState,
} from 'react'
import { TRASH_DAYS } from '../../../../src/schemas/trash'
import { secondaryButtonClass } from './form-controls'
import { keepFocusInside, useModalDialog } from './modal-dialog'

const confirmButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-danger-line bg-danger-soft px-5 py-2.5 text-sm font-semibold text-danger-ink transition-colors hover:border-danger-ink'

/** What the dialog asks, says and offers. */
export interface ConfirmRequest {
  /** The question, as its heading (the spec's "Are you sure you want to delete this project?"). */
  title: string
  /** What follows: where the item goes (see trashNote, goneNote). */
  body: string
  /** The confirming button's text ("Move to Trash", "Delete for good"). */
  confirm: string
}

/** Said by every delete that moves its item to the Trash. */
export const trashNote = (several = false) =>
  `${several ? 'They go' : 'It goes'} to the Trash for ${TRASH_DAYS} days: you can restore ${several ? 'them' : 'it'} from there until then, after which ${several ? 'they are' : 'it is'} deleted for good.`

/** Said by a delete that does not go through the Trash. */
export const goneNote = 'It is deleted for good: this cannot be undone.'

type Ask = (request: ConfirmRequest) => Promise<boolean>

const ConfirmContext = createContext<Ask | null>(null)

/** The admin's confirmations, asked in a dialog of the page (never the browser's `confirm()`). */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext)
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it.')
  return ask
}

interface Pending extends ConfirmRequest {
  resolve: (confirmed: boolean) => void
  opener: HTMLElement | null
}

/**
 * One confirmation dialog for the admin: a native modal `<dialog>` (the page
 * behind is inert, Escape cancels), focus on Cancel when it opens (the safe
 * choice), kept inside while open, and given back to what opened it.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const dialog = useModalDialog(pending !== null, cancel)
  const titleId = useId()
  const bodyId = useId()

  const ask = useCallback<Ask>(
    (request) =>
      new Promise<boolean>((resolve) => {
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
        setPending((current) => {
          current?.resolve(false)
          return { ...request, resolve, opener }
        })
      }),
    [],
  )

  function finish(confirmed: boolean) {
    if (!pending) return
    const { resolve, opener } = pending
    setPending(null)
    if (dialog.current?.open) dialog.current.close()
    if (opener?.isConnected) opener.focus()
    resolve(confirmed)
  }

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={keepFocusInside}
        onCancel={(event) => {
          // Escape: the same as Cancel, through finish (focus goes back).
          event.preventDefault()
          finish(false)
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card bg-surface-raised p-0 text-body shadow-xl backdrop:bg-backdrop"
      >
        {pending ? (
          <div className="space-y-4 p-5 sm:p-6">
            <h2 id={titleId} className="text-lg font-bold tracking-tight text-strong">
              {pending.title}
            </h2>
            <p id={bodyId} className="text-sm text-body">
              {pending.body}
            </p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button
                ref={cancel}
                type="button"
                className={secondaryButtonClass}
                onClick={() => finish(false)}
              >
                Cancel
              </button>
              <button type="button" className={confirmButtonClass} onClick={() => finish(true)}>
                {pending.confirm}
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </ConfirmContext.Provider>
  )
}

import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react'

/**
 * The admin's dialogs (confirm, edit conflict, media library) are native
 * modal `<dialog>`s: the page behind is inert and Escape cancels. This hook
 * opens the one its ref is on while `open` is true (showModal), then gives
 * the focus to `focus` when one is named, and closes it when `open` turns false.
 */
export function useModalDialog(
  open: boolean,
  focus?: RefObject<HTMLElement | null>,
): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      focus?.current?.focus()
    }
    if (!open && element.open) element.close()
  }, [open, focus])
  return dialog
}

const focusable =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** A dialog's onKeyDown: Tab and Shift+Tab go round inside it instead of leaving it. */
export function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)]
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

import { createContext, type ReactNode, use, useCallback, useEffect, useRef, useState } from 'react'

/*
 * Short confirmations of the admin's actions (a save, a delete, a new order)
 * and the failures that have no form to show them in (a reorder). About 80
 * lines, so no library: the admin needs two tones, a live region and a
 * dismiss button, nothing more.
 */

export type ToastTone = 'success' | 'error'

/** A button in a confirmation: Undo after a delete. The toast goes once it is pressed. */
export interface ToastAction {
  label: string
  run: () => void
}

interface Toast {
  id: number
  tone: ToastTone
  message: string
  action?: ToastAction | undefined
}

export interface Notify {
  success: (message: string, action?: ToastAction) => void
  error: (message: string) => void
}

/** How long a confirmation stays (paused while pointed at or focused); failures stay until dismissed. */
const SUCCESS_MS = 6_000
/** The oldest go first when more pile up. */
const MAX_SHOWN = 4

const ignore: Notify = { success: () => undefined, error: () => undefined }
const ToastContext = createContext<Notify>(ignore)

/** The admin layout's notifier; outside it (never in practice) a call does nothing. */
export function useToast(): Notify {
  return use(ToastContext)
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  // Confirmations stay while the pointer or the focus is on them.
  const [paused, setPaused] = useState(false)
  const counter = useRef(0)

  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  )
  const [notify] = useState<Notify>(() => {
    const add = (tone: ToastTone) => (message: string, action?: ToastAction) => {
      counter.current += 1
      const toast = { id: counter.current, tone, message, action }
      // The same message again (three moves in a row) replaces the one shown, announced anew.
      setToasts((list) =>
        [...list.filter((shown) => shown.tone !== tone || shown.message !== message), toast].slice(
          -MAX_SHOWN,
        ),
      )
    }
    return { success: add('success'), error: add('error') }
  })

  return (
    <ToastContext value={notify}>
      {children}
      <section
        aria-label="Notifications"
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-5 sm:bottom-5 sm:w-96"
      >
        {/* Always in the page, so each new message is announced. */}
        <div aria-live="polite" className="flex flex-col gap-2">
          {toasts
            .filter((toast) => toast.tone === 'success')
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={dismiss} />
            ))}
        </div>
        <div aria-live="assertive" className="flex flex-col gap-2">
          {toasts
            .filter((toast) => toast.tone === 'error')
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={dismiss} />
            ))}
        </div>
      </section>
    </ToastContext>
  )
}

const toneClass: Record<ToastTone, string> = {
  success: 'border-success-line bg-surface-raised text-strong',
  error: 'border-danger-line bg-danger-soft text-danger-ink',
}

function ToastItem({
  toast,
  paused,
  onDismiss,
}: {
  toast: Toast
  paused: boolean
  onDismiss: (id: number) => void
}) {
  useEffect(() => {
    if (toast.tone !== 'success' || paused) return
    const timer = setTimeout(() => onDismiss(toast.id), SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [toast, paused, onDismiss])

  return (
    <div
      data-tone={toast.tone}
      className={`pointer-events-auto flex items-start gap-3 rounded-control border px-4 py-3 text-sm shadow-lg ${toneClass[toast.tone]}`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-xs font-bold text-white ${toast.tone === 'success' ? 'bg-success' : 'bg-danger'}`}
      >
        {toast.tone === 'success' ? '✓' : '!'}
      </span>
      <p className="min-w-0 flex-1 wrap-anywhere">{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          onClick={() => {
            onDismiss(toast.id)
            toast.action?.run()
          }}
          className="-my-1 shrink-0 rounded-control px-2 py-1 font-semibold text-accent-ink underline-offset-2 hover:underline"
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
        className="-my-1 -mr-2 grid size-8 shrink-0 place-items-center rounded-full text-lg leading-none text-muted hover:bg-surface-sunken hover:text-strong"
      >
        ×
      </button>
    </div>
  )
}

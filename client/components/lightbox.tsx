import { type MouseEvent, type ReactNode, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

export interface LightboxImage {
  /** The full-size image. */
  src: string
  alt: string
}

/**
 * Images that open large in a native modal `<dialog>`: the browser traps
 * the focus in it and closes it on Escape; focus returns to the link that
 * opened it. Each opener is a link to the full-size file, so the image still
 * opens (as a file) before the page's script runs or with a modifier key.
 * Left and Right arrows step through the images. The opening fades in, only
 * when motion is welcome.
 */
export function useLightbox(images: readonly LightboxImage[]) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [index, setIndex] = useState(0)
  // The large image is in the document only while the dialog is open: a closed one fetches nothing.
  const [isOpen, setOpen] = useState(false)
  const count = images.length
  const current = images[Math.min(index, count - 1)]

  function step(by: number) {
    setIndex((at) => (at + by + count) % count)
  }

  /** A link's props that open image `at` in the lightbox. */
  function openerProps(at: number) {
    return {
      href: images[at]?.src,
      'aria-haspopup': 'dialog' as const,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        opener.current = event.currentTarget
        // Rendered before it opens, so the dialog's first button takes the focus.
        flushSync(() => {
          setIndex(at)
          setOpen(true)
        })
        dialog.current?.showModal()
      },
    }
  }

  const element: ReactNode = (
    <dialog
      ref={dialog}
      aria-label="Image viewer"
      onClose={() => {
        setOpen(false)
        opener.current?.focus()
      }}
      // A click on the backdrop (the dialog itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close()
      }}
      onKeyDown={(event) => {
        if (count < 2) return
        if (event.key === 'ArrowRight') step(1)
        else if (event.key === 'ArrowLeft') step(-1)
      }}
      className="m-auto max-h-[92dvh] w-[min(92vw,80rem)] max-w-none overflow-hidden rounded-card border border-line bg-surface-raised p-0 text-body shadow-lifted backdrop:bg-backdrop motion-safe:transition-[opacity,scale,display,overlay] motion-safe:transition-discrete motion-safe:duration-200 motion-safe:starting:open:scale-95 motion-safe:starting:open:opacity-0"
    >
      {isOpen && current ? (
        <figure className="flex max-h-[92dvh] flex-col">
          <img
            key={current.src}
            src={current.src}
            alt={current.alt}
            decoding="async"
            className="min-h-0 w-full flex-1 bg-surface-sunken object-contain"
          />
          <figcaption className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm">
            <span className="text-muted">
              {current.alt}
              {count > 1 ? ` (${Math.min(index, count - 1) + 1} of ${count})` : null}
            </span>
            <span className="flex gap-2">
              {count > 1 ? (
                <>
                  <button type="button" className="button-secondary" onClick={() => step(-1)}>
                    Previous
                  </button>
                  <button type="button" className="button-secondary" onClick={() => step(1)}>
                    Next
                  </button>
                </>
              ) : null}
              <form method="dialog">
                {/* Closes the dialog (as Escape does); the browser returns the focus to the opener. */}
                <button type="submit" className="button-primary">
                  Close
                </button>
              </form>
            </span>
          </figcaption>
        </figure>
      ) : null}
    </dialog>
  )

  return { openerProps, element }
}

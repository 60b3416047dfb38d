import { useEffect, useRef, useState } from 'react'
import type { LightboxImage } from './lightbox'

/**
 * The lightbox itself (its own chunk, fetched on the first opening): a native
 * modal `<dialog>`, opened as it mounts. The browser traps the focus in it
 * and closes it on Escape; a click on the backdrop or Close closes it too.
 * Left and Right arrows step through the images. It fades in only when
 * motion is welcome.
 */
export default function LightboxDialog({
  images,
  start,
  onClosed,
}: {
  images: readonly LightboxImage[]
  start: number
  onClosed: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [index, setIndex] = useState(start)
  const count = images.length
  const current = images[index]

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])

  const step = (by: number) => setIndex((at) => (at + by + count) % count)

  return (
    <dialog
      ref={dialog}
      aria-label="Image viewer"
      onClose={onClosed}
      // A click on the backdrop (the dialog itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close()
      }}
      onKeyDown={(event) => {
        if (count < 2) return
        if (event.key === 'ArrowRight') step(1)
        else if (event.key === 'ArrowLeft') step(-1)
      }}
      className="m-auto w-full max-w-5xl overflow-hidden rounded-card bg-surface-raised p-0 text-body shadow-lifted backdrop:bg-backdrop motion-safe:transition-opacity motion-safe:starting:open:opacity-0"
    >
      {current ? (
        <figure>
          <img
            key={current.src}
            src={current.src}
            alt={current.alt}
            decoding="async"
            className="max-h-[75vh] w-full bg-surface-sunken object-contain"
          />
          <figcaption className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm">
            <span className="text-muted">
              {current.alt}
              {count > 1 ? ` (${index + 1} of ${count})` : null}
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
}

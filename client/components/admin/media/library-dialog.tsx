import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Media } from '../../../../src/schemas/media'
import { failureText } from '../../../lib/admin-errors'
import { useTrpc } from '../../../lib/trpc'
import { ErrorAlert, primaryButtonClass, secondaryButtonClass } from '../ui/form-controls'
import { keepFocusInside, useModalDialog } from '../ui/modal-dialog'
import { EmptyState } from '../ui/section-card'
import { displayNameOf, fileNameOf, matchesSearch } from './media-info'
import { ImageSearchField, MediaThumbnail } from './media-library'

interface LibraryDialogProps {
  open: boolean
  /** Several images (a project's) or one (an icon, the photo). */
  multiple: boolean
  /** Escape, Cancel, or after a choice. */
  onClose: () => void
  /** The chosen images, in the order they were selected. */
  onChoose: (images: Media[]) => void
}

/**
 * The media library as a modal dialog: thumbnails to select (toggle
 * buttons), then Add or Use. A native modal `<dialog>`: the page behind is
 * inert, Escape closes it, and focus goes back to the opener.
 */
export function LibraryDialog({ open, multiple, onClose, onChoose }: LibraryDialogProps) {
  const dialog = useModalDialog(open)
  const titleId = useId()

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={keepFocusInside}
      className="m-auto w-[min(48rem,calc(100vw-2rem))] rounded-card bg-surface-raised p-0 text-body shadow-xl backdrop:bg-backdrop"
    >
      {open ? (
        <Chooser
          titleId={titleId}
          multiple={multiple}
          onCancel={onClose}
          onChoose={(images) => {
            onChoose(images)
            onClose()
          }}
        />
      ) : null}
    </dialog>
  )
}

function addLabel(count: number): string {
  if (count === 0) return 'Add images'
  return `Add ${count} ${count === 1 ? 'image' : 'images'}`
}

function Chooser({
  titleId,
  multiple,
  onCancel,
  onChoose,
}: {
  titleId: string
  multiple: boolean
  onCancel: () => void
  onChoose: (images: Media[]) => void
}) {
  const trpc = useTrpc()
  const { data: images, error, isPending } = useQuery(trpc.media.list.queryOptions())
  const [selected, setSelected] = useState<number[]>([])
  const [query, setQuery] = useState('')
  const shown = images?.filter((image) => matchesSearch(image, query)) ?? []

  function toggle(id: number) {
    setSelected((current) => {
      if (current.includes(id)) return current.filter((other) => other !== id)
      return multiple ? [...current, id] : [id]
    })
  }

  const chosen = selected
    .map((id) => images?.find((image) => image.id === id))
    .filter((image): image is Media => image !== undefined)

  return (
    <div className="flex max-h-[min(44rem,calc(100dvh-2rem))] flex-col">
      <div className="border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold tracking-tight text-strong">
          {multiple ? 'Choose images' : 'Choose an image'}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {multiple
            ? 'Select one or more images from your media library, in the order you want them.'
            : 'Select an image from your media library.'}
        </p>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
        {isPending ? (
          <p role="status" className="py-8 text-center text-muted">
            Gathering data…
          </p>
        ) : error ? (
          <ErrorAlert message={failureText(error, 'The media library could not be loaded.')} />
        ) : images.length === 0 ? (
          <EmptyState>
            No images yet: upload one with the Upload button, or on the Media page.
          </EmptyState>
        ) : (
          <div className="space-y-3">
            <ImageSearchField id={`${titleId}-search`} value={query} onChange={setQuery} />
            {shown.length === 0 ? (
              <EmptyState>No image matches “{query.trim()}”.</EmptyState>
            ) : null}
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {shown.map((image) => {
                const order = selected.indexOf(image.id)
                return (
                  <li key={image.id}>
                    <button
                      type="button"
                      aria-pressed={order >= 0}
                      onClick={() => toggle(image.id)}
                      className="group relative flex w-full flex-col gap-1.5 rounded-control border-2 border-transparent p-1.5 text-left hover:border-line-strong aria-pressed:border-accent aria-pressed:bg-accent-soft"
                    >
                      <MediaThumbnail
                        media={image}
                        alt=""
                        className="aspect-square w-full rounded-lg"
                      />
                      <span className="truncate text-xs text-body">{displayNameOf(image)}</span>
                      {/* Read out with the name: what it shows, and the stored file. */}
                      <span className="sr-only">
                        {image.alt ? `, ${image.alt}` : ''}, {fileNameOf(image.url)}
                      </span>
                      {order >= 0 ? (
                        <span
                          aria-hidden="true"
                          className="absolute top-3 right-3 grid size-7 place-items-center rounded-full bg-accent text-sm font-bold text-on-accent shadow"
                        >
                          {multiple ? order + 1 : '✓'}
                        </span>
                      ) : null}
                    </button>
                  </li>
                )
              })}
            </ul>
          </div>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={chosen.length === 0}
          onClick={() => onChoose(chosen)}
        >
          {multiple ? addLabel(chosen.length) : 'Use this image'}
        </button>
      </div>
    </div>
  )
}

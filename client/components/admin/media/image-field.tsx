import type { Announcements } from '@dnd-kit/core'
import { arrayMove, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useQuery } from '@tanstack/react-query'
import { type CSSProperties, type ReactNode, useId, useMemo, useRef, useState } from 'react'
import { joinCommaList, splitCommaList } from '../../../../src/domain/comma-list'
import type { Media } from '../../../../src/schemas/media'
import { useTrpc } from '../../../lib/trpc'
import { smallButtonClass, TextField } from '../ui/form-controls'
import { dragHandleClass, GripIcon, SortableFrame } from '../ui/sortable-list'
import type { TextBinding } from '../ui/use-schema-form'
import { LibraryDialog } from './library-dialog'
import { occurrenceIds, thumbnailUrl } from './media-info'
import { DropZone, FilePickButton, UploadList } from './upload-controls'
import { useUploads } from './use-uploads'

interface ImageFieldProps {
  id: string
  /** The spec's label, unchanged ("Image URLs (comma-separated)", "Icon URL"). */
  label: string
  hint?: string
  placeholder?: string
  maxLength?: number
  field: TextBinding
  /**
   * A list of URLs (a project's images) instead of one URL: a textarea with
   * one URL per line, split and joined by the same rule as the other lists.
   */
  multiple?: boolean
}

/**
 * A URL field (or a list of them, one per line) with the media library
 * beside it: choose images from the library, upload new ones in place or
 * drop them here; previews below, to reorder (a list) or remove. The
 * field's text stays what the API takes, and typing or pasting any URL
 * still works.
 */
export function ImageField({ field, multiple = false, ...text }: ImageFieldProps) {
  const trpc = useTrpc()
  const { data: library } = useQuery(trpc.media.list.queryOptions())
  const byUrl = useMemo(() => new Map(library?.map((image) => [image.url, image])), [library])
  const [choosing, setChoosing] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)

  const urlsOf = (value: string) =>
    multiple ? splitCommaList(value) : value.trim() ? [value.trim()] : []
  const urls = urlsOf(field.value)
  const setUrls = (next: string[]) =>
    field.set(multiple ? joinCommaList(next) : (next.at(-1) ?? ''))

  // Uploads end later: they add to the value as it is then, not as it was.
  const latest = useRef(field)
  latest.current = field
  const add = (added: string[]) => {
    const { value, set } = latest.current
    set(multiple ? joinCommaList([...urlsOf(value), ...added]) : (added.at(-1) ?? value))
  }
  const uploads = useUploads((image) => add([image.url]))

  return (
    <div className="space-y-3">
      <TextField {...text} field={field} inputMode="url" {...(multiple ? { rows: 3 } : {})} />
      <DropZone onFiles={uploads.start} className="flex flex-col gap-3 p-3 text-left sm:p-4">
        <div className="flex flex-wrap items-center gap-2">
          <button
            ref={opener}
            type="button"
            className={smallButtonClass}
            onClick={() => setChoosing(true)}
          >
            Choose from library
          </button>
          <FilePickButton
            text={multiple ? 'Upload images' : 'Upload image'}
            multiple={multiple}
            onFiles={uploads.start}
            className={smallButtonClass}
          />
          <span className="text-sm text-muted">
            or drop {multiple ? 'images' : 'an image'} here
          </span>
        </div>
        <UploadList uploads={uploads.uploads} onDismiss={uploads.dismiss} />
        {urls.length === 0 ? null : multiple ? (
          <SortablePreviews urls={urls} byUrl={byUrl} onChange={setUrls} />
        ) : (
          <ul aria-label="Preview" className="space-y-2">
            <PreviewRow
              key={urls[0]}
              url={urls[0] ?? ''}
              media={byUrl.get(urls[0] ?? '')}
              onRemove={() => setUrls([])}
            />
          </ul>
        )}
      </DropZone>
      <LibraryDialog
        open={choosing}
        multiple={multiple}
        onClose={() => {
          setChoosing(false)
          opener.current?.focus()
        }}
        onChoose={(images) => add(images.map((image) => image.url))}
      />
    </div>
  )
}

/** A project's images in order: drag a row's handle (mouse, touch or keyboard) to move it. */
function SortablePreviews({
  urls,
  byUrl,
  onChange,
}: {
  urls: string[]
  byUrl: Map<string, Media>
  onChange: (urls: string[]) => void
}) {
  const ids = occurrenceIds(urls)
  const position = (id: string | number) => ids.indexOf(String(id)) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Image ${position(active.id)} is over position ${position(over.id)}.`
        : `Image ${position(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Image ${position(active.id)} was dropped at position ${position(over.id)}.`
        : `Image ${position(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled: image ${position(active.id)} stays where it was.`,
  }

  return (
    <SortableFrame
      ids={ids}
      onMove={(from, to) => onChange(arrayMove(urls, from, to))}
      announcements={announcements}
      instructions="To move an image, press Space or Enter, move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel."
    >
      <ol aria-label="Images, in order (the first is the cover)" className="space-y-2">
        {urls.map((url, index) => (
          <SortableRow
            key={ids[index]}
            id={ids[index] ?? url}
            index={index}
            url={url}
            media={byUrl.get(url)}
            onRemove={() => onChange(urls.filter((_, other) => other !== index))}
          />
        ))}
      </ol>
    </SortableFrame>
  )
}

function SortableRow({
  id,
  index,
  ...row
}: {
  id: string
  index: number
  url: string
  media: Media | undefined
  onRemove: () => void
}) {
  const sortable = useSortable({ id })
  return (
    <PreviewRow
      {...row}
      rowRef={sortable.setNodeRef}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
      }}
      dragging={sortable.isDragging}
      handle={
        <button
          ref={sortable.setActivatorNodeRef}
          type="button"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Move image ${index + 1}`}
          className={dragHandleClass}
        >
          <GripIcon />
        </button>
      }
    />
  )
}

/** One image: its thumbnail, its URL and Remove (and a drag handle in a list). */
function PreviewRow({
  url,
  media,
  onRemove,
  handle,
  rowRef,
  style,
  dragging = false,
}: {
  url: string
  media: Media | undefined
  onRemove: () => void
  handle?: ReactNode
  rowRef?: (element: HTMLElement | null) => void
  style?: CSSProperties
  dragging?: boolean
}) {
  const urlId = useId()
  return (
    <li
      ref={rowRef}
      style={style}
      data-dragging={dragging || undefined}
      // On a phone the URL gets a line of its own under the thumbnail.
      className="relative flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-control border border-line bg-surface-raised p-2 data-[dragging]:z-10 data-[dragging]:shadow-lg sm:flex-nowrap"
    >
      {handle}
      <Thumbnail url={url} media={media} />
      <span
        id={urlId}
        className="order-last min-w-0 basis-full truncate px-1 text-xs text-body sm:order-none sm:flex-1 sm:basis-auto sm:px-0 sm:text-sm"
        title={url}
      >
        {url}
      </span>
      <button
        type="button"
        // Never squeezed: a long path wraps or truncates, the word "Remove" does not break.
        className={`${smallButtonClass} ml-auto shrink-0 whitespace-nowrap`}
        aria-describedby={urlId}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  )
}

/** An upload's small variant, or the URL itself; a box when it cannot be loaded. */
function Thumbnail({ url, media }: { url: string; media: Media | undefined }) {
  const [broken, setBroken] = useState(false)
  if (broken) {
    return (
      <span
        aria-hidden="true"
        className="grid size-14 shrink-0 place-items-center rounded-lg bg-surface-sunken text-xs text-muted"
      >
        ?
      </span>
    )
  }
  return (
    <img
      key={url}
      src={media ? thumbnailUrl(media) : url}
      alt=""
      width={56}
      height={56}
      decoding="async"
      onError={() => setBroken(true)}
      className="size-14 shrink-0 rounded-lg bg-surface-sunken object-cover"
    />
  )
}

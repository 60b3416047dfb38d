import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react'
import { mediaLimits } from '../../../../src/schemas/media'
import {
  ErrorAlert,
  StatusMessage,
  secondaryButtonClass,
  smallButtonClass,
} from '../ui/form-controls'
import type { Upload } from './use-uploads'

// HEIC/HEIF too: the server takes them where it can read them, else says how to convert them.
const imageTypes = [...mediaLimits.acceptedTypes, ...mediaLimits.heifTypes].join(',')

export const uploadHint = `JPEG, PNG, WebP, AVIF or GIF, up to ${mediaLimits.maxBytes / 1024 / 1024} MB.`

/** "portrait.png", or "3 files: a.png, b.png, c.png" (what the chooser gave, as the owner named it). */
export function chosenFilesText(files: readonly File[]): string {
  const [first] = files
  if (!first) return 'No file chosen'
  if (files.length === 1) return first.name
  return `${files.length} files: ${files.map((file) => file.name).join(', ')}`
}

/**
 * Every file input of the admin: a button in the house style that opens the
 * file chooser (the keyboard's way too), and beside it the chosen file's
 * name. With `label`, a field label above it names the input (so
 * `getByLabel` and screen readers find the field) and describes the button.
 */
export function FilePickButton({
  text,
  label,
  accept = imageTypes,
  multiple = false,
  onFiles,
  className = secondaryButtonClass,
}: {
  /** The button's own text: "Choose images", "Choose file". */
  text: string
  /** The field's name above the button ("Backup file"); none when the button says it all. */
  label?: string
  accept?: string
  multiple?: boolean
  onFiles: (files: File[]) => void
  className?: string
}) {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const [chosen, setChosen] = useState('No file chosen')
  return (
    <div className="flex flex-col items-start gap-1.5">
      {label ? (
        <label
          id={`${id}-label`}
          htmlFor={`${id}-input`}
          className="text-sm font-medium text-strong"
        >
          {label}
        </label>
      ) : null}
      <div className="flex max-w-full flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          className={className}
          aria-describedby={label ? `${id}-label ${id}-chosen` : `${id}-chosen`}
          onClick={() => input.current?.click()}
        >
          {text}
        </button>
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={accept}
          multiple={multiple}
          hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            if (files.length > 0) setChosen(chosenFilesText(files))
            onFiles(files)
            // The same file chosen again is a new choice.
            event.target.value = ''
          }}
        />
        <span
          id={`${id}-chosen`}
          data-chosen-file=""
          className="min-w-0 text-sm wrap-anywhere text-muted"
        >
          {chosen}
        </span>
      </div>
    </div>
  )
}

/** An area that takes files dropped on it; its children say what to do (and hold the button). */
export function DropZone({
  onFiles,
  children,
  className = '',
}: {
  onFiles: (files: File[]) => void
  children: ReactNode
  className?: string
}) {
  const [over, setOver] = useState(false)
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; the button inside does the same by keyboard
    <div
      data-dropzone=""
      data-over={over || undefined}
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        setOver(true)
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(event) => {
        event.preventDefault()
        setOver(false)
        onFiles([...event.dataTransfer.files])
      }}
      className={`rounded-card border-2 border-dashed border-line-strong bg-surface p-6 text-center transition-colors data-[over]:border-accent data-[over]:bg-accent-soft ${className}`}
    >
      {children}
    </div>
  )
}

/** Each file's progress bar, then "Uploaded." or the server's reason for refusing it. */
export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: Upload[]
  onDismiss: (key: string) => void
}) {
  const id = useId()
  const done = uploads.filter((upload) => upload.state === 'done').length
  const busy = uploads.some((upload) => upload.state === 'uploading')
  return (
    <>
      <StatusMessage
        message={!busy && done > 0 ? `${done} ${done === 1 ? 'image' : 'images'} uploaded.` : null}
      />
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-3">
          {uploads.map((upload) => {
            const nameId = `${id}-${upload.key}`
            const percent = Math.round(upload.progress * 100)
            return (
              <li key={upload.key} className="space-y-1.5 rounded-control border border-line p-3">
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span id={nameId} className="min-w-0 truncate font-medium text-strong">
                    {upload.name}
                  </span>
                  <span className="shrink-0 text-muted">
                    {upload.state === 'uploading'
                      ? percent < 100
                        ? `${percent}%`
                        : 'Processing…'
                      : upload.state === 'done'
                        ? 'Uploaded.'
                        : 'Not uploaded.'}
                  </span>
                </div>
                {upload.state === 'failed' ? (
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0 flex-1">
                      <ErrorAlert message={upload.error} />
                    </div>
                    <button
                      type="button"
                      className={smallButtonClass}
                      aria-describedby={nameId}
                      onClick={() => onDismiss(upload.key)}
                    >
                      Dismiss
                    </button>
                  </div>
                ) : (
                  <progress
                    value={upload.progress}
                    max={1}
                    aria-labelledby={nameId}
                    className="h-2 w-full appearance-none overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-accent [&::-webkit-progress-value]:transition-[width]"
                  >
                    {percent}%
                  </progress>
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
    </>
  )
}

import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react'
import { mediaLimits } from '../../../src/schemas/media'
import { ErrorAlert, StatusMessage, secondaryButtonClass, smallButtonClass } from './form-controls'
import type { Upload } from './use-uploads'

const accept = mediaLimits.acceptedTypes.join(',')

export const uploadHint = `JPEG, PNG, WebP, AVIF or GIF, up to ${mediaLimits.maxBytes / 1024 / 1024} MB.`

/** A button that opens the file chooser (the keyboard's way to upload). */
export function FilePickButton({
  label,
  multiple,
  onFiles,
  className = secondaryButtonClass,
}: {
  label: string
  multiple: boolean
  onFiles: (files: File[]) => void
  className?: string
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          // The same file chosen again is a new upload.
          event.target.value = ''
        }}
      />
    </>
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

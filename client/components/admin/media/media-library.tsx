import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { placeholderBackground } from '../../../../src/domain/placeholder'
import {
  type Media,
  mediaAltInput,
  mediaLimits,
  mediaNameInput,
} from '../../../../src/schemas/media'
import { useTrpc } from '../../../lib/trpc'
import {
  cardClass,
  ErrorAlert,
  primaryButtonClass,
  SearchField,
  smallButtonClass,
  TextField,
} from '../ui/form-controls'
import { AdminPageHeader } from '../ui/page-header'
import { DeleteButton } from '../ui/row-actions'
import { EmptyState, SectionCard } from '../ui/section-card'
import { useToast } from '../ui/toasts'
import { type Deletion, useDeletableList } from '../ui/use-deletable-list'
import { useSchemaForm } from '../ui/use-schema-form'
import { displayNameOf, fileNameOf, formatBytes, matchesSearch, thumbnailUrl } from './media-info'
import { DropZone, FilePickButton, UploadList, uploadHint } from './upload-controls'
import { useUploads } from './use-uploads'

/** The media library: upload images, edit their alt text, copy their URL, delete them. */
export function MediaLibrary() {
  const trpc = useTrpc()
  const { items: images, deletion } = useDeletableList({
    list: trpc.media.list.queryOptions(),
    remove: trpc.media.delete.mutationOptions(),
    stale: trpc.media.pathFilter(),
    question: 'Are you sure you want to delete this image?',
    fallback: 'The image could not be deleted.',
    deleted: 'Image deleted.',
    trashKind: 'image',
  })
  const uploads = useUploads()
  const [query, setQuery] = useState('')
  const shown = images.filter((media) => matchesSearch(media, query))

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Media Library."
        lead="Every image you uploaded, where it is used, and its description for screen readers."
      />
      <section
        aria-labelledby="media-upload-title"
        // A gap, not margins: the uploads' status region takes no room until it speaks.
        className={`flex flex-col gap-4 ${cardClass}`}
      >
        <h2 id="media-upload-title" className="text-xl font-bold tracking-tight text-strong">
          Upload
        </h2>
        <DropZone onFiles={uploads.start} className="space-y-3">
          <p className="text-body">Drop images here to upload them, or</p>
          <FilePickButton
            text="Choose images"
            multiple
            onFiles={uploads.start}
            className={primaryButtonClass}
          />
          <p className="text-sm text-muted">{uploadHint}</p>
        </DropZone>
        <UploadList uploads={uploads.uploads} onDismiss={uploads.dismiss} />
      </section>

      <SectionCard
        id="media-images"
        title="Images."
        action={
          <p className="text-sm text-muted">
            {images.length} {images.length === 1 ? 'image' : 'images'}
          </p>
        }
        // A failed delete is shown on its image.
        error={null}
      >
        <p className="text-sm text-muted">
          Alt text says what an image shows, for people who cannot see it; the public pages use it
          wherever the image appears.
        </p>
        {images.length === 0 ? (
          <EmptyState>No images yet: upload some above.</EmptyState>
        ) : (
          <>
            <ImageSearchField id="media-search" value={query} onChange={setQuery} />
            {shown.length === 0 ? (
              <EmptyState>No image matches “{query.trim()}”.</EmptyState>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {shown.map((media) => (
                  <MediaCard key={media.id} media={media} deletion={deletion} />
                ))}
              </ul>
            )}
          </>
        )}
      </SectionCard>
    </div>
  )
}

/** An upload's small variant (lazy), its blurred placeholder showing until it loads. */
export function MediaThumbnail({
  media,
  alt,
  className,
}: {
  media: Media
  alt: string
  className: string
}) {
  return (
    <img
      src={thumbnailUrl(media)}
      alt={alt}
      width={media.width}
      height={media.height}
      loading="lazy"
      decoding="async"
      style={{ backgroundImage: placeholderBackground(media.placeholder), backgroundSize: 'cover' }}
      className={`${className} bg-surface-sunken object-cover`}
    />
  )
}

function MediaCard({ media, deletion }: { media: Media; deletion: Deletion }) {
  const nameId = `media-${media.id}-name`
  return (
    <li className="flex flex-col overflow-hidden rounded-control border border-line">
      <MediaThumbnail
        media={media}
        alt={media.alt}
        className="aspect-[4/3] w-full border-b border-line"
      />
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div className="min-w-0">
          <p id={nameId} className="truncate text-sm font-medium text-strong" title={media.url}>
            {displayNameOf(media)}
          </p>
          <p className="text-xs text-muted">
            {media.width} × {media.height} px · {formatBytes(media.bytes)}
          </p>
          <p className="truncate font-mono text-xs text-muted" title={media.url}>
            {fileNameOf(media.url)}
          </p>
        </div>
        <Uses uses={media.uses} />
        <NameForm media={media} />
        <AltTextForm media={media} />
        <div className="mt-auto flex flex-wrap gap-2">
          <CopyUrlButton url={media.url} describedBy={nameId} />
          <DeleteButton deletion={deletion} id={media.id} describedBy={nameId} />
        </div>
        {deletion.failedId === media.id ? <ErrorAlert message={deletion.error} /> : null}
      </div>
    </li>
  )
}

/** A search box over names, alt texts and file names (the list is filtered as one types). */
export function ImageSearchField(props: {
  id: string
  value: string
  onChange: (value: string) => void
}) {
  return <SearchField {...props} label="Search images" placeholder="Name, alt text or file name" />
}

/** Where the image is used (deleting it is refused while it is). */
function Uses({ uses }: { uses: string[] }) {
  if (uses.length === 0) return <p className="text-xs text-muted">Not used on the site.</p>
  return (
    <div className="text-xs text-body">
      <p className="font-medium">Used by</p>
      <ul className="list-disc pl-4">
        {uses.map((use) => (
          <li key={use}>{use}</li>
        ))}
      </ul>
    </div>
  )
}

const nameSchema = mediaNameInput.pick({ name: true })

/** The image's display name (the uploaded file's at first): shown and searched here and in the picker. */
function NameForm({ media }: { media: Media }) {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const update = useMutation(trpc.media.rename.mutationOptions())
  const toast = useToast()
  const form = useSchemaForm({
    initial: () => ({ name: media.name }),
    schema: nameSchema,
    toInput: (values) => values,
    save: async ({ name }) => {
      await update.mutateAsync({ id: media.id, name })
      await queryClient.invalidateQueries(trpc.media.pathFilter())
    },
    failure: 'The name could not be saved.',
    onSaved: () => toast.success('Name saved.'),
  })
  const id = `media-${media.id}-display-name`
  return (
    <form className="flex flex-col gap-2" onSubmit={form.onSubmit}>
      <TextField id={id} label="Name" field={form.text('name')} maxLength={mediaLimits.nameMax} />
      <ErrorAlert message={form.action.error} />
      <button
        type="submit"
        className={`${smallButtonClass} self-start`}
        aria-describedby={`media-${media.id}-name`}
        disabled={form.action.saving || form.values.name === media.name}
      >
        Save name
      </button>
    </form>
  )
}

const altSchema = mediaAltInput.pick({ alt: true })

/** The image's alt text; public pages show the change at once; a toast confirms the save. */
function AltTextForm({ media }: { media: Media }) {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const update = useMutation(trpc.media.updateAlt.mutationOptions())
  const toast = useToast()
  const form = useSchemaForm({
    initial: () => ({ alt: media.alt }),
    schema: altSchema,
    toInput: (values) => values,
    save: async ({ alt }) => {
      await update.mutateAsync({ id: media.id, alt })
      // The alt text is part of the public content that shows the image.
      await Promise.all(
        [trpc.media, trpc.projects, trpc.timeline, trpc.profile].map((router) =>
          queryClient.invalidateQueries(router.pathFilter()),
        ),
      )
    },
    failure: 'The alt text could not be saved.',
    onSaved: () => toast.success('Alt text saved.'),
  })
  const id = `media-${media.id}-alt`
  return (
    <form className="flex flex-col gap-2" onSubmit={form.onSubmit}>
      <TextField id={id} label="Alt text" field={form.text('alt')} maxLength={mediaLimits.altMax} />
      <ErrorAlert message={form.action.error} />
      <button
        type="submit"
        className={`${smallButtonClass} self-start`}
        aria-describedby={`media-${media.id}-name`}
        disabled={form.action.saving || form.values.alt === media.alt}
      >
        Save alt text
      </button>
    </form>
  )
}

/** Copies the image's URL (site-relative, as the forms take it), and says so. */
function CopyUrlButton({ url, describedBy }: { url: string; describedBy: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)

  useEffect(() => {
    if (result !== 'copied') return
    const timer = setTimeout(() => setResult(null), 3000)
    return () => clearTimeout(timer)
  }, [result])

  async function copy() {
    setResult(null)
    try {
      await navigator.clipboard.writeText(url)
      setResult('copied')
    } catch {
      setResult('failed')
    }
  }

  return (
    <>
      <button
        type="button"
        className={smallButtonClass}
        aria-describedby={describedBy}
        onClick={copy}
      >
        {result === 'copied' ? 'Copied!' : 'Copy URL'}
      </button>
      <span role="status" className={result === 'failed' ? 'basis-full text-sm' : 'sr-only'}>
        {result === 'copied'
          ? `URL copied: ${url}`
          : result === 'failed'
            ? `The URL could not be copied; select it here: ${url}`
            : null}
      </span>
    </>
  )
}

import { type ClipboardEvent, type DragEvent, useState } from 'react'
import { joinCommaList, splitCommaList } from '../../../src/domain/comma-list'
import { limits } from '../../../src/schemas/fields'
import type { Media } from '../../../src/schemas/media'
import { type Post, type PostData, postInput } from '../../../src/schemas/post'
import { AddressField, chosenAddress } from './address-field'
import {
  describedBy,
  Field,
  inputClass,
  listHint,
  secondaryButtonClass,
  TextField,
} from './form-controls'
import { FormPage } from './form-page'
import { ImageField } from './image-field'
import { LibraryDialog } from './library-dialog'
import { MarkdownField } from './markdown-field'
import { uploadImage } from './media-upload'
import type { ContentFormProps } from './use-content-save'
import { useSchemaForm } from './use-schema-form'

/** The owner's time zone, as the browser knows it (the schedule picker's). */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone

/** An ISO time as a `datetime-local` value in this browser's zone (`2026-11-26T09:30`). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value (this browser's zone) as ISO with its offset; blank: null. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}

function valuesOf(post: Post | undefined) {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    summary: post?.summary ?? '',
    body: post?.body ?? '',
    tags: joinCommaList(post?.tags ?? []),
    cover_url: post?.cover_url ?? '',
    status: post?.status ?? 'draft',
    published_at: toLocalInput(post?.published_at ?? null),
  }
}

const imageMarkdown = (image: Pick<Media, 'url' | 'alt'>) =>
  `![${image.alt.replace(/[[\]]/g, '')}](${image.url})`

export function PostForm({
  heading,
  item,
  save,
  onSaved,
}: ContentFormProps<Post, PostData> & { onSaved: () => void }) {
  const form = useSchemaForm({
    initial: () => valuesOf(item),
    schema: postInput,
    toInput: (typed) => ({
      ...typed,
      slug: chosenAddress(typed.slug, item?.slug),
      tags: splitCommaList(typed.tags),
      published_at: fromLocalInput(typed.published_at),
    }),
    save,
    failure: 'The note could not be saved.',
    onSaved,
  })
  const { values, set, text } = form
  const body = text('body')
  const [library, setLibrary] = useState(false)
  const [uploading, setUploading] = useState<string | null>(null)

  /** Puts Markdown at the body's caret (or its end), on a line of its own. */
  function insert(markdown: string) {
    const area = document.getElementById('post-body') as HTMLTextAreaElement | null
    const current = values.body
    const at = area ? area.selectionEnd : current.length
    const before = current.slice(0, at)
    const after = current.slice(at)
    const lead = before === '' || before.endsWith('\n') ? '' : '\n'
    set('body', `${before}${lead}${markdown}\n${after}`)
  }

  /** Pasted or dropped images: uploaded on the spot, then inserted. */
  async function uploadFiles(files: File[]) {
    const images = files.filter((file) => file.type.startsWith('image/'))
    if (images.length === 0) return false
    for (const file of images) {
      setUploading(`Uploading ${file.name || 'image'}…`)
      try {
        insert(imageMarkdown(await uploadImage(file, () => {})))
        setUploading(null)
      } catch (error) {
        setUploading(error instanceof Error ? error.message : 'The image could not be uploaded.')
        return true
      }
    }
    return true
  }
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const files = [...event.clipboardData.files]
    if (files.some((file) => file.type.startsWith('image/'))) {
      event.preventDefault()
      void uploadFiles(files)
    }
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const files = [...event.dataTransfer.files]
    if (files.some((file) => file.type.startsWith('image/'))) {
      event.preventDefault()
      void uploadFiles(files)
    }
  }

  const scheduled =
    values.status === 'published' &&
    values.published_at !== '' &&
    new Date(values.published_at).getTime() > Date.now()

  return (
    <FormPage heading={heading} submit="Save Note" form={form} wide>
      <TextField
        id="post-title"
        label="Title"
        field={text('title')}
        required
        maxLength={limits.title}
      />
      <AddressField
        id="post-slug"
        base="/notes"
        field={text('slug')}
        title={values.title}
        current={item}
      />
      <TextField
        id="post-summary"
        label="Summary"
        hint="One or two sentences: the list, feeds and link previews show it."
        field={text('summary')}
        required
        rows={2}
        maxLength={limits.shortText}
      />
      {/* Images pasted or dropped on the body are uploaded and inserted where the caret is
          (the events come from the textarea inside, a keyboard-reachable control). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: paste and drop bubble up from the body's textarea */}
      <div onPaste={onPaste} onDrop={onDrop} className="space-y-2">
        <MarkdownField
          id="post-body"
          label="Body"
          hint="Markdown. Paste or drop an image to upload and insert it."
          field={body}
          required
          rows={16}
          maxLength={limits.longText}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={secondaryButtonClass} onClick={() => setLibrary(true)}>
            Insert image from library
          </button>
          <p role="status" className="text-sm text-muted">
            {uploading}
          </p>
        </div>
        <LibraryDialog
          open={library}
          multiple
          onClose={() => setLibrary(false)}
          onChoose={(images) => insert(images.map(imageMarkdown).join('\n'))}
        />
      </div>
      <ImageField
        id="post-cover"
        label="Cover image URL"
        hint="Optional: shown on the list and above the note."
        field={text('cover_url')}
        placeholder="/media/cover.jpg"
      />
      <TextField
        id="post-tags"
        label="Tags (comma-separated)"
        hint={listHint}
        field={text('tags')}
        rows={2}
        placeholder={'Bun\nTypeScript'}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-body">Status</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['draft', 'published'] as const).map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm text-body">
              <input
                type="radio"
                name="post-status"
                value={status}
                checked={values.status === status}
                onChange={() => set('status', status)}
                className="size-4 accent-accent"
              />
              {status === 'draft' ? 'Draft' : 'Published'}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id="post-published-at"
        label={`Publish at (${timeZone})`}
        hint={
          scheduled
            ? 'Scheduled: it goes live on its own at this time.'
            : 'Leave empty to publish now; a time to come schedules it.'
        }
        error={form.errorOf('published_at')}
      >
        <input
          id="post-published-at"
          type="datetime-local"
          value={values.published_at}
          onChange={(event) => set('published_at', event.target.value)}
          className={inputClass}
          {...describedBy('post-published-at', {
            hint: true,
            error: form.errorOf('published_at'),
          })}
        />
      </Field>
    </FormPage>
  )
}

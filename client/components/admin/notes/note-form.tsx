import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type ClipboardEvent, type DragEvent, useMemo, useState } from 'react'
import { joinCommaList, splitCommaList } from '../../../../src/domain/comma-list'
import { ogImagePath } from '../../../../src/domain/og-image'
import { limits } from '../../../../src/schemas/fields'
import type { Media } from '../../../../src/schemas/media'
import { type Note, type NoteData, noteInput } from '../../../../src/schemas/note'
import { useTrpc } from '../../../lib/trpc'
import {
  browserTimeZone,
  fromZonedInput,
  timeZoneChoices,
  toZonedInput,
} from '../../../lib/zoned-time'
import { ImageField } from '../media/image-field'
import { LibraryDialog } from '../media/library-dialog'
import { uploadImage } from '../media/media-upload'
import { SeoFields, seoValuesOf } from '../seo/seo-fields'
import { AddressField, chosenAddress } from '../ui/address-field'
import {
  CheckboxField,
  describedBy,
  Field,
  inputClass,
  listHint,
  secondaryButtonClass,
  TextField,
} from '../ui/form-controls'
import { FormPage } from '../ui/form-page'
import { ListPreview } from '../ui/list-preview'
import { MarkdownField } from '../ui/markdown-field'
import type { ContentFormProps } from '../ui/use-content-save'
import { useSchemaForm } from '../ui/use-schema-form'

/** The toast after a note's save: a note dated in the future is scheduled, not yet live. */
export const noteSaved = (note: Note) =>
  note.state === 'scheduled' ? 'Note scheduled.' : 'Note saved.'

function valuesOf(note: Note | undefined, timeZone: string) {
  return {
    title: note?.title ?? '',
    slug: note?.slug ?? '',
    summary: note?.summary ?? '',
    body: note?.body ?? '',
    tags: joinCommaList(note?.tags ?? []),
    cover_url: note?.cover_url ?? '',
    discussion_url: note?.discussion_url ?? '',
    status: note?.status ?? 'draft',
    email_subscribers: note?.email_subscribers ?? false,
    published_at: toZonedInput(note?.published_at ?? null, timeZone),
    /** The zone *Publish at* is typed in: the owner's setting, or this browser's until chosen. */
    time_zone: timeZone,
    ...seoValuesOf(note),
  }
}

const imageMarkdown = (image: Pick<Media, 'url' | 'alt'>) =>
  `![${image.alt.replace(/[[\]]/g, '')}](${image.url})`

export function NoteForm({
  heading,
  item,
  save,
  reload,
  onSaved,
}: ContentFormProps<Note, NoteData> & { onSaved: () => void }) {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: zoneSetting } = useSuspenseQuery(trpc.settings.timeZone.queryOptions())
  const setZone = useMutation(trpc.settings.setTimeZone.mutationOptions())
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })
  const form = useSchemaForm({
    initial: () => valuesOf(item, zoneSetting.chosen ? zoneSetting.time_zone : browserTimeZone()),
    schema: noteInput,
    toInput: ({ time_zone, ...typed }) => ({
      ...typed,
      slug: chosenAddress(typed.slug, item?.slug),
      tags: splitCommaList(typed.tags),
      published_at: fromZonedInput(typed.published_at, time_zone),
    }),
    save: async (data, version) => {
      // The zone the time was typed in becomes the owner's (the first save sets the browser's).
      const zone = form.values.time_zone
      if (!zoneSetting.chosen || zone !== zoneSetting.time_zone) {
        await setZone.mutateAsync({ time_zone: zone })
        await queryClient.invalidateQueries(trpc.settings.pathFilter())
      }
      return save(data, version)
    },
    version: item?.version,
    reload,
    failure: 'The note could not be saved.',
    onSaved,
  })
  const { values, set, text } = form
  const body = text('body')
  const [library, setLibrary] = useState(false)
  const [uploading, setUploading] = useState<string | null>(null)

  /** Puts Markdown at the body's caret (or its end), on a line of its own. */
  function insert(markdown: string) {
    const area = document.getElementById('note-body') as HTMLTextAreaElement | null
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

  const publishAt = fromZonedInput(values.published_at, values.time_zone)
  const scheduled =
    values.status === 'published' &&
    publishAt !== null &&
    new Date(publishAt).getTime() > Date.now()
  const zones = useMemo(() => timeZoneChoices(values.time_zone), [values.time_zone])
  // The button says what the save does.
  const submit = values.status === 'draft' ? 'Save draft' : scheduled ? 'Schedule' : 'Publish'

  return (
    <FormPage heading={heading} submit={submit} form={form} wide>
      <TextField
        id="note-title"
        label="Title"
        field={text('title')}
        required
        maxLength={limits.title}
      />
      <AddressField
        id="note-slug"
        base="/notes"
        field={text('slug')}
        title={values.title}
        current={item}
      />
      <TextField
        id="note-summary"
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
          id="note-body"
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
        id="note-cover"
        label="Cover image URL"
        hint="Optional: shown on the list and above the note."
        field={text('cover_url')}
        placeholder="/media/cover.jpg"
      />
      <TextField
        id="note-discussion"
        label="Discussion on"
        hint="Optional: the address of your Mastodon or Bluesky post about this note. The note links there (“Reply on Mastodon”), and replies, likes and reposts are fetched into Conversations."
        field={text('discussion_url')}
        inputMode="url"
        placeholder="https://mastodon.social/@you/123…"
      />
      <TextField
        id="note-tags"
        label="Tags (comma-separated)"
        hint={listHint}
        field={text('tags')}
        rows={2}
        placeholder={'Bun\nTypeScript'}
      />
      <ListPreview
        id="note-tags"
        items={splitCommaList(values.tags)}
        look="chips"
        noun={['tag', 'tags']}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-body">Status</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['draft', 'published'] as const).map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm text-body">
              <input
                type="radio"
                name="note-status"
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
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="note-published-at"
          label={`Publish at (${values.time_zone})`}
          hint={
            scheduled
              ? 'Scheduled: it goes live on its own at this time.'
              : 'Leave empty to publish now; a time to come schedules it.'
          }
          error={form.errorOf('published_at')}
        >
          <input
            id="note-published-at"
            type="datetime-local"
            value={values.published_at}
            onChange={(event) => set('published_at', event.target.value)}
            className={inputClass}
            {...describedBy('note-published-at', {
              hint: true,
              error: form.errorOf('published_at'),
            })}
          />
        </Field>
        <Field
          id="note-time-zone"
          label="Time zone"
          hint="Times in the admin are shown and typed in this zone; saving keeps it as yours."
        >
          <select
            id="note-time-zone"
            value={values.time_zone}
            onChange={(event) => set('time_zone', event.target.value)}
            className={inputClass}
            {...describedBy('note-time-zone', { hint: true })}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <CheckboxField
        id="note-email-subscribers"
        label="Email to subscribers"
        hint="Once it is live, the note goes by email to the newsletter's confirmed subscribers, once (or in the weekly digest: Newsletter screen)."
        checked={values.email_subscribers}
        onChange={(checked) => set('email_subscribers', checked)}
      />
      <SeoFields
        id="note"
        description={form.text('seo_description')}
        image={form.text('share_image')}
        canonical={form.text('canonical_url')}
        noindex={{ checked: values.noindex, onChange: (checked) => set('noindex', checked) }}
        preview={{
          host: new URL(siteUrl).host,
          title: values.title.trim() || 'Note title',
          description: values.summary.trim(),
          image: item ? ogImagePath({ page: 'note', slug: item.slug }) : null,
        }}
      />
    </FormPage>
  )
}

import { useRouteContext } from '@tanstack/react-router'
import { useId, useRef } from 'react'
import { joinCommaList, splitCommaList } from '../../../../src/domain/comma-list'
import { ogImagePath } from '../../../../src/domain/og-image'
import { limits } from '../../../../src/schemas/fields'
import {
  type Publication,
  type PublicationAuthorEntry,
  type PublicationData,
  type PublicationDraftEntry,
  publicationInput,
  publicationTypeLabels,
  publicationTypes,
} from '../../../../src/schemas/publication'
import { SeoFields, seoValuesOf } from '../seo/seo-fields'
import { ConflictDialog } from '../ui/conflict-dialog'
import {
  CheckboxField,
  describedBy,
  ErrorAlert,
  Field,
  inputClass,
  listHint,
  primaryButtonClass,
  secondaryButtonClass,
  smallButtonClass,
  TextField,
} from '../ui/form-controls'
import { MarkdownField } from '../ui/markdown-field'
import { keepFocusInside, useModalDialog } from '../ui/modal-dialog'
import { useSchemaForm } from '../ui/use-schema-form'

/** One author row as typed; `key` keeps React's rows apart while they move. */
interface AuthorRow {
  key: number
  given: string
  family: string
  literal: string
  is_owner: boolean
}

let nextAuthorKey = 1
const authorRow = (author?: PublicationAuthorEntry): AuthorRow => ({
  key: nextAuthorKey++,
  given: author?.given ?? '',
  family: author?.family ?? '',
  literal: author?.literal ?? '',
  is_owner: author?.is_owner ?? false,
})

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** What the form opens on: a stored publication, a lookup's draft, or nothing (a new one). */
export type PublicationFormSource =
  | { kind: 'edit'; item: Publication }
  | { kind: 'new'; draft?: PublicationDraftEntry }

function valuesOf(source: PublicationFormSource) {
  const from: Partial<Publication> | PublicationDraftEntry | undefined =
    source.kind === 'edit' ? source.item : source.draft
  const item = source.kind === 'edit' ? source.item : undefined
  return {
    type: from?.type ?? 'journal-article',
    title: from?.title ?? '',
    slug: item?.slug ?? '',
    authors: (from?.authors ?? []).map(authorRow),
    venue: from?.venue ?? '',
    year: from?.year === null || from?.year === undefined ? '' : String(from.year),
    date: from?.date ?? '',
    volume: from?.volume ?? '',
    issue: from?.issue ?? '',
    pages: from?.pages ?? '',
    doi: from?.doi ?? '',
    arxiv_id: from?.arxiv_id ?? '',
    url: from?.url ?? '',
    pdf_url: item?.pdf_url ?? '',
    code_url: item?.code_url ?? '',
    slides_url: item?.slides_url ?? '',
    abstract: from?.abstract ?? '',
    tags: joinCommaList(from?.tags ?? []),
    citation_key: from?.citation_key ?? '',
    selected: item?.selected ?? false,
    status: item?.status ?? 'draft',
    ...seoValuesOf(item),
  }
}
type Values = ReturnType<typeof valuesOf>

/** The typed values as the schema's input: blanks are null, the year a number, tags split. */
export function publicationInputOf(values: Values) {
  const year = values.year.trim()
  return {
    type: values.type,
    title: values.title,
    slug: blankToNull(values.slug),
    authors: values.authors.map((author) => ({
      given: blankToNull(author.given),
      family: blankToNull(author.family),
      literal: blankToNull(author.literal),
      is_owner: author.is_owner,
    })),
    venue: blankToNull(values.venue),
    // Not a number stays as typed, so the schema names the field.
    year: year === '' ? null : /^\d+$/.test(year) ? Number(year) : year,
    date: blankToNull(values.date),
    volume: blankToNull(values.volume),
    issue: blankToNull(values.issue),
    pages: blankToNull(values.pages),
    doi: blankToNull(values.doi),
    arxiv_id: blankToNull(values.arxiv_id),
    url: blankToNull(values.url),
    pdf_url: blankToNull(values.pdf_url),
    code_url: blankToNull(values.code_url),
    slides_url: blankToNull(values.slides_url),
    abstract: values.abstract,
    tags: splitCommaList(values.tags),
    citation_key: blankToNull(values.citation_key),
    selected: values.selected,
    status: values.status,
    seo_description: values.seo_description,
    share_image: values.share_image,
    canonical_url: values.canonical_url,
    noindex: values.noindex,
  }
}

interface PublicationDialogProps {
  /** What to open on; null: closed. */
  source: PublicationFormSource | null
  /** Sends the data (create, or update with the version it was loaded from); answers the saved row. */
  save: (data: PublicationData, version: number | undefined) => Promise<Publication>
  /** After a save (the list refreshes) or Cancel/Escape. */
  onClose: () => void
  /** Drops what was typed after a version conflict and loads the stored row again. */
  reload: () => Promise<unknown>
}

/**
 * A publication's form in a modal dialog over the Publications screen: the
 * same form edits one, creates one, or opens on a DOI/arXiv lookup's draft
 * (nothing is saved until Save).
 */
export function PublicationDialog({ source, save, onClose, reload }: PublicationDialogProps) {
  const first = useRef<HTMLSelectElement>(null)
  const dialog = useModalDialog(source !== null, first)
  const titleId = useId()
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={keepFocusInside}
      className="m-auto w-[min(56rem,calc(100vw-1rem))] rounded-card bg-surface-raised p-0 text-body shadow-xl backdrop:bg-backdrop"
    >
      {source ? (
        <PublicationForm
          key={source.kind === 'edit' ? `${source.item.id}-${source.item.version}` : 'new'}
          titleId={titleId}
          source={source}
          save={save}
          onDone={onClose}
          reload={reload}
          firstRef={first}
        />
      ) : null}
    </dialog>
  )
}

function PublicationForm({
  titleId,
  source,
  save,
  onDone,
  reload,
  firstRef,
}: {
  titleId: string
  source: PublicationFormSource
  save: PublicationDialogProps['save']
  onDone: () => void
  reload: () => Promise<unknown>
  firstRef: React.RefObject<HTMLSelectElement | null>
}) {
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })
  const item = source.kind === 'edit' ? source.item : undefined
  const form = useSchemaForm({
    initial: () => valuesOf(source),
    schema: publicationInput,
    toInput: publicationInputOf,
    save: (data, version) => save(data, version),
    version: item?.version,
    reload,
    failure: 'The publication could not be saved.',
    onSaved: onDone,
  })
  const { values, set, text } = form
  const heading = item
    ? 'Edit publication'
    : source.kind === 'new' && source.draft
      ? 'New publication from lookup'
      : 'New publication'

  function setAuthor(index: number, changes: Partial<AuthorRow>) {
    set(
      'authors',
      values.authors.map((author, at) => {
        if (at === index) return { ...author, ...changes }
        // One entry is the owner's: marking another unmarks this one.
        return changes.is_owner ? { ...author, is_owner: false } : author
      }),
    )
  }
  function moveAuthor(index: number, by: -1 | 1) {
    const next = [...values.authors]
    const [moved] = next.splice(index, 1)
    if (!moved) return
    next.splice(index + by, 0, moved)
    set('authors', next)
    // The pressed button moves with its row; keep the focus on it (or its twin at an end).
    requestAnimationFrame(() => {
      const wanted = by === -1 ? 'up' : 'down'
      const other = by === -1 ? 'down' : 'up'
      const button = (direction: string) =>
        document.querySelector<HTMLButtonElement>(
          `[data-author-move="${moved.key}-${direction}"]:not(:disabled)`,
        )
      ;(button(wanted) ?? button(other))?.focus()
    })
  }
  const authorsError = form.errorOf('authors')

  return (
    <form
      aria-labelledby={titleId}
      onSubmit={form.onSubmit}
      className="flex max-h-[min(60rem,calc(100dvh-1rem))] flex-col"
    >
      <div className="border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold tracking-tight text-strong">
          {heading}
        </h2>
        {source.kind === 'new' && source.draft ? (
          <p className="mt-1 text-sm text-muted">
            Filled in from the lookup. Check it, then save: nothing is stored until you do.
          </p>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="publication-type" label="Type" error={form.errorOf('type')}>
            <select
              id="publication-type"
              ref={firstRef}
              value={values.type}
              onChange={(event) => set('type', event.target.value as Values['type'])}
              className={inputClass}
              {...describedBy('publication-type', { error: form.errorOf('type') })}
            >
              {publicationTypes.map((type) => (
                <option key={type} value={type}>
                  {publicationTypeLabels[type]}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-body">Status</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2 pt-2">
              {(['draft', 'published'] as const).map((status) => (
                <label key={status} className="flex items-center gap-2 text-sm text-body">
                  <input
                    type="radio"
                    name="publication-status"
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
        </div>
        <TextField
          id="publication-title"
          label="Title"
          field={text('title')}
          required
          rows={2}
          maxLength={500}
        />
        <TextField
          id="publication-slug"
          label="Address"
          hint="/publications/… ; leave empty to follow the title."
          field={text('slug')}
          placeholder={item?.slug ?? 'follows-the-title'}
        />
        <fieldset className="space-y-3" aria-describedby="publication-authors-hint">
          <legend className="text-sm font-medium text-body">Authors, in order</legend>
          <p id="publication-authors-hint" className="text-sm text-muted">
            Given and family name, or the whole name (an organisation) in “Name”. Mark your own
            entry: it is emphasised in every list.
          </p>
          {values.authors.length === 0 ? (
            <p className="text-sm text-muted">No authors yet.</p>
          ) : (
            <ol className="space-y-3">
              {values.authors.map((author, index) => {
                const base = `publication-author-${author.key}`
                const name =
                  author.literal.trim() ||
                  [author.given, author.family].filter((part) => part.trim()).join(' ') ||
                  `Author ${index + 1}`
                return (
                  <li
                    key={author.key}
                    className="space-y-2 rounded-lg border border-line p-3"
                    aria-label={`Author ${index + 1}: ${name}`}
                  >
                    <div className="grid gap-2 sm:grid-cols-3">
                      <AuthorInput
                        id={`${base}-given`}
                        label={`Author ${index + 1} given name`}
                        value={author.given}
                        onChange={(given) => setAuthor(index, { given })}
                      />
                      <AuthorInput
                        id={`${base}-family`}
                        label={`Author ${index + 1} family name`}
                        value={author.family}
                        onChange={(family) => setAuthor(index, { family })}
                      />
                      <AuthorInput
                        id={`${base}-literal`}
                        label={`Author ${index + 1} name (organisation)`}
                        value={author.literal}
                        onChange={(literal) => setAuthor(index, { literal })}
                      />
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <label className="mr-auto flex items-center gap-2 text-sm text-body">
                        <input
                          type="checkbox"
                          checked={author.is_owner}
                          onChange={(event) => setAuthor(index, { is_owner: event.target.checked })}
                          className="size-4 accent-accent"
                        />
                        This is me
                      </label>
                      <button
                        type="button"
                        className={smallButtonClass}
                        data-author-move={`${author.key}-up`}
                        aria-label={`Move up: ${name}`}
                        disabled={index === 0}
                        onClick={() => moveAuthor(index, -1)}
                      >
                        Move up
                      </button>
                      <button
                        type="button"
                        className={smallButtonClass}
                        data-author-move={`${author.key}-down`}
                        aria-label={`Move down: ${name}`}
                        disabled={index === values.authors.length - 1}
                        onClick={() => moveAuthor(index, 1)}
                      >
                        Move down
                      </button>
                      <button
                        type="button"
                        className={smallButtonClass}
                        aria-label={`Remove ${name}`}
                        onClick={() =>
                          set(
                            'authors',
                            values.authors.filter((_, at) => at !== index),
                          )
                        }
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                )
              })}
            </ol>
          )}
          {authorsError ? (
            <p id="publication-authors-error" className="text-sm text-danger">
              {authorsError}
            </p>
          ) : null}
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => set('authors', [...values.authors, authorRow()])}
          >
            Add author
          </button>
        </fieldset>
        <TextField
          id="publication-venue"
          label="Venue"
          hint="The journal, conference, publisher or repository."
          field={text('venue')}
          maxLength={limits.shortText}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="publication-year"
            label="Year"
            field={text('year')}
            inputMode="numeric"
            placeholder="2026"
          />
          <TextField
            id="publication-date"
            label="Date"
            hint="YYYY-MM or YYYY-MM-DD (optional)."
            field={text('date')}
            placeholder="2026-05"
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField id="publication-volume" label="Volume" field={text('volume')} />
          <TextField id="publication-issue" label="Issue" field={text('issue')} />
          <TextField id="publication-pages" label="Pages" field={text('pages')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="publication-doi"
            label="DOI"
            field={text('doi')}
            placeholder="10.1145/3290605.3300233"
          />
          <TextField
            id="publication-arxiv"
            label="arXiv id"
            field={text('arxiv_id')}
            placeholder="2501.01234"
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id="publication-url" label="Link" field={text('url')} inputMode="url" />
          <TextField
            id="publication-pdf"
            label="PDF"
            hint="An address, or an uploaded file's /media/… path."
            field={text('pdf_url')}
            inputMode="url"
          />
          <TextField id="publication-code" label="Code" field={text('code_url')} inputMode="url" />
          <TextField
            id="publication-slides"
            label="Slides"
            field={text('slides_url')}
            inputMode="url"
          />
        </div>
        <MarkdownField
          id="publication-abstract"
          label="Abstract"
          hint="Markdown."
          field={text('abstract')}
          rows={6}
          maxLength={limits.longText}
        />
        <TextField
          id="publication-tags"
          label="Tags (comma-separated)"
          hint={listHint}
          field={text('tags')}
          rows={2}
        />
        <TextField
          id="publication-citation-key"
          label="Citation key"
          hint="The BibTeX key (one word); leave empty to make one."
          field={text('citation_key')}
        />
        <CheckboxField
          id="publication-selected"
          label="Selected"
          hint="Shown under “Selected publications” on the home page."
          checked={values.selected}
          onChange={(checked) => set('selected', checked)}
        />
        <SeoFields
          id="publication"
          description={form.text('seo_description')}
          image={form.text('share_image')}
          canonical={form.text('canonical_url')}
          noindex={{ checked: values.noindex, onChange: (checked) => set('noindex', checked) }}
          preview={{
            host: new URL(siteUrl).host,
            title: values.title.trim() || 'Publication title',
            description: values.venue.trim(),
            image: item ? ogImagePath({ page: 'publication', slug: item.slug }) : null,
          }}
        />
      </div>
      <div className="space-y-3 border-t border-line px-5 py-4">
        <ErrorAlert message={form.action.error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className={primaryButtonClass} disabled={form.action.saving}>
            Save publication
          </button>
        </div>
      </div>
      <ConflictDialog conflict={form.conflict ?? null} />
    </form>
  )
}

function AuthorInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <input
      id={id}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={inputClass}
      placeholder={label.replace(/^Author \d+ /, '').replace(/^./, (c) => c.toUpperCase())}
    />
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type {
  Publication,
  PublicationData,
  PublicationDraftEntry,
} from '../../../src/schemas/publication'
import { BibtexImportPanel, OrcidPanel } from '../../components/admin/publications/import-panel'
import {
  PublicationDialog,
  type PublicationFormSource,
} from '../../components/admin/publications/publication-form'
import { authorLine, inputOf } from '../../components/admin/publications/publication-input'
import {
  ErrorAlert,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  smallButtonClass,
} from '../../components/admin/ui/form-controls'
import { Badge } from '../../components/admin/ui/list-parts'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { DeleteButton } from '../../components/admin/ui/row-actions'
import { EmptyState, SectionCard } from '../../components/admin/ui/section-card'
import { useToast } from '../../components/admin/ui/toasts'
import { useDeletableList } from '../../components/admin/ui/use-deletable-list'
import { failureText } from '../../lib/admin-errors'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/publications')({
  component: PublicationsScreen,
})

function PublicationsScreen() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { items: publications, deletion } = useDeletableList({
    list: trpc.publications.list.queryOptions(),
    remove: trpc.publications.delete.mutationOptions(),
    stale: trpc.publications.pathFilter(),
    question: 'Are you sure you want to delete this publication?',
    fallback: 'The publication could not be deleted.',
    deleted: 'Publication deleted.',
    trashKind: 'publication',
  })
  const update = useMutation(trpc.publications.update.mutationOptions())
  const reorder = useMutation(trpc.publications.reorder.mutationOptions())
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<PublicationFormSource | null>(null)
  const create = useMutation(trpc.publications.create.mutationOptions())
  const toast = useToast()

  /** The form's save: a new publication, or the edited one over the version it opened. */
  async function save(data: PublicationData, version: number | undefined) {
    const saved =
      editing?.kind === 'edit'
        ? await update.mutateAsync({ id: editing.item.id, version: version ?? 0, ...data })
        : await create.mutateAsync(data)
    await queryClient.invalidateQueries(trpc.publications.pathFilter())
    toast.success('Publication saved.')
    return saved
  }

  /** After a version conflict: the stored row again, in a fresh form. */
  async function reload() {
    if (editing?.kind !== 'edit') return
    const fresh = await queryClient.fetchQuery(
      trpc.publications.byId.queryOptions({ id: editing.item.id }, { staleTime: 0 }),
    )
    setEditing({ kind: 'edit', item: fresh })
  }

  async function change(publication: Publication, changes: Parameters<typeof inputOf>[1]) {
    setError(null)
    try {
      await update.mutateAsync({
        id: publication.id,
        version: publication.version,
        ...inputOf(publication, changes),
      })
      await queryClient.invalidateQueries(trpc.publications.pathFilter())
    } catch (failure) {
      setError(failureText(failure, 'The publication could not be saved.'))
    }
  }

  async function move(index: number, by: -1 | 1) {
    const ids = publications.map((p) => p.id)
    const [moved] = ids.splice(index, 1)
    if (moved === undefined) return
    ids.splice(index + by, 0, moved)
    setError(null)
    try {
      await reorder.mutateAsync({ ids })
      await queryClient.invalidateQueries(trpc.publications.pathFilter())
    } catch (failure) {
      setError(failureText(failure, 'The order could not be saved.'))
    }
  }

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Publications."
        lead="Your papers, preprints and other work: imported from BibTeX or ORCID, shown at /publications with their citation counts."
      />
      <SectionCard
        id="manage-publications"
        title="All publications"
        error={error ?? deletion.error}
      >
        <div className="mb-4 flex flex-wrap gap-3">
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => setEditing({ kind: 'new' })}
          >
            New publication
          </button>
        </div>
        {publications.length === 0 ? (
          <EmptyState>No publications yet. Add one, look one up, or import them below.</EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {publications.map((publication, index) => {
              const titleId = `publication-${publication.id}-title`
              const published = publication.status === 'published'
              return (
                <li
                  key={publication.id}
                  className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 id={titleId} className="font-semibold wrap-anywhere text-strong">
                        {publication.title}
                      </h3>
                      <Badge tone={published ? 'green' : 'slate'}>
                        {published ? 'Published' : 'Draft'}
                      </Badge>
                      {publication.selected ? <Badge tone="slate">Selected</Badge> : null}
                    </div>
                    <p className="text-sm text-muted wrap-anywhere">
                      {[authorLine(publication.authors), publication.venue, publication.year]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {publication.citations ? (
                      <p className="text-sm text-muted">
                        Cited by {publication.citations.cited_by_count} (OpenAlex,{' '}
                        {publication.citations.fetched_at.slice(0, 10)})
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={smallButtonClass}
                      onClick={() => setEditing({ kind: 'edit', item: publication })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={smallButtonClass}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={smallButtonClass}
                      disabled={index === publications.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={smallButtonClass}
                      disabled={update.isPending}
                      onClick={() => change(publication, { selected: !publication.selected })}
                    >
                      {publication.selected ? 'Unselect' : 'Select for home'}
                    </button>
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={smallButtonClass}
                      disabled={update.isPending}
                      onClick={() =>
                        change(publication, { status: published ? 'draft' : 'published' })
                      }
                    >
                      {published ? 'Unpublish' : 'Publish'}
                    </button>
                    <a
                      href={`/publications/${encodeURIComponent(publication.slug)}`}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      {published ? 'View' : 'Preview'}
                    </a>
                    <DeleteButton deletion={deletion} id={publication.id} describedBy={titleId} />
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </SectionCard>
      <LookupPanel onFound={(draft) => setEditing({ kind: 'new', draft })} />
      <BibtexImportPanel />
      <OrcidPanel />
      <PublicationDialog
        source={editing}
        save={save}
        reload={reload}
        onClose={() => setEditing(null)}
      />
    </div>
  )
}

/**
 * "Look up a DOI or arXiv id": the lookup procedure's metadata opens the form
 * filled in; nothing is saved until the owner saves it there.
 */
function LookupPanel({ onFound }: { onFound: (draft: PublicationDraftEntry) => void }) {
  const trpc = useTrpc()
  const lookup = useMutation(trpc.publications.lookup.mutationOptions())
  const [id, setId] = useState('')
  const [error, setError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    if (id.trim() === '') {
      setError('Type a DOI or an arXiv id to look up.')
      return
    }
    try {
      onFound(await lookup.mutateAsync({ id: id.trim() }))
    } catch (failure) {
      setError(failureText(failure, 'The lookup failed. Try again later, or fill in the form.'))
    }
  }

  return (
    <SectionCard id="lookup-publication" title="Look up a DOI or arXiv id" error={null}>
      <form className="space-y-3" aria-label="Look up a DOI or arXiv id" onSubmit={onSubmit}>
        <label htmlFor="publication-lookup-id" className="block text-sm font-medium text-body">
          DOI or arXiv id
        </label>
        <p id="publication-lookup-hint" className="text-sm text-muted">
          For example 10.1145/3290605.3300233 or 2501.01234. The details fill in a new
          publication&apos;s form; nothing is saved until you save it.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id="publication-lookup-id"
            value={id}
            onChange={(event) => {
              setId(event.target.value)
              setError(null)
            }}
            className={`${inputClass} sm:flex-1`}
            aria-describedby={
              error ? 'publication-lookup-hint publication-lookup-error' : 'publication-lookup-hint'
            }
            aria-invalid={error ? true : undefined}
          />
          <button type="submit" className={secondaryButtonClass} disabled={lookup.isPending}>
            {lookup.isPending ? 'Looking up…' : 'Look up'}
          </button>
        </div>
        <div id="publication-lookup-error">
          <ErrorAlert message={error} />
        </div>
      </form>
    </SectionCard>
  )
}

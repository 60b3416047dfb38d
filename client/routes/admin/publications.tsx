import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { Publication } from '../../../src/schemas/publication'
import { BibtexImportPanel, OrcidPanel } from '../../components/admin/publications/import-panel'
import { authorLine, inputOf } from '../../components/admin/publications/publication-input'
import { smallButtonClass } from '../../components/admin/ui/form-controls'
import { Badge } from '../../components/admin/ui/list-parts'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { DeleteButton } from '../../components/admin/ui/row-actions'
import { EmptyState, SectionCard } from '../../components/admin/ui/section-card'
import { useDeletableList } from '../../components/admin/ui/use-deletable-list'
import { failureText } from '../../lib/admin-errors'
import { useTrpc } from '../../lib/trpc'

export const Route = createFileRoute('/admin/publications')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.publications.list.queryOptions())
  },
  head: () => ({ meta: [{ title: 'Publications' }] }),
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
        {publications.length === 0 ? (
          <EmptyState>No publications yet. Import them below.</EmptyState>
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
      <BibtexImportPanel />
      <OrcidPanel />
    </div>
  )
}

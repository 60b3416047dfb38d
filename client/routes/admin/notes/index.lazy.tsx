import { createLazyFileRoute, Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { NoteState } from '../../../../src/schemas/note'
import {
  primaryButtonClass,
  SearchField,
  smallButtonClass,
} from '../../../components/admin/ui/form-controls'
import { Badge, UpdatedDate } from '../../../components/admin/ui/list-parts'
import { AdminPageHeader } from '../../../components/admin/ui/page-header'
import { DeleteButton } from '../../../components/admin/ui/row-actions'
import { EmptyState, SectionCard } from '../../../components/admin/ui/section-card'
import { useDeletableList } from '../../../components/admin/ui/use-deletable-list'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/notes/')({
  component: NotesScreen,
})

const stateBadges: Record<NoteState, { tone: 'slate' | 'amber' | 'green'; label: string }> = {
  draft: { tone: 'slate', label: 'Draft' },
  scheduled: { tone: 'amber', label: 'Scheduled' },
  published: { tone: 'green', label: 'Published' },
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function NotesScreen() {
  const trpc = useTrpc()
  const listQuery = trpc.notes.list.queryOptions({})
  const { items: notes, deletion } = useDeletableList({
    list: listQuery,
    remove: trpc.notes.delete.mutationOptions(),
    stale: trpc.notes.pathFilter(),
    question: 'Are you sure you want to delete this note?',
    fallback: 'The note could not be deleted.',
    deleted: 'Note deleted.',
    trashKind: 'note',
  })
  const [filter, setFilter] = useState('')
  const filterId = useId()
  const wanted = filter.trim().toLowerCase()
  const shown = notes.filter(
    (note) =>
      !wanted ||
      note.title.toLowerCase().includes(wanted) ||
      note.summary.toLowerCase().includes(wanted) ||
      note.tags.some((tag) => tag.toLowerCase().includes(wanted)),
  )

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Notes."
        lead="Notes with their own pages and feeds: drafts, scheduled and published."
        action={
          <Link to="/admin/notes/new" className={primaryButtonClass}>
            New Note
          </Link>
        }
      />
      <SectionCard id="manage-notes" title="All notes" error={deletion.error}>
        <SearchField
          id={filterId}
          label="Search notes"
          value={filter}
          onChange={setFilter}
          className="form-field max-w-sm"
        />
        {notes.length === 0 ? (
          <EmptyState>No notes yet. Write the first one.</EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState>No note matches “{filter.trim()}”.</EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {shown.map((note) => {
              const badge = stateBadges[note.state]
              const titleId = `note-${note.id}-title`
              return (
                <li key={note.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 id={titleId} className="font-semibold wrap-anywhere text-strong">
                        {note.title}
                      </h3>
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                    </div>
                    <p className="text-sm text-muted">
                      {note.state === 'scheduled' && note.published_at
                        ? `Goes live ${timeFormat.format(new Date(note.published_at))}`
                        : note.state === 'published' && note.published_at
                          ? `Published ${timeFormat.format(new Date(note.published_at))}`
                          : null}
                    </p>
                    <UpdatedDate iso={note.updated_at} />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <a
                      href={`/notes/${encodeURIComponent(note.slug)}`}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      {note.state === 'published' ? 'View' : 'Preview'}
                    </a>
                    <Link
                      to="/admin/notes/edit/$id"
                      params={{ id: String(note.id) }}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      Edit
                    </Link>
                    <DeleteButton deletion={deletion} id={note.id} describedBy={titleId} />
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </SectionCard>
    </div>
  )
}

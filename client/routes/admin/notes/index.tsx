import { createFileRoute, Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { PostState } from '../../../../src/schemas/post'
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

export const Route = createFileRoute('/admin/notes/')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.posts.list.queryOptions({}))
  },
  head: () => ({ meta: [{ title: 'Notes' }] }),
  component: NotesScreen,
})

const stateBadges: Record<PostState, { tone: 'slate' | 'amber' | 'green'; label: string }> = {
  draft: { tone: 'slate', label: 'Draft' },
  scheduled: { tone: 'amber', label: 'Scheduled' },
  published: { tone: 'green', label: 'Published' },
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function NotesScreen() {
  const trpc = useTrpc()
  const listQuery = trpc.posts.list.queryOptions({})
  const { items: posts, deletion } = useDeletableList({
    list: listQuery,
    remove: trpc.posts.delete.mutationOptions(),
    stale: trpc.posts.pathFilter(),
    question: 'Are you sure you want to delete this note?',
    fallback: 'The note could not be deleted.',
    deleted: 'Note deleted.',
    trashKind: 'post',
  })
  const [filter, setFilter] = useState('')
  const filterId = useId()
  const wanted = filter.trim().toLowerCase()
  const shown = posts.filter(
    (post) =>
      !wanted ||
      post.title.toLowerCase().includes(wanted) ||
      post.summary.toLowerCase().includes(wanted) ||
      post.tags.some((tag) => tag.toLowerCase().includes(wanted)),
  )

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Notes."
        lead="Posts with their own pages and feeds: drafts, scheduled and published."
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
        {posts.length === 0 ? (
          <EmptyState>No notes yet. Write the first one.</EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState>No note matches “{filter.trim()}”.</EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {shown.map((post) => {
              const badge = stateBadges[post.state]
              const titleId = `note-${post.id}-title`
              return (
                <li key={post.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 id={titleId} className="font-semibold wrap-anywhere text-strong">
                        {post.title}
                      </h3>
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                    </div>
                    <p className="text-sm text-muted">
                      {post.state === 'scheduled' && post.published_at
                        ? `Goes live ${timeFormat.format(new Date(post.published_at))}`
                        : post.state === 'published' && post.published_at
                          ? `Published ${timeFormat.format(new Date(post.published_at))}`
                          : null}
                    </p>
                    <UpdatedDate iso={post.updated_at} />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <a
                      href={`/notes/${encodeURIComponent(post.slug)}`}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      {post.state === 'published' ? 'View' : 'Preview'}
                    </a>
                    <Link
                      to="/admin/notes/edit/$id"
                      params={{ id: String(post.id) }}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      Edit
                    </Link>
                    <DeleteButton deletion={deletion} id={post.id} describedBy={titleId} />
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

import { createLazyFileRoute, Link } from '@tanstack/react-router'
import { primaryButtonClass, smallButtonClass } from '../../../components/admin/ui/form-controls'
import { Badge, UpdatedDate } from '../../../components/admin/ui/list-parts'
import { AdminPageHeader } from '../../../components/admin/ui/page-header'
import { DeleteButton } from '../../../components/admin/ui/row-actions'
import { EmptyState, SectionCard } from '../../../components/admin/ui/section-card'
import { useDeletableList } from '../../../components/admin/ui/use-deletable-list'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/pages/')({
  component: PagesScreen,
})

function PagesScreen() {
  const trpc = useTrpc()
  const { items: pages, deletion } = useDeletableList({
    list: trpc.pages.list.queryOptions(),
    remove: trpc.pages.delete.mutationOptions(),
    stale: trpc.pages.pathFilter(),
    question: 'Are you sure you want to delete this page?',
    fallback: 'The page could not be deleted.',
    deleted: 'Page deleted.',
    trashKind: 'page',
  })

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Pages."
        lead="Pages of your own at their own address (Now, Uses, Reading, Colophon); add them to the menu in Settings → Navigation."
        action={
          <Link to="/admin/pages/new" className={primaryButtonClass}>
            New Page
          </Link>
        }
      />
      <SectionCard id="manage-pages" title="All pages" error={deletion.error}>
        {pages.length === 0 ? (
          <EmptyState>No pages yet. Write the first one.</EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {pages.map((page) => {
              const titleId = `page-${page.id}-title`
              return (
                <li key={page.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 id={titleId} className="font-semibold wrap-anywhere text-strong">
                        {page.title}
                      </h3>
                      <Badge tone={page.status === 'published' ? 'green' : 'slate'}>
                        {page.status === 'published' ? 'Published' : 'Draft'}
                      </Badge>
                    </div>
                    <p className="text-sm text-muted wrap-anywhere">/{page.slug}</p>
                    <UpdatedDate iso={page.updated_at} />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <a
                      href={`/${encodeURIComponent(page.slug)}`}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      {page.status === 'published' ? 'View' : 'Preview'}
                    </a>
                    <Link
                      to="/admin/pages/edit/$id"
                      params={{ id: String(page.id) }}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      Edit
                    </Link>
                    <DeleteButton deletion={deletion} id={page.id} describedBy={titleId} />
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

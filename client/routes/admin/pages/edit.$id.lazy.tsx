import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute, useNavigate } from '@tanstack/react-router'
import { PageForm, pageSaved, refreshPages } from '../../../components/admin/pages/page-form'
import { RevisionHistory } from '../../../components/admin/revisions/revision-history'
import { useEditSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/pages/edit/$id')({
  component: EditPage,
})

function EditPage() {
  const { id } = Route.useLoaderData()
  const trpc = useTrpc()
  const navigate = useNavigate()
  const { item, save, reload } = useEditSave({
    id,
    query: trpc.pages.byId.queryOptions({ id }),
    update: trpc.pages.update.mutationOptions(),
    refresh: refreshPages,
    saved: pageSaved,
  })
  const queryClient = useQueryClient()
  const restore = useMutation(trpc.pages.restoreRevision.mutationOptions())
  async function restoreRevision(rev: number) {
    const restored = await restore.mutateAsync({ id, rev })
    queryClient.setQueryData(trpc.pages.byId.queryKey({ id }), restored)
    await refreshPages(queryClient, trpc)
  }
  return (
    <>
      <PageForm
        key={`${id}-${item.version}`}
        heading="Edit Page."
        item={item}
        save={save}
        reload={reload}
        onSaved={() => void navigate({ to: '/admin/pages' })}
      />
      <RevisionHistory
        query={trpc.pages.revisions.queryOptions({ id }, { staleTime: 0 })}
        restore={restoreRevision}
        wide
      />
    </>
  )
}

import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { noteSaved, PostForm } from '../../../components/admin/notes/post-form'
import { refreshNotes } from '../../../components/admin/ui/refresh-lists'
import { useEditSave } from '../../../components/admin/ui/use-content-save'
import { editLoader } from '../../../lib/admin-loaders'
import { useTrpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/notes/edit/$id')({
  loader: editLoader((trpc, id) => trpc.posts.byId.queryOptions({ id })),
  head: () => ({ meta: [{ title: 'Edit Note' }] }),
  component: EditNote,
})

function EditNote() {
  const { id } = Route.useLoaderData()
  const trpc = useTrpc()
  const navigate = useNavigate()
  const { item, save, reload } = useEditSave({
    id,
    query: trpc.posts.byId.queryOptions({ id }),
    update: trpc.posts.update.mutationOptions(),
    refresh: refreshNotes,
    saved: noteSaved,
  })
  return (
    <PostForm
      key={`${id}-${item.version}`}
      heading="Edit Note."
      item={item}
      save={save}
      reload={reload}
      onSaved={() => void navigate({ to: '/admin/notes' })}
    />
  )
}

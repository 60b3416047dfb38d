import { createLazyFileRoute, useNavigate } from '@tanstack/react-router'
import { NoteForm, noteSaved } from '../../../components/admin/notes/note-form'
import { refreshNotes } from '../../../components/admin/ui/refresh-lists'
import { useEditSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/notes/edit/$id')({
  component: EditNote,
})

function EditNote() {
  const { id } = Route.useLoaderData()
  const trpc = useTrpc()
  const navigate = useNavigate()
  const { item, save, reload } = useEditSave({
    id,
    query: trpc.notes.byId.queryOptions({ id }),
    update: trpc.notes.update.mutationOptions(),
    refresh: refreshNotes,
    saved: noteSaved,
  })
  return (
    <NoteForm
      key={`${id}-${item.version}`}
      heading="Edit Note."
      item={item}
      save={save}
      reload={reload}
      onSaved={() => void navigate({ to: '/admin/notes' })}
    />
  )
}

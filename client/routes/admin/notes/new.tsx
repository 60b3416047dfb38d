import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { noteSaved, PostForm } from '../../../components/admin/notes/post-form'
import { refreshNotes } from '../../../components/admin/ui/refresh-lists'
import { useCreateSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/notes/new')({
  head: () => ({ meta: [{ title: 'New Note' }] }),
  component: NewNote,
})

function NewNote() {
  const navigate = useNavigate()
  const save = useCreateSave(useTrpc().posts.create.mutationOptions(), refreshNotes, noteSaved)
  return (
    <PostForm
      heading="New Note."
      save={save}
      onSaved={() => void navigate({ to: '/admin/notes' })}
    />
  )
}

import { createLazyFileRoute, useNavigate } from '@tanstack/react-router'
import { NoteForm, noteSaved } from '../../../components/admin/notes/note-form'
import { refreshNotes } from '../../../components/admin/ui/refresh-lists'
import { useCreateSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/notes/new')({
  component: NewNote,
})

function NewNote() {
  const navigate = useNavigate()
  const save = useCreateSave(useTrpc().notes.create.mutationOptions(), refreshNotes, noteSaved)
  return (
    <NoteForm
      heading="New Note."
      save={save}
      onSaved={() => void navigate({ to: '/admin/notes' })}
    />
  )
}

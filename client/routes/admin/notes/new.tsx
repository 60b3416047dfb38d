import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { PostData } from '../../../../src/schemas/post'
import { PostForm } from '../../../components/admin/notes/post-form'
import { useToast } from '../../../components/admin/ui/toasts'
import { useTrpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/notes/new')({
  head: () => ({ meta: [{ title: 'New Note' }] }),
  component: NewNote,
})

function NewNote() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const navigate = useNavigate()
  const create = useMutation(trpc.posts.create.mutationOptions())
  const save = async (data: PostData) => {
    const post = await create.mutateAsync(data)
    await queryClient.invalidateQueries(trpc.posts.pathFilter())
    toast.success(post.state === 'scheduled' ? 'Note scheduled.' : 'Note saved.')
  }
  return (
    <PostForm
      heading="New Note."
      save={save}
      onSaved={() => void navigate({ to: '/admin/notes' })}
    />
  )
}

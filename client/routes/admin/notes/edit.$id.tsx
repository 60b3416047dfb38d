import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { PostData } from '../../../../src/schemas/post'
import { PostForm } from '../../../components/admin/notes/post-form'
import { useToast } from '../../../components/admin/ui/toasts'
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
  const queryClient = useQueryClient()
  const toast = useToast()
  const navigate = useNavigate()
  const { data: item } = useSuspenseQuery(trpc.posts.byId.queryOptions({ id }))
  const update = useMutation(trpc.posts.update.mutationOptions())
  const save = async (data: PostData, version?: number) => {
    const post = await update.mutateAsync({ id, version, ...data })
    queryClient.setQueryData(trpc.posts.byId.queryKey({ id }), post)
    await queryClient.invalidateQueries(trpc.posts.pathFilter())
    toast.success(post.state === 'scheduled' ? 'Note scheduled.' : 'Note saved.')
    return post
  }
  const reload = () =>
    queryClient.fetchQuery({ ...trpc.posts.byId.queryOptions({ id }), staleTime: 0 })
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

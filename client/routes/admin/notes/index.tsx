import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/notes/')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.notes.list.queryOptions({}))
  },
  head: () => ({ meta: [{ title: 'Notes' }] }),
})

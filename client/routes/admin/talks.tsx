import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/talks')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.talks.list.queryOptions())
  },
  head: () => ({ meta: [{ title: 'Talks' }] }),
})

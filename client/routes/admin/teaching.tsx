import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/teaching')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.teaching.list.queryOptions())
  },
  head: () => ({ meta: [{ title: 'Teaching' }] }),
})

import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/publications')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.publications.list.queryOptions())
  },
  head: () => ({ meta: [{ title: 'Publications' }] }),
})

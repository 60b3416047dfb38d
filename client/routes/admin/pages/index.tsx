import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/pages/')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.pages.list.queryOptions())
  },
  head: () => ({ meta: [{ title: 'Pages' }] }),
})

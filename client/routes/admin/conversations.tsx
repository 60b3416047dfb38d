import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

/** Conversations: responses from elsewhere, beside the messages in the inbox (docs/social-web.md). */
export const Route = createFileRoute('/admin/conversations')({
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.conversations.list.queryOptions()),
      queryClient.ensureQueryData(trpc.conversations.trustList.queryOptions()),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Conversations' }] }),
})

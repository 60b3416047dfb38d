import { createFileRoute } from '@tanstack/react-router'
import { ConversationsInbox } from '../../components/admin/conversations/conversations-inbox'
import { WebmentionResults } from '../../components/admin/conversations/webmention-results'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
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
  component: ConversationsScreen,
})

function ConversationsScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Conversations."
        lead="Replies, likes, reposts and mentions of your notes and projects from other sites, Mastodon and Bluesky. They show under the note or project once you approve them."
      />
      <ConversationsInbox />
      <WebmentionResults />
    </div>
  )
}

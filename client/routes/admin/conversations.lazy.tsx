import { createLazyFileRoute } from '@tanstack/react-router'
import { ConversationsInbox } from '../../components/admin/conversations/conversations-inbox'
import { WebmentionResults } from '../../components/admin/conversations/webmention-results'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/conversations')({
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

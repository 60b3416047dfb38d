import { createFileRoute } from '@tanstack/react-router'
import { FediverseSettingsForm } from '../../components/admin/fediverse/fediverse-settings-form'
import {
  DeliveriesPanel,
  FediverseConversationsPanel,
  FollowersPanel,
} from '../../components/admin/fediverse/followers-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'

/** Settings → Fediverse: the site as an ActivityPub account (docs/activitypub.md). */
export const Route = createFileRoute('/admin/fediverse')({
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.fetchQuery({ ...trpc.activityPub.settings.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.activityPub.followers.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.activityPub.deliveries.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.conversations.list.queryOptions(), staleTime: 0 }),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Fediverse' }] }),
  component: FediverseScreen,
})

function FediverseScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Fediverse."
        lead="Followed from Mastodon: the site as an account whose notes reach its followers."
      />
      <FediverseSettingsForm />
      <FollowersPanel />
      <FediverseConversationsPanel />
      <DeliveriesPanel />
    </div>
  )
}

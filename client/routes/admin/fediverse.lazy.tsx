import { createLazyFileRoute } from '@tanstack/react-router'
import { FediverseSettingsForm } from '../../components/admin/fediverse/fediverse-settings-form'
import {
  DeliveriesPanel,
  FediverseConversationsPanel,
  FollowersPanel,
} from '../../components/admin/fediverse/followers-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/fediverse')({
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

import { createFileRoute } from '@tanstack/react-router'
import { ShareLinksPanel } from '../../components/admin/analytics/share-links-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/share-links')({
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.fetchQuery({ ...trpc.shareLinks.list.queryOptions(), staleTime: 0 }),
      // The form's select offers each published project.
      queryClient.ensureQueryData(trpc.projects.list.queryOptions()),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Share links' }] }),
  component: ShareLinksScreen,
})

function ShareLinksScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Share links."
        lead="A named address for each application you send, to see who looked."
      />
      <ShareLinksPanel />
    </div>
  )
}

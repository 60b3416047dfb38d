import { createFileRoute } from '@tanstack/react-router'
import { ScreensSeoPanel } from '../../components/admin/seo/screens-seo-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'

/** Settings → Search & sharing: the fixed screens' description, share image and indexing. */
export const Route = createFileRoute('/admin/search-sharing')({
  loader: adminLoader((queryClient, trpc) =>
    queryClient.ensureQueryData(trpc.settings.seo.queryOptions()),
  ),
  head: () => ({ meta: [{ title: 'Search & sharing' }] }),
  component: SearchSharingScreen,
})

function SearchSharingScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Search & sharing."
        lead="What the home page, Projects, Notes and the CV say in search results and when a link to them is shared. A project's or a note's own is on its form."
      />
      <ScreensSeoPanel />
    </div>
  )
}

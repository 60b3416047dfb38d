import { createLazyFileRoute } from '@tanstack/react-router'
import { ScreensSeoPanel } from '../../components/admin/seo/screens-seo-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/search-sharing')({
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

import { createLazyFileRoute } from '@tanstack/react-router'
import { TRASH_DAYS } from '../../../src/schemas/trash'
import { TrashList } from '../../components/admin/trash/trash-list'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/trash')({
  component: TrashScreen,
})

function TrashScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Trash."
        lead={`Deleted projects, timeline events, notes, messages and images stay here for ${TRASH_DAYS} days, then they are removed for good. Restore puts one back where it was.`}
      />
      <TrashList />
    </div>
  )
}

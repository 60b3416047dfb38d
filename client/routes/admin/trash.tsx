import { createFileRoute } from '@tanstack/react-router'
import { TRASH_DAYS } from '../../../src/schemas/trash'
import { TrashList } from '../../components/admin/trash-list'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/trash')({
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({ ...trpc.trash.list.queryOptions(), staleTime: 0 }),
  ),
  head: () => ({ meta: [{ title: 'Trash' }] }),
  component: TrashScreen,
})

function TrashScreen() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-strong">Trash.</h1>
        <p className="text-sm text-muted">
          Deleted projects, timeline events, notes, messages and images stay here for {TRASH_DAYS}{' '}
          days, then they are removed for good. Restore puts one back where it was.
        </p>
      </div>
      <TrashList />
    </div>
  )
}

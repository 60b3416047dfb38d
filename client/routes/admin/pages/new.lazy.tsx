import { createLazyFileRoute, useNavigate } from '@tanstack/react-router'
import { PageForm, pageSaved, refreshPages } from '../../../components/admin/pages/page-form'
import { useCreateSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/pages/new')({
  component: NewPage,
})

function NewPage() {
  const navigate = useNavigate()
  const save = useCreateSave(useTrpc().pages.create.mutationOptions(), refreshPages, pageSaved)
  return (
    <PageForm
      heading="New Page."
      save={save}
      onSaved={() => void navigate({ to: '/admin/pages' })}
    />
  )
}

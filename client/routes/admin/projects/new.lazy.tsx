import { createLazyFileRoute } from '@tanstack/react-router'
import { ProjectForm } from '../../../components/admin/projects/project-form'
import { refreshProjects } from '../../../components/admin/ui/refresh-lists'
import { useCreateSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/projects/new')({
  component: NewProject,
})

function NewProject() {
  const save = useCreateSave(
    useTrpc().projects.create.mutationOptions(),
    refreshProjects,
    'Project added.',
  )
  return <ProjectForm heading="Add New Project." save={save} />
}

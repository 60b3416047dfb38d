import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { ProjectData } from '../../../../src/schemas/project'
import { ProjectForm } from '../../../components/admin/project-form'
import { refreshProjects } from '../../../components/admin/refresh-lists'
import { useTrpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/projects/new')({
  head: () => ({ meta: [{ title: 'Add New Project' }] }),
  component: NewProject,
})

function NewProject() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const create = useMutation(trpc.projects.create.mutationOptions())

  async function save(data: ProjectData) {
    await create.mutateAsync(data)
    await refreshProjects(queryClient, trpc)
  }

  return <ProjectForm heading="Add New Project." save={save} />
}

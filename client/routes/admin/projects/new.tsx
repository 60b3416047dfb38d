import { createFileRoute } from '@tanstack/react-router'
import type { ProjectData } from '../../../../src/schemas/project'
import { ProjectForm } from '../../../components/admin/project-form'
import { refreshProjects } from '../../../components/admin/refresh-lists'
import { trpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/projects/new')({
  head: () => ({ meta: [{ title: 'Add New Project' }] }),
  component: NewProject,
})

function NewProject() {
  const create = trpc.projects.create.useMutation()
  const utils = trpc.useUtils()

  async function save(data: ProjectData) {
    await create.mutateAsync(data)
    await refreshProjects(utils)
  }

  return <ProjectForm heading="Add New Project." save={save} />
}

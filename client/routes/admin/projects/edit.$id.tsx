import { createFileRoute } from '@tanstack/react-router'
import type { ProjectData } from '../../../../src/schemas/project'
import { ProjectForm } from '../../../components/admin/project-form'
import { refreshProjects } from '../../../components/admin/refresh-lists'
import { rethrowForEditLoader, routeIdOrNotFound } from '../../../lib/admin-loaders'
import { trpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/projects/edit/$id')({
  // Loader and screen travel together in this route's own chunk, so the
  // public entry bundle carries no admin code at all.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async ({ context: { trpcUtils }, params }) => {
    const id = routeIdOrNotFound(params.id)
    try {
      await trpcUtils.projects.byId.ensureData({ id })
    } catch (error) {
      rethrowForEditLoader(error)
    }
    return { id }
  },
  head: () => ({ meta: [{ title: 'Edit Project' }] }),
  component: EditProject,
})

function EditProject() {
  const { id } = Route.useLoaderData()
  const [project] = trpc.projects.byId.useSuspenseQuery({ id })
  const update = trpc.projects.update.useMutation()
  const utils = trpc.useUtils()

  async function save(data: ProjectData) {
    const saved = await update.mutateAsync({ id, ...data })
    // The next visit to this form starts from what was just saved.
    utils.projects.byId.setData({ id }, saved)
    await refreshProjects(utils)
  }

  return <ProjectForm key={id} heading="Edit Project." project={project} save={save} />
}

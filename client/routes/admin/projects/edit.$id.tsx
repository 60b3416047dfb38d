import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { ProjectData } from '../../../../src/schemas/project'
import { ProjectForm } from '../../../components/admin/project-form'
import { refreshProjects } from '../../../components/admin/refresh-lists'
import { rethrowForEditLoader, routeIdOrNotFound } from '../../../lib/admin-loaders'
import { useTrpc } from '../../../lib/trpc'

export const Route = createFileRoute('/admin/projects/edit/$id')({
  // Loader and screen travel together in this route's own chunk, so the
  // public entry bundle carries no admin code at all.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async ({ context: { queryClient, loadTrpc }, params }) => {
    const id = routeIdOrNotFound(params.id)
    const trpc = await loadTrpc()
    try {
      await queryClient.ensureQueryData(trpc.projects.byId.queryOptions({ id }))
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
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: project } = useSuspenseQuery(trpc.projects.byId.queryOptions({ id }))
  const update = useMutation(trpc.projects.update.mutationOptions())

  async function save(data: ProjectData) {
    const saved = await update.mutateAsync({ id, ...data })
    // The next visit to this form starts from what was just saved.
    queryClient.setQueryData(trpc.projects.byId.queryKey({ id }), saved)
    await refreshProjects(queryClient, trpc)
  }

  return <ProjectForm key={id} heading="Edit Project." project={project} save={save} />
}

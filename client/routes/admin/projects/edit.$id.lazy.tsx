import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { ProjectForm } from '../../../components/admin/projects/project-form'
import { RevisionHistory } from '../../../components/admin/revisions/revision-history'
import { refreshProjects } from '../../../components/admin/ui/refresh-lists'
import { useEditSave } from '../../../components/admin/ui/use-content-save'
import { useTrpc } from '../../../lib/trpc'

export const Route = createLazyFileRoute('/admin/projects/edit/$id')({
  component: EditProject,
})

function EditProject() {
  const { id } = Route.useLoaderData()
  const trpc = useTrpc()
  const { item, save, reload } = useEditSave({
    id,
    query: trpc.projects.byId.queryOptions({ id }),
    update: trpc.projects.update.mutationOptions(),
    refresh: refreshProjects,
    saved: 'Project saved.',
  })
  const queryClient = useQueryClient()
  const restore = useMutation(trpc.projects.restoreRevision.mutationOptions())
  async function restoreRevision(rev: number, restorePublished: boolean) {
    const restored = await restore.mutateAsync({ id, rev, restore_published: restorePublished })
    // The form opens again on the restored version.
    queryClient.setQueryData(trpc.projects.byId.queryKey({ id }), restored)
    await refreshProjects(queryClient, trpc)
  }
  return (
    <>
      <ProjectForm
        key={`${id}-${item.version}`}
        heading="Edit Project."
        item={item}
        save={save}
        reload={reload}
      />
      <RevisionHistory
        query={trpc.projects.revisions.queryOptions({ id }, { staleTime: 0 })}
        restore={restoreRevision}
        publishedOption
        wide
      />
    </>
  )
}

import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTrpc } from '../../lib/trpc'
import {
  dangerButtonClass,
  ErrorAlert,
  primaryButtonClass,
  smallButtonClass,
} from './form-controls'
import { EmptyState, SectionCard } from './section-card'
import { useDeleteAction } from './use-delete-action'

export function ProjectsPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: projects } = useSuspenseQuery(trpc.projects.list.queryOptions())
  const remove = useMutation(trpc.projects.delete.mutationOptions())
  const deletion = useDeleteAction({
    question: 'Are you sure you want to delete this project?',
    fallback: 'The project could not be deleted.',
    remove: (id) => remove.mutateAsync({ id }),
    refresh: () => queryClient.invalidateQueries(trpc.projects.pathFilter()),
  })

  return (
    <SectionCard
      id="manage-projects"
      title="Manage Projects."
      action={
        <Link to="/admin/projects/new" className={primaryButtonClass}>
          Add Project
        </Link>
      }
    >
      <ErrorAlert message={deletion.error} />
      {projects.length === 0 ? (
        <EmptyState>No projects yet.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {projects.map((project) => {
            const titleId = `project-${project.id}-title`
            return (
              <li key={project.id}>
                <article
                  aria-labelledby={titleId}
                  className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 p-4 transition hover:border-slate-300"
                >
                  <div className="space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 id={titleId} className="font-semibold break-words text-slate-900">
                        {project.title}
                      </h3>
                      {project.is_featured ? (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
                          Featured
                        </span>
                      ) : null}
                    </div>
                    <p className="line-clamp-3 text-sm break-words text-slate-600">
                      {project.description}
                    </p>
                  </div>
                  <div className="mt-auto flex gap-2">
                    <Link
                      to="/admin/projects/edit/$id"
                      params={{ id: String(project.id) }}
                      aria-describedby={titleId}
                      className={smallButtonClass}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={dangerButtonClass}
                      disabled={deletion.pendingId === project.id}
                      onClick={() => deletion.run(project.id)}
                    >
                      Delete
                    </button>
                  </div>
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}

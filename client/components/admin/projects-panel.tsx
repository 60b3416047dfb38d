import { Link } from '@tanstack/react-router'
import { useTrpc } from '../../lib/trpc'
import { primaryButtonClass } from './form-controls'
import { RowActions } from './row-actions'
import { EmptyState, SectionCard } from './section-card'
import { useDeletableList } from './use-deletable-list'

export function ProjectsPanel() {
  const trpc = useTrpc()
  const { items: projects, deletion } = useDeletableList({
    list: trpc.projects.list.queryOptions(),
    remove: trpc.projects.delete.mutationOptions(),
    stale: trpc.projects.pathFilter(),
    question: 'Are you sure you want to delete this project?',
    fallback: 'The project could not be deleted.',
    deleted: 'Project deleted.',
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
      error={deletion.error}
    >
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
                  <RowActions
                    className="mt-auto flex gap-2"
                    edit="/admin/projects/edit/$id"
                    deletion={deletion}
                    id={project.id}
                    describedBy={titleId}
                  />
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}

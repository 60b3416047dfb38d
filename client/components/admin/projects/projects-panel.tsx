import { Link } from '@tanstack/react-router'
import type { Project } from '../../../../src/schemas/project'
import { firstShown } from '../../../lib/responsive-image'
import { useTrpc } from '../../../lib/trpc'
import { primaryButtonClass, secondaryButtonClass } from '../ui/form-controls'
import { Badge, ListThumbnail, UpdatedDate } from '../ui/list-parts'
import { SortableRow } from '../ui/row-actions'
import { EmptyState, SectionCard } from '../ui/section-card'
import { type RowControls, SortableList } from '../ui/sortable-list'
import { type Deletion, useDeletableList } from '../ui/use-deletable-list'
import { useReorder } from '../ui/use-reorder'

export function ProjectsPanel() {
  const trpc = useTrpc()
  const { items: projects, deletion } = useDeletableList({
    list: trpc.projects.list.queryOptions(),
    remove: trpc.projects.delete.mutationOptions(),
    stale: trpc.projects.pathFilter(),
    question: 'Are you sure you want to delete this project?',
    fallback: 'The project could not be deleted.',
    deleted: 'Project deleted.',
    trashKind: 'project',
  })
  const reorder = useReorder({
    listKey: trpc.projects.list.queryKey(),
    reorder: trpc.projects.reorder.mutationOptions(),
    stale: trpc.projects.pathFilter(),
    saved: 'Project order saved.',
    failed: 'The new order was not saved.',
  })

  return (
    <SectionCard
      id="manage-projects"
      title="Manage Projects."
      action={
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/github" className={secondaryButtonClass}>
            Import from GitHub
          </Link>
          <Link to="/admin/projects/new" className={primaryButtonClass}>
            Add Project
          </Link>
        </div>
      }
      error={deletion.error}
    >
      {projects.length === 0 ? (
        <EmptyState>No projects yet.</EmptyState>
      ) : (
        <SortableList
          items={projects}
          label="Projects, in the order the site shows them"
          nameOf={(project) => project.title}
          onReorder={reorder}
          className="divide-y divide-line rounded-control border border-line"
        >
          {(project, controls) => (
            <ProjectRow project={project} controls={controls} deletion={deletion} />
          )}
        </SortableList>
      )}
    </SectionCard>
  )
}

/**
 * One project as a card: handle, cover, title with its status, the short
 * description, when it last changed, then its actions (on a phone, a row of
 * their own under the rest).
 */
function ProjectRow({
  project,
  controls,
  deletion,
}: {
  project: Project
  controls: RowControls
  deletion: Deletion
}) {
  const titleId = `project-${project.id}-title`
  return (
    <SortableRow
      as="article"
      titleId={titleId}
      controls={controls}
      thumbnail={
        <ListThumbnail
          shown={firstShown(project.image_urls, project.images)}
          name={project.title}
        />
      }
      edit="/admin/projects/edit/$id"
      deletion={deletion}
      id={project.id}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 id={titleId} className="font-semibold wrap-anywhere text-strong">
          {project.title}
        </h3>
        {project.is_published ? (
          <Badge tone="green">Published</Badge>
        ) : (
          <Badge tone="amber">Draft</Badge>
        )}
        {project.is_featured ? <Badge tone="indigo">Featured</Badge> : null}
      </div>
      <p className="line-clamp-2 text-sm wrap-anywhere text-muted">{project.description}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <UpdatedDate iso={project.updated_at} />
        <RepositoryStatus project={project} />
        <Link
          to="/projects/$slug"
          params={{ slug: project.slug }}
          aria-describedby={titleId}
          className="rounded text-xs font-medium text-accent-ink hover:underline"
        >
          {project.is_published ? 'View' : 'Preview'}
        </Link>
      </div>
    </SortableRow>
  )
}

const fetchedFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
})

/** How its GitHub repository's fetch stands: when it was last fetched, or what went wrong. */
function RepositoryStatus({ project }: { project: Project }) {
  const sync = project.repo_sync
  if (!sync) return null
  const fetched = sync.fetched_at ? fetchedFormat.format(new Date(sync.fetched_at)) : null
  if (sync.status === 'ok' && fetched) {
    return (
      <span className="text-xs text-muted">
        GitHub: fetched <time dateTime={sync.fetched_at ?? undefined}>{fetched}</time>
      </span>
    )
  }
  if (sync.status === 'pending') {
    return <span className="text-xs text-muted">GitHub: waiting for the first fetch</span>
  }
  return (
    <span className="text-xs text-danger-ink">
      {sync.status === 'unavailable' ? 'GitHub: hidden from visitors. ' : 'GitHub: '}
      {sync.error}
      {fetched ? ` Last fetched ${fetched}.` : ''}
    </span>
  )
}

import { Link } from '@tanstack/react-router'
import type { Project } from '../../src/schemas/project'
import { firstShown, imageSizes } from '../lib/responsive-image'
import { RepositoryStats } from './repository-stats'
import { ResponsiveImage } from './responsive-image'
import { TagList } from './tag-list'

/** A project without a (loadable) image: its initial on a soft gradient. */
export function ProjectPlaceholder({ title, className }: { title: string; className: string }) {
  return (
    <div
      aria-hidden="true"
      className={`grid aspect-video w-full place-items-center bg-accent-soft text-4xl font-bold text-accent-ink ${className}`}
    >
      {title.slice(0, 1).toUpperCase()}
    </div>
  )
}

/**
 * A project as a card. The title link stretches over the whole card, so the
 * card is one click target whose accessible name is just the title.
 */
export function ProjectCard({
  project,
  headingLevel = 2,
  priority = false,
}: {
  /** The home page's loader leaves out what no card shows: the long description, timestamps. */
  project: Omit<Project, 'long_description' | 'long_description_html' | 'created_at' | 'updated_at'>
  headingLevel?: 2 | 3
  /** The page's first card, in view on a phone: its image is fetched first, never lazily. */
  priority?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  return (
    <article className="group relative flex w-full flex-col overflow-hidden card transition motion-safe:hover:-translate-y-0.5 hover:border-accent-ink/40 hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent-ink">
      <ResponsiveImage
        shown={firstShown(project.image_urls, project.images)}
        alt={`Preview of ${project.title}`}
        width={640}
        height={360}
        sizes={imageSizes.card}
        priority={priority}
        className="aspect-video w-full border-b border-line bg-surface-sunken object-cover"
        fallback={<ProjectPlaceholder title={project.title} className="border-b border-line" />}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg font-semibold tracking-tight text-strong">
          <Link
            to="/projects/$slug"
            params={{ slug: project.slug }}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-accent-ink"
          >
            {project.title}
          </Link>
        </Heading>
        <p className="text-sm leading-relaxed text-muted">{project.description}</p>
        <div className="mt-auto flex flex-col gap-3 pt-1">
          {project.repo ? <RepositoryStats repo={project.repo} /> : null}
          <TagList tags={project.tags} />
        </div>
      </div>
    </article>
  )
}

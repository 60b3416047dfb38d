import { Link } from '@tanstack/react-router'
import type { Project } from '../../src/schemas/project'
import { firstShown, imageSizes } from '../lib/responsive-image'
import { ResponsiveImage } from './responsive-image'
import { TagList } from './tag-list'

/** A project without a (loadable) image: its initial on a soft gradient. */
export function ProjectPlaceholder({ title, className }: { title: string; className: string }) {
  return (
    <div
      aria-hidden="true"
      className={`grid aspect-video w-full place-items-center bg-gradient-to-br from-indigo-100 via-white to-violet-100 text-4xl font-bold text-indigo-300 ${className}`}
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
  project: Project
  headingLevel?: 2 | 3
  /** The page's first card, in view on a phone: its image is fetched first, never lazily. */
  priority?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition motion-safe:hover:-translate-y-0.5 hover:border-indigo-200 hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-indigo-500">
      <ResponsiveImage
        shown={firstShown(project.image_urls, project.images)}
        alt={`Preview of ${project.title}`}
        width={640}
        height={360}
        sizes={imageSizes.card}
        priority={priority}
        className="aspect-video w-full border-b border-slate-100 bg-slate-100 object-cover"
        fallback={
          <ProjectPlaceholder title={project.title} className="border-b border-slate-100" />
        }
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg font-semibold tracking-tight text-slate-900">
          <Link
            to="/projects/$slug"
            params={{ slug: project.slug }}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-indigo-700"
          >
            {project.title}
          </Link>
        </Heading>
        <p className="text-sm leading-relaxed text-slate-600">{project.description}</p>
        <div className="mt-auto pt-1">
          <TagList tags={project.tags} />
        </div>
      </div>
    </article>
  )
}

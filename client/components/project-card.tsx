import { Link } from '@tanstack/react-router'
import { COVER, projectCoverUrl } from '../../src/domain/project-cover'
import type { Project } from '../../src/schemas/project'
import { firstShown, imageSizes } from '../lib/responsive-image'
import { RepositoryStats } from './repository-stats'
import { ResponsiveImage } from './responsive-image'
import { TagList } from './tag-list'

/** A card's project: the home page's data leaves out what no card shows (long description, timestamps). */
export type ProjectCardData = Omit<
  Project,
  'long_description' | 'long_description_html' | 'created_at' | 'updated_at'
>

/** The box every project image takes: the style's cover shape (16:9 before styles set one). */
export const coverBox = 'aspect-[var(--cover-aspect,16/9)] w-full bg-surface-sunken object-cover'

/**
 * A project without a (loadable) image: its generated cover, drawn by the
 * server from the title, the tags and the accent colour. The alt text is
 * empty: the cover only repeats the title and the tags, which the card or
 * page shows as text beside it.
 */
export function GeneratedCover({
  project,
  className,
  priority = false,
}: {
  project: Pick<Project, 'slug' | 'title' | 'tags'>
  className: string
  priority?: boolean
}) {
  return (
    <img
      src={projectCoverUrl(project)}
      alt=""
      width={COVER.width}
      height={COVER.height}
      loading={priority ? undefined : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={`${coverBox} ${className}`}
    />
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
  large = false,
}: {
  project: ProjectCardData
  headingLevel?: 2 | 3
  /** The page's first card, in view on a phone: its image is fetched first, never lazily. */
  priority?: boolean
  /** Two a row in the home page's wide column: its image is fetched at that width. */
  large?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const sizes = large ? imageSizes.featured : imageSizes.card
  const image = `${coverBox} border-b border-line`
  const shown = firstShown(project.image_urls, project.images)

  return (
    <article className="group relative flex w-full flex-col overflow-hidden card transition motion-safe:hover:-translate-y-0.5 hover:border-accent-ink/40 hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent-ink">
      {shown ? (
        <ResponsiveImage
          shown={shown}
          alt={`Preview of ${project.title}`}
          width={640}
          height={360}
          sizes={sizes}
          priority={priority}
          className={image}
          // Hidden unless the image fails: never `priority`, or React would preload it
          // (a `<link rel="preload">` in the head), ahead of the image itself.
          fallback={<GeneratedCover project={project} className="border-b border-line" />}
        />
      ) : (
        <GeneratedCover project={project} priority={priority} className="border-b border-line" />
      )}
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

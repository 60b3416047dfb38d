import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { isSafeUrl, safeUrlOrNull } from '../../src/domain/safe-url'
import type { NextProject, Project } from '../../src/schemas/project'
import { firstShown, imageSizes } from '../lib/responsive-image'
import { type ConversationsData, ConversationsSection } from './conversations'
import { ArrowRightIcon, ArrowUpRightIcon } from './icons'
import { useLightbox } from './lightbox'
import { BackLink } from './list-links'
import { coverBox, GeneratedCover } from './project-card'
import { RepositoryPanel } from './repository-panel'
import { ResponsiveImage } from './responsive-image'
import { TagList } from './tag-list'

/** A website URL as people read it: no scheme, no trailing slash. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '')
}

/** A button-like link opening a URL in a new tab. */
function OutLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="button-primary mt-3 w-full max-w-full"
    >
      <span className="truncate">{children}</span>
      <ArrowUpRightIcon width={16} height={16} className="shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

/** One titled part of the facts column (Tech Stack, Visit Website, Source Code). */
function Fact({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-line pt-5 first:border-t-0 first:pt-0">
      <h2 id={id} className="font-semibold tracking-tight text-strong">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

const coverClass = `${coverBox} rounded-card border border-line shadow-card`

/**
 * A project as a case study. On a phone one column: the title, the image,
 * the facts (role, period, stack, links), the description, the gallery. From
 * 1024 px the page takes the wide column: the image and the description on
 * the left, the facts in a column beside them that stays in view. Images
 * open large in a lightbox; a project without one shows its generated cover.
 */
export function ProjectCaseStudy({
  project,
  next,
  conversations,
  ownerName,
}: {
  project: Project
  next: NextProject
  /** The approved responses shown under it (docs/social-web.md); none: no section. */
  conversations?: ConversationsData
  /** The owner, as the page's h-entry names its author. */
  ownerName?: string
}) {
  const path = `/projects/${encodeURIComponent(project.slug)}`
  const image = firstShown(project.image_urls, project.images)
  const website = safeUrlOrNull(project.website_url)
  const repo = safeUrlOrNull(project.repo_url)
  // Every image after the cover, each with its upload's info.
  const gallery = project.image_urls
    .map((src, index) => ({ src, image: project.images[index] ?? null }))
    .filter((shown) => isSafeUrl(shown.src) && shown.src !== image?.src)
  const altOf = (index: number) =>
    index === 0 ? `Screenshot of ${project.title}` : `Screenshot ${index + 1} of ${project.title}`
  const lightbox = useLightbox(
    [...(image ? [image] : []), ...gallery].map((shown, index) => ({
      src: shown.src,
      alt: shown.image?.alt || altOf(index),
    })),
  )
  const galleryStart = image ? 1 : 0

  return (
    <article data-wide-column="" className="h-entry break-words">
      <BackLink to="/projects">All projects</BackLink>
      {project.is_published ? null : (
        <p className="mt-4 rounded-control bg-warning-soft px-4 py-3 text-sm text-warning-ink ring-1 ring-warning-line">
          <strong>Draft — not public.</strong> Only you see this page, while signed in.
        </p>
      )}
      <header className="max-w-4xl">
        <h1 className="p-name mt-4 text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl">
          {project.title}
        </h1>
        <p className="p-summary mt-3 text-lg text-muted">{project.description}</p>
        {/* The entry's address, author and date for microformats readers (IndieWeb, Webmention senders). */}
        <p className="sr-only">
          <a className="u-url" href={path}>
            {project.title}
          </a>
          {ownerName ? (
            <a className="p-author h-card" href="/">
              {ownerName}
            </a>
          ) : null}
          <time className="dt-published" dateTime={project.created_at}>
            {project.created_at.slice(0, 10)}
          </time>
        </p>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="lg:col-start-1">
          {image ? (
            <a {...lightbox.openerProps(0)} className="block rounded-card">
              <ResponsiveImage
                shown={image}
                alt={altOf(0)}
                width={704}
                height={396}
                sizes={imageSizes.page}
                priority
                className={coverClass}
                // Hidden unless the image fails: never `priority`, or React would preload it
                // (a `<link rel="preload">` in the head), ahead of the image itself.
                fallback={<GeneratedCover project={project} className={coverClass} />}
              />
            </a>
          ) : (
            <GeneratedCover project={project} priority className={coverClass} />
          )}
        </div>

        <aside
          aria-label="Project facts"
          className="card space-y-5 self-start p-5 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          {project.role || project.period ? (
            <dl className="grid grid-cols-2 gap-4 text-sm lg:grid-cols-1">
              {project.role ? (
                <div>
                  <dt className="font-semibold text-strong">Role</dt>
                  <dd className="text-muted">{project.role}</dd>
                </div>
              ) : null}
              {project.period ? (
                <div>
                  <dt className="font-semibold text-strong">Period</dt>
                  <dd className="text-muted">{project.period}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          <Fact id="tech-stack-title" title="Tech Stack.">
            {project.tags.length > 0 ? (
              <TagList tags={project.tags} size="md" />
            ) : (
              <p className="text-muted">Not listed.</p>
            )}
          </Fact>
          {website ? (
            <Fact id="website-title" title="Visit Website.">
              <OutLink href={website}>{displayUrl(website)}</OutLink>
            </Fact>
          ) : null}
          {repo ? (
            <Fact id="code-title" title="Source Code.">
              {project.repo ? <RepositoryPanel repo={project.repo} /> : null}
              <OutLink href={repo}>{displayUrl(repo)}</OutLink>
            </Fact>
          ) : null}
        </aside>

        <div className="min-w-0 space-y-10 lg:col-start-1">
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="text-xl font-bold tracking-tight text-strong">
              Description.
            </h2>
            <div
              className="e-content prose-md mt-4 max-w-3xl leading-relaxed text-body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
              dangerouslySetInnerHTML={{ __html: project.long_description_html }}
            />
          </section>

          {gallery.length > 0 ? (
            <section aria-labelledby="gallery-title">
              <h2 id="gallery-title" className="text-xl font-bold tracking-tight text-strong">
                Gallery.
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {gallery.map((shown, index) => (
                  <li key={shown.src}>
                    {/* Opens the lightbox; its name is the image's alt text. */}
                    <a
                      {...lightbox.openerProps(galleryStart + index)}
                      className="block rounded-control"
                    >
                      <ResponsiveImage
                        shown={shown}
                        alt={altOf(index + 1)}
                        width={640}
                        height={360}
                        sizes={imageSizes.featured}
                        className={`${coverBox} rounded-control border border-line`}
                        fallback={
                          <GeneratedCover
                            project={project}
                            className="rounded-control border border-line"
                          />
                        }
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>

      {conversations ? (
        <div className="max-w-3xl">
          <ConversationsSection conversations={conversations} pagePath={path} />
        </div>
      ) : null}
      {next ? (
        <nav aria-label="Next project" className="mt-12 border-t border-line pt-6">
          <Link
            to="/projects/$slug"
            params={{ slug: next.slug }}
            className="inline-flex max-w-full items-center gap-1.5 font-semibold text-accent-ink hover:underline"
          >
            <span className="truncate">Next project: {next.title}</span>
            <ArrowRightIcon width={16} height={16} className="shrink-0" />
          </Link>
        </nav>
      ) : null}
      {lightbox.element}
    </article>
  )
}

import { createFileRoute, Link, notFound, redirect, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isSafeUrl, safeUrlOrNull } from '../../../src/domain/safe-url'
import { ArrowLeftIcon, ArrowRightIcon, ArrowUpRightIcon } from '../../components/icons'
import { NotFoundPage } from '../../components/not-found-page'
import { ProjectPlaceholder } from '../../components/project-card'
import { RepositoryPanel } from '../../components/repository-panel'
import { ResponsiveImage } from '../../components/responsive-image'
import { TagList } from '../../components/tag-list'
import { httpStatusOf } from '../../lib/api-errors'
import { firstShown, imageSizes } from '../../lib/responsive-image'
import { absoluteUrl, imageObject, ogCard, pageHead } from '../../lib/seo'
import { getToken } from '../../lib/token'

/** A website URL as people read it: no scheme, no trailing slash. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '')
}

export const Route = createFileRoute('/projects/$slug')({
  loader: async ({ context, params }) => {
    const api = await context.api()
    try {
      const [project, profile, next] = await Promise.all([
        api.projects.bySlug.query({ slug: params.slug }),
        api.profile.get.query(),
        api.projects.next.query({ slug: params.slug }),
      ])
      // A former slug (the title changed) still resolves: move to the current address for good.
      if (project.slug !== params.slug) {
        throw redirect({
          to: '/projects/$slug',
          params: { slug: project.slug },
          replace: true,
          statusCode: 301,
        })
      }
      // What `head` needs, then what the page shows.
      return {
        slug: project.slug,
        title: project.title,
        description: project.description,
        image: project.image_urls[0] ?? null,
        tags: project.tags,
        createdAt: project.created_at,
        updatedAt: project.updated_at,
        ownerName: profile.name,
        project,
        next,
      }
    } catch (error) {
      // Unknown slug (404), or one the server refuses to look up (400).
      const status = httpStatusOf(error)
      if (status === 404 || status === 400) throw notFound()
      throw error
    }
  },
  head: ({ loaderData: project, match }) => {
    // Not found: the root's 404 title applies.
    if (!project) return {}
    const siteUrl = match.context.site.url
    const path = `/projects/${encodeURIComponent(project.slug)}`
    const card = ogCard({ page: 'project', slug: project.slug }, project.title, [
      project.title,
      project.description,
      project.tags.join('\n'),
      project.image,
      project.ownerName,
    ])
    return pageHead({
      siteUrl,
      path,
      title: `${project.title} · Projects`,
      socialTitle: project.title,
      description: project.description,
      image: card,
      type: 'article',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        name: project.title,
        description: project.description,
        url: absoluteUrl(siteUrl, path),
        image: [
          imageObject(siteUrl, card),
          ...(project.image ? [absoluteUrl(siteUrl, project.image)] : []),
        ],
        ...(project.tags.length > 0 ? { keywords: project.tags.join(', ') } : {}),
        dateCreated: project.createdAt,
        dateModified: project.updatedAt,
        author: { '@type': 'Person', name: project.ownerName, url: `${siteUrl}/` },
      },
    })
  },
  component: ProjectPage,
  notFoundComponent: DraftOrNotFound,
})

let askedWithToken = false

/**
 * A draft is a 404 for the page the server renders (it never reads the
 * token), so a signed-in admin's browser asks once more with the token:
 * the admin's preview of a draft. Anyone else keeps the 404.
 */
function DraftOrNotFound() {
  const router = useRouter()
  useEffect(() => {
    if (askedWithToken || !getToken()) return
    askedWithToken = true
    void router.invalidate()
  }, [router])
  return <NotFoundPage />
}

/** A button-like link opening a URL in a new tab. */
function OutLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="button-primary mt-4 max-w-full"
    >
      <span className="truncate">{children}</span>
      <ArrowUpRightIcon width={16} height={16} className="shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

function ProjectPage() {
  const { project, next } = Route.useLoaderData()
  const image = firstShown(project.image_urls, project.images)
  const website = safeUrlOrNull(project.website_url)
  const repo = safeUrlOrNull(project.repo_url)
  // Every image after the cover, each with its upload's info.
  const gallery = project.image_urls
    .map((src, index) => ({ src, image: project.images[index] ?? null }))
    .filter((shown) => isSafeUrl(shown.src) && shown.src !== image?.src)

  return (
    <article className="break-words">
      <Link
        to="/projects"
        className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-muted hover:text-accent-ink"
      >
        <ArrowLeftIcon width={16} height={16} />
        All projects
      </Link>
      {project.is_published ? null : (
        <p className="mt-4 rounded-control bg-warning-soft px-4 py-3 text-sm text-warning-ink ring-1 ring-warning-line">
          <strong>Draft — not public.</strong> Only you see this page, while signed in.
        </p>
      )}
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl">
        {project.title}
      </h1>
      <p className="mt-3 text-lg text-muted">{project.description}</p>
      {project.role || project.period ? (
        <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
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

      {image ? (
        <ResponsiveImage
          shown={image}
          alt={`Screenshot of ${project.title}`}
          width={704}
          height={396}
          sizes={imageSizes.page}
          priority
          className="mt-8 aspect-video w-full rounded-card border border-line bg-surface-sunken object-cover shadow-card"
          fallback={
            <ProjectPlaceholder
              title={project.title}
              className="mt-8 rounded-card border border-line shadow-card"
            />
          }
        />
      ) : null}

      <section aria-labelledby="tech-stack-title" className="mt-10">
        <h2 id="tech-stack-title" className="text-xl font-bold tracking-tight text-strong">
          Tech Stack.
        </h2>
        <div className="mt-4">
          {project.tags.length > 0 ? (
            <TagList tags={project.tags} size="md" />
          ) : (
            <p className="text-muted">Not listed.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="description-title" className="mt-10">
        <h2 id="description-title" className="text-xl font-bold tracking-tight text-strong">
          Description.
        </h2>
        <div
          className="prose-md mt-4 leading-relaxed text-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
          dangerouslySetInnerHTML={{ __html: project.long_description_html }}
        />
      </section>

      {gallery.length > 0 ? (
        <section aria-labelledby="gallery-title" className="mt-10">
          <h2 id="gallery-title" className="text-xl font-bold tracking-tight text-strong">
            Gallery.
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {gallery.map((shown, index) => (
              <li key={shown.src}>
                {/* The full-size image, one keyboard stop each; its name is the image's alt text. */}
                <a href={shown.src} className="block rounded-control">
                  <ResponsiveImage
                    shown={shown}
                    alt={`Screenshot ${index + 2} of ${project.title}`}
                    width={640}
                    height={360}
                    sizes={imageSizes.card}
                    className="aspect-video w-full rounded-control border border-line bg-surface-sunken object-cover"
                    fallback={
                      <ProjectPlaceholder
                        title={project.title}
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

      {website ? (
        <section aria-labelledby="website-title" className="mt-10">
          <h2 id="website-title" className="text-xl font-bold tracking-tight text-strong">
            Visit Website.
          </h2>
          <OutLink href={website}>{displayUrl(website)}</OutLink>
        </section>
      ) : null}

      {repo ? (
        <section aria-labelledby="code-title" className="mt-10">
          <h2 id="code-title" className="text-xl font-bold tracking-tight text-strong">
            Source Code.
          </h2>
          {project.repo ? <RepositoryPanel repo={project.repo} /> : null}
          <OutLink href={repo}>{displayUrl(repo)}</OutLink>
        </section>
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
    </article>
  )
}

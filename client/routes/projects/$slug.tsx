import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { safeUrlOrNull } from '../../../src/domain/safe-url'
import { ArrowLeftIcon, ArrowUpRightIcon } from '../../components/icons'
import { ProjectPlaceholder } from '../../components/project-card'
import { ResponsiveImage } from '../../components/responsive-image'
import { TagList } from '../../components/tag-list'
import { httpStatusOf } from '../../lib/api-errors'
import { firstShown, imageSizes } from '../../lib/responsive-image'
import { absoluteUrl, imageObject, ogCard, pageHead } from '../../lib/seo'
import { useTrpc } from '../../lib/trpc'

/** A website URL as people read it: no scheme, no trailing slash. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '')
}

export const Route = createFileRoute('/projects/$slug')({
  loader: async ({ context: { queryClient, loadTrpc }, params }) => {
    const trpc = await loadTrpc()
    try {
      const [project, profile] = await Promise.all([
        queryClient.ensureQueryData(trpc.projects.bySlug.queryOptions({ slug: params.slug })),
        queryClient.ensureQueryData(trpc.profile.get.queryOptions()),
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
      // Only what `head` needs: the page itself reads the query cache.
      return {
        slug: project.slug,
        title: project.title,
        description: project.description,
        image: project.image_urls[0] ?? null,
        tags: project.tags,
        createdAt: project.created_at,
        updatedAt: project.updated_at,
        ownerName: profile.name,
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
})

function ProjectPage() {
  const { slug } = Route.useParams()
  const { data: project } = useSuspenseQuery(useTrpc().projects.bySlug.queryOptions({ slug }))
  const image = firstShown(project.image_urls, project.images)
  const website = safeUrlOrNull(project.website_url)

  return (
    <article>
      <Link
        to="/projects"
        className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-slate-500 hover:text-indigo-700"
      >
        <ArrowLeftIcon width={16} height={16} />
        All projects
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {project.title}
      </h1>
      <p className="mt-3 text-lg text-slate-600">{project.description}</p>

      {image ? (
        <ResponsiveImage
          shown={image}
          alt={`Screenshot of ${project.title}`}
          width={704}
          height={396}
          sizes={imageSizes.page}
          priority
          className="mt-8 aspect-video w-full rounded-2xl border border-slate-200 bg-slate-100 object-cover shadow-sm"
          fallback={
            <ProjectPlaceholder
              title={project.title}
              className="mt-8 rounded-2xl border border-slate-200 shadow-sm"
            />
          }
        />
      ) : null}

      <section aria-labelledby="tech-stack-title" className="mt-10">
        <h2 id="tech-stack-title" className="text-xl font-bold tracking-tight text-slate-900">
          Tech Stack.
        </h2>
        <div className="mt-4">
          {project.tags.length > 0 ? (
            <TagList tags={project.tags} size="md" />
          ) : (
            <p className="text-slate-500">Not listed.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="description-title" className="mt-10">
        <h2 id="description-title" className="text-xl font-bold tracking-tight text-slate-900">
          Description.
        </h2>
        <div
          className="prose-md mt-4 leading-relaxed text-slate-700"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
          dangerouslySetInnerHTML={{ __html: project.long_description_html }}
        />
      </section>

      {website ? (
        <section aria-labelledby="website-title" className="mt-10">
          <h2 id="website-title" className="text-xl font-bold tracking-tight text-slate-900">
            Visit Website.
          </h2>
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="button-primary mt-4 max-w-full"
          >
            <span className="truncate">{displayUrl(website)}</span>
            <ArrowUpRightIcon width={16} height={16} className="shrink-0" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>
      ) : null}
    </article>
  )
}

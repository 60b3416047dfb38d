import { createFileRoute, redirect } from '@tanstack/react-router'
import { DraftOrNotFound } from '../../components/draft-or-not-found'
import { ProjectCaseStudy } from '../../components/project-case-study'
import { notFoundOrRethrow } from '../../lib/not-found'
import { absoluteUrl, imageObject, ogCard, pageHead } from '../../lib/seo'

export const Route = createFileRoute('/projects/$slug')({
  // Moved to the Trash: the same not-found page, answered 410 Gone (server/http/pages/ssr.ts).
  staticData: { trashKind: 'project' },
  loader: async ({ context, params }) => {
    const api = await context.api()
    try {
      const [project, profile, next] = await Promise.all([
        api.projects.bySlug.query({ slug: params.slug }),
        api.profile.get.query(),
        api.projects.next.query({ slug: params.slug }),
      ])
      // The approved responses (none for a draft's preview).
      const conversations = project.is_published
        ? await api.conversations.forTarget.query({ type: 'project', id: project.id })
        : { replies: [], likes: [], reposts: [] }
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
        seo: {
          seo_description: project.seo_description,
          share_image: project.share_image,
          canonical_url: project.canonical_url,
          noindex: project.noindex,
        },
        project,
        next,
        conversations,
      }
    } catch (error) {
      notFoundOrRethrow(error)
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
      seo: project.seo,
    })
  },
  component: ProjectPage,
  notFoundComponent: DraftOrNotFound,
})

function ProjectPage() {
  const { project, next, conversations, ownerName } = Route.useLoaderData()
  return (
    <ProjectCaseStudy
      project={project}
      next={next}
      conversations={conversations}
      ownerName={ownerName}
    />
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { TagFilterBanner } from '../../components/list-links'
import { ProjectCard } from '../../components/project-card'
import { textParams } from '../../lib/search-params'
import { fixedScreenText, ogCard, ownerSummary, SITE_NAME, sitePageHead } from '../../lib/seo'

export const Route = createFileRoute('/projects/')({
  // `?tag=React`: only the projects with that tag (any case). The page cache keeps one page per tag.
  validateSearch: textParams('tag'),
  loader: async ({ context }) => {
    const api = await context.api()
    const [profile, projects, seo] = await Promise.all([
      api.profile.get.query(),
      api.projects.list.query(),
      api.settings.seo.query(),
    ])
    return { ...ownerSummary(profile), projects, seo: seo.projects }
  },
  head: ({ loaderData: owner, match }) => {
    const siteUrl = match.context.site.url
    const { socialTitle, description } = fixedScreenText('projects', owner ?? null)
    const card = owner
      ? ogCard({ page: 'projects' }, socialTitle, [owner.name, owner.photoUrl])
      : null
    return sitePageHead({
      siteUrl,
      path: '/projects',
      title: `My Projects · ${SITE_NAME}`,
      socialTitle,
      description,
      card,
      type: 'CollectionPage',
      seo: owner?.seo,
    })
  },
  component: ProjectsPage,
})

function ProjectsPage() {
  const { tag } = Route.useSearch()
  const all = Route.useLoaderData().projects
  const wanted = tag?.toLowerCase()
  // The signed-in admin's list holds drafts: the public page shows what visitors see.
  const projects = all.filter(
    (project) =>
      project.is_published && (!wanted || project.tags.some((t) => t.toLowerCase() === wanted)),
  )

  return (
    // The frame's width: two cards a row from the small breakpoint, three from 1200 px.
    <div data-wide-column="">
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">My Projects.</h1>
      <p className="mt-3 text-muted">Things I have designed, built and shipped.</p>
      {tag ? (
        <TagFilterBanner tag={tag} to="/projects">
          Show all projects
        </TagFilterBanner>
      ) : null}
      {projects.length > 0 ? (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 min-[75rem]:grid-cols-3">
          {projects.map((project, index) => (
            <li key={project.id} className="flex">
              <ProjectCard project={project} headingLevel={2} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-10 rounded-card border border-dashed border-line-strong px-6 py-10 text-center break-words text-muted">
          {tag ? `No projects are tagged ${tag}.` : 'No projects yet.'}
        </p>
      )}
    </div>
  )
}

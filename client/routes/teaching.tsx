import { createFileRoute } from '@tanstack/react-router'
import { ogCard, ownerSummary, SITE_NAME, sitePageHead } from '../lib/seo'

export const Route = createFileRoute('/teaching')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context }) => {
    const api = await context.api()
    const [profile, courses] = await Promise.all([
      api.profile.get.query(),
      api.teaching.list.query(),
    ])
    return { ...ownerSummary(profile), courses }
  },
  head: ({ loaderData: owner, match }) => {
    const socialTitle = owner ? `Teaching by ${owner.name}` : 'Teaching'
    return sitePageHead({
      siteUrl: match.context.site.url,
      path: '/teaching',
      title: `Teaching · ${SITE_NAME}`,
      socialTitle,
      description: owner ? `Courses ${owner.name} has taught or assisted.` : 'Teaching.',
      card: owner ? ogCard({ page: 'home' }, socialTitle, [owner.name, owner.photoUrl]) : null,
      type: 'CollectionPage',
    })
  },
  component: TeachingPage,
})

function TeachingPage() {
  const courses = Route.useLoaderData().courses.filter((course) => course.status === 'published')
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Teaching.</h1>
      <p className="mt-3 text-muted">Courses I have taught or assisted.</p>
      {courses.length > 0 ? (
        <ul className="mt-10 space-y-8">
          {courses.map((course) => (
            <li key={course.id} className="break-words">
              <article>
                <h2 className="text-lg font-semibold text-strong">{course.course}</h2>
                <p className="mt-0.5 text-body">
                  {[course.role, course.institution].filter(Boolean).join(', ')}
                </p>
                {course.terms.length > 0 ? (
                  <p className="mt-0.5 text-sm text-muted">{course.terms.join(' · ')}</p>
                ) : null}
                {course.description_html ? (
                  <div
                    className="prose-md mt-2 text-sm leading-relaxed text-body"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
                    dangerouslySetInnerHTML={{ __html: course.description_html }}
                  />
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-10 rounded-card border border-dashed border-line-strong px-6 py-10 text-center text-muted">
          No courses yet.
        </p>
      )}
    </div>
  )
}

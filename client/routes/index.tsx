import { createFileRoute, Link } from '@tanstack/react-router'
import type { TimelineEvent } from '../../src/schemas/timeline'
import { ArrowRightIcon } from '../components/icons'
import { AboutSection, ProfileIntro } from '../components/profile-intro'
import { ProjectCard } from '../components/project-card'
import { Tabs } from '../components/tabs'
import { TimelineList } from '../components/timeline-list'
import { homeCard, ownerSummary, pageHead, profilePageJsonLd, SITE_NAME } from '../lib/seo'
import { useProfile } from '../lib/site-data'

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    const api = await context.api()
    const [profile, events, featured] = await Promise.all([
      api.profile.get.query(),
      api.timeline.list.query(),
      // Published and featured only, for the signed-in admin too: the page shows what visitors see.
      api.projects.featured.query(),
    ])
    // The page reads the profile from the root's data; `head` needs only the summary. What
    // the cards and the timeline do not show (the long description, timestamps) is left
    // out of the page's data: it is in the page's first round trip (docs/performance.md).
    const cards = featured.map(
      ({ long_description, long_description_html, created_at, updated_at, ...card }) => card,
    )
    const shown = events.map(({ created_at, updated_at, ...event }) => event)
    return { ...ownerSummary(profile), events: shown, featured: cards }
  },
  head: ({ loaderData: owner, match }) => {
    if (!owner) return {}
    const siteUrl = match.context.site.url
    const card = homeCard(owner)
    return pageHead({
      siteUrl,
      path: '/',
      title: `${owner.name} · ${SITE_NAME}`,
      socialTitle: owner.name,
      description: owner.description,
      image: card,
      type: 'profile',
      jsonLd: profilePageJsonLd(siteUrl, owner, card),
    })
  },
  component: Home,
})

function byType<Event extends Pick<TimelineEvent, 'event_type'>>(
  events: readonly Event[],
  type: TimelineEvent['event_type'],
) {
  return events.filter((event) => event.event_type === type)
}

function Home() {
  const profile = useProfile()
  const { events, featured } = Route.useLoaderData()

  return (
    <div className="space-y-16 sm:space-y-20">
      <ProfileIntro profile={profile} />
      <AboutSection profile={profile} />

      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="sr-only">
          Timeline
        </h2>
        <Tabs
          label="Timeline"
          items={[
            {
              key: 'experience',
              label: 'Projects & Experience',
              panel: (
                <TimelineList
                  events={byType(events, 'experience')}
                  emptyText="No experience to show yet."
                />
              ),
            },
            {
              key: 'education',
              label: 'Education',
              panel: (
                <TimelineList
                  events={byType(events, 'education')}
                  emptyText="No education to show yet."
                />
              ),
            },
          ]}
        />
      </section>

      <section aria-labelledby="featured-title">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <h2
            id="featured-title"
            className="text-2xl font-bold tracking-tight text-strong sm:text-3xl"
          >
            Featured Projects.
          </h2>
          <Link
            to="/projects"
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-accent-ink hover:underline"
          >
            See all projects
            <ArrowRightIcon width={16} height={16} />
          </Link>
        </div>
        {featured.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {featured.map((project) => (
              <li key={project.id} className="flex">
                <ProjectCard project={project} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-card border border-dashed border-line-strong px-6 py-10 text-center text-muted">
            No featured projects yet.
          </p>
        )}
      </section>
    </div>
  )
}

import { Link } from '@tanstack/react-router'
import type { Publication } from '../../src/schemas/publication'
import type { Profile } from '../lib/site-data'
import { ArrowRightIcon } from './icons'
import { AboutSection, ProfileIntro } from './profile-intro'
import { ProjectCard, type ProjectCardData } from './project-card'
import { PublicationEntry } from './publication-entry'
import { type TimelineEvent, TimelineTabs } from './timeline-list'

/** The home page with this timeline tab selected, scrolled to the timeline. */
const timelineTabHref = (type: TimelineEvent['event_type']) =>
  type === 'education' ? '/?tab=education#timeline-title' : '/#timeline-title'

/**
 * The home page. On a phone one column: the hero, About, the timeline, the
 * featured projects. From 1024 px it takes the wide column (about 1150 px,
 * `data-wide-column`): the hero in two columns, About (bio and skills) beside
 * the timeline, the featured projects two a row with large covers.
 */
export function HomePage({
  profile,
  events,
  featured,
  selectedPublications = [],
  tab,
}: {
  profile: Profile
  events: readonly TimelineEvent[]
  /** The timeline's tab shown first (`?tab=education`: the tabs' links, for a page without script). */
  tab?: TimelineEvent['event_type']
  /** Published and featured only, for the signed-in admin too: the page shows what visitors see. */
  featured: readonly ProjectCardData[]
  /** Published publications the owner selected; the section is left out when there are none. */
  selectedPublications?: readonly Publication[]
}) {
  const hasAbout = Boolean(profile.bio_html) || profile.skills.length > 0
  return (
    <div data-wide-column="" className="space-y-16 sm:space-y-20">
      {/* No name yet (a new site: visitors never see its placeholders): nothing personal. */}
      {profile.name ? <ProfileIntro profile={profile} /> : <SetupNotice />}

      <div
        className={
          hasAbout
            ? 'grid items-start gap-16 sm:gap-20 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10'
            : undefined
        }
      >
        <AboutSection profile={profile} />
        <section aria-labelledby="timeline-title">
          <h2 id="timeline-title" className="sr-only">
            Timeline
          </h2>
          <TimelineTabs events={events} selected={tab} hrefOf={timelineTabHref} />
        </section>
      </div>

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
                <ProjectCard project={project} headingLevel={3} large />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-card border border-dashed border-line-strong px-6 py-10 text-center text-muted">
            No featured projects yet.
          </p>
        )}
      </section>

      {selectedPublications.length > 0 ? (
        <section aria-labelledby="selected-publications-title">
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            <h2
              id="selected-publications-title"
              className="text-2xl font-bold tracking-tight text-strong sm:text-3xl"
            >
              Selected Publications.
            </h2>
            <Link
              to="/publications"
              className="inline-flex items-center gap-1 rounded text-sm font-semibold text-accent-ink hover:underline"
            >
              See all publications
              <ArrowRightIcon width={16} height={16} />
            </Link>
          </div>
          <ul className="mt-6 space-y-8">
            {selectedPublications.map((publication) => (
              <li key={publication.id}>
                <PublicationEntry publication={publication} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** The home page's first block while the owner has not given their name. */
function SetupNotice() {
  return (
    <section aria-labelledby="setup-title" className="card px-5 py-14 text-center">
      <h1 id="setup-title" className="text-3xl font-bold tracking-tight text-strong">
        This site is being set up.
      </h1>
      <p className="mt-4 text-muted">
        Its owner is still adding their details. Please come back soon.
      </p>
    </section>
  )
}

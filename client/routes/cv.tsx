import { createFileRoute } from '@tanstack/react-router'
import { linksWithOrcid } from '../../src/domain/orcid'
import { studyLine } from '../../src/domain/profile-lines'
import { safeUrlOrNull } from '../../src/domain/safe-url'
import type { Project } from '../../src/schemas/project'
import type { TimelineEvent } from '../../src/schemas/timeline'
import { SkillChips } from '../components/profile-intro'
import { AuthorList, venueLine } from '../components/publication-entry'
import { EventBullets } from '../components/timeline-list'
import { fixedScreenText, ownerSummary, pageHead, personJsonLd, SITE_NAME } from '../lib/seo'
import { useProfile } from '../lib/site-data'

/**
 * Printing: the paper is the one chosen in the print dialog, A4 or Letter
 * (`size: auto`), with margins and a single column that fit both; the site's header, footer and skip link are left
 * out; a link prints its address after its text unless the text is the
 * address already (`data-print-url`: set here for the contact and project
 * links, by the server's inline Markdown renderer for the timeline bullets'
 * links). In the page itself (not styles.css) so it applies to this page only
 * and leaves with it on a client navigation.
 */
const cvPrintCss = `
@page { size: auto; margin: 16mm 14mm; }
@media print {
  html, body { background: #fff !important; }
  header, footer, a[href="#main"], .cv-screen-only { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  .cv { font-size: 10.5pt; line-height: 1.35; color: #000; }
  .cv a { color: #000 !important; text-decoration: none !important; }
  .cv a[data-print-url]::after { content: " (" attr(data-print-url) ")"; font-size: 9pt; overflow-wrap: anywhere; }
  .cv section, .cv article { break-inside: avoid-page; }
  .cv h2 { break-after: avoid-page; }
}
`

/** A URL as a person reads it: no scheme, no trailing slash. */
function readableUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '')
}

export const Route = createFileRoute('/cv')({
  loader: async ({ context }) => {
    const api = await context.api()
    const [profile, events, projects, seo, publications, talks] = await Promise.all([
      api.profile.get.query(),
      api.timeline.list.query(),
      api.projects.list.query(),
      api.settings.seo.query(),
      api.publications.list.query(),
      api.talks.list.query(),
    ])
    // The page reads the profile from the root's data; `head` needs only the summary.
    return { ...ownerSummary(profile), events, projects, publications, talks, seo: seo.cv }
  },
  head: ({ loaderData: owner, match }) => {
    if (!owner) return {}
    const siteUrl = match.context.site.url
    return pageHead({
      siteUrl,
      path: '/cv',
      title: `CV · ${owner.name} · ${SITE_NAME}`,
      ...fixedScreenText('cv', owner),
      image: { url: owner.photoUrl, alt: `Portrait of ${owner.name}` },
      type: 'profile',
      card: 'summary',
      jsonLd: personJsonLd(siteUrl, owner),
      seo: owner.seo,
    })
  },
  component: CvPage,
})

function ExternalLink({ href, children }: { href: string; children?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      // A link whose text is not its address prints the address after it.
      data-print-url={children ? href : undefined}
      className="min-w-0 wrap-anywhere text-accent-ink underline-offset-2 hover:underline"
    >
      {children ?? readableUrl(href)}
    </a>
  )
}

function Dates({ start, end }: { start: string; end: string | null }) {
  const until = end?.trim() ? end : 'Present'
  return (
    <p className="text-sm text-muted">
      {start}
      <span aria-hidden="true"> – </span>
      <span className="sr-only"> to </span>
      {until}
    </p>
  )
}

function EventEntry({ event }: { event: TimelineEvent }) {
  return (
    <article className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h3 className="font-semibold text-strong">{event.title}</h3>
        <Dates start={event.start_date} end={event.end_date} />
      </div>
      {event.position ? <p className="text-body">{event.position}</p> : null}
      <EventBullets
        html={event.description_html}
        className="mt-1.5 list-disc space-y-1 pl-5 text-sm leading-relaxed text-muted"
      />
    </article>
  )
}

function ProjectEntry({ project }: { project: Project }) {
  const website = safeUrlOrNull(project.website_url)
  const repository = safeUrlOrNull(project.repo_url)
  return (
    <article className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h3 className="font-semibold text-strong">{project.title}</h3>
        {project.period ? <p className="text-sm text-muted">{project.period}</p> : null}
      </div>
      {project.role ? <p className="text-body">{project.role}</p> : null}
      <p className="mt-1 text-sm leading-relaxed text-muted">{project.description}</p>
      {project.tags.length > 0 ? (
        <p className="mt-1 text-sm text-muted">{project.tags.join(' · ')}</p>
      ) : null}
      {website || repository ? (
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {website ? <ExternalLink href={website} /> : null}
          {repository ? <ExternalLink href={repository} /> : null}
        </p>
      ) : null}
    </article>
  )
}

function CvSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2
        id={id}
        className="border-b border-line pb-1 text-lg font-bold tracking-tight text-strong"
      >
        {title}
      </h2>
      <div className="divide-y divide-line">{children}</div>
    </section>
  )
}

function CvPage() {
  const profile = useProfile()
  const {
    events,
    projects: all,
    publications: allPublications,
    talks: allTalks,
  } = Route.useLoaderData()
  const publications = allPublications.filter((p) => p.status === 'published')
  const talks = allTalks.filter((talk) => talk.status === 'published')
  // The signed-in admin's list holds drafts: the CV shows what visitors see, in the manual order.
  const projects = all.filter((project) => project.is_published)
  const experience = events.filter((event) => event.event_type === 'experience')
  const education = events.filter((event) => event.event_type === 'education')
  const linkedin = safeUrlOrNull(profile.linkedin_url)
  const github = safeUrlOrNull(profile.github_url)

  return (
    <div className="cv">
      <style
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no content in it
        dangerouslySetInnerHTML={{ __html: cvPrintCss }}
      />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-strong">{profile.name}</h1>
          {studyLine(profile) ? <p className="mt-1 text-body">{studyLine(profile)}</p> : null}
          {profile.focus ? <p className="text-muted">Focus: {profile.focus}</p> : null}
          {profile.location ? <p className="text-muted">{profile.location}</p> : null}
        </div>
        <a
          href="/cv.pdf"
          className="cv-screen-only inline-flex items-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-on-accent shadow-card hover:bg-accent-hover"
        >
          Download PDF
        </a>
      </div>
      <ul aria-label="Contact" className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {/* No address given (the owner cleared it): no empty link. */}
        {profile.email ? (
          <li>
            <a
              href={`mailto:${profile.email}`}
              className="text-accent-ink underline-offset-2 hover:underline"
            >
              {profile.email}
            </a>
          </li>
        ) : null}
        {linkedin ? (
          <li>
            <ExternalLink href={linkedin} />
          </li>
        ) : null}
        {github ? (
          <li>
            <ExternalLink href={github} />
          </li>
        ) : null}
        {linksWithOrcid(profile).flatMap((link) => {
          const href = safeUrlOrNull(link.url)
          return href
            ? [
                <li key={`${link.label} ${href}`}>
                  <a
                    href={href}
                    rel="me noopener"
                    className="text-accent-ink underline-offset-2 hover:underline"
                  >
                    {link.label}
                  </a>
                </li>,
              ]
            : []
        })}
      </ul>

      {profile.bio_html ? (
        <CvSection id="cv-about" title="About">
          <div
            className="prose-md content-links py-3 leading-relaxed text-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
            dangerouslySetInnerHTML={{ __html: profile.bio_html }}
          />
        </CvSection>
      ) : null}
      {profile.skills.length > 0 ? (
        <CvSection id="cv-skills" title="Skills">
          <div className="py-3">
            <SkillChips skills={profile.skills} />
          </div>
        </CvSection>
      ) : null}

      <CvSection id="cv-experience" title="Experience">
        {experience.length > 0 ? (
          experience.map((event) => <EventEntry key={event.id} event={event} />)
        ) : (
          <p className="py-3 text-muted">No experience to show yet.</p>
        )}
      </CvSection>
      <CvSection id="cv-education" title="Education">
        {education.length > 0 ? (
          education.map((event) => <EventEntry key={event.id} event={event} />)
        ) : (
          <p className="py-3 text-muted">No education to show yet.</p>
        )}
      </CvSection>
      <CvSection id="cv-projects" title="Projects">
        {projects.length > 0 ? (
          projects.map((project) => <ProjectEntry key={project.id} project={project} />)
        ) : (
          <p className="py-3 text-muted">No projects yet.</p>
        )}
      </CvSection>
      {publications.length > 0 ? (
        <CvSection id="cv-publications" title="Publications">
          {publications.map((publication) => (
            <article key={publication.id} className="py-3">
              <h3 className="font-semibold text-strong">{publication.title}</h3>
              <p className="text-sm text-body">
                <AuthorList authors={publication.authors} />
              </p>
              <p className="text-sm text-muted">
                <cite>{venueLine(publication)}</cite>
                {publication.citations ? (
                  <span> · Cited by {publication.citations.cited_by_count}</span>
                ) : null}
              </p>
            </article>
          ))}
        </CvSection>
      ) : null}
      {talks.length > 0 ? (
        <CvSection id="cv-talks" title="Talks">
          {talks.map((talk) => (
            <article key={talk.id} className="py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <h3 className="font-semibold text-strong">{talk.title}</h3>
                <p className="text-sm text-muted">{talk.date}</p>
              </div>
              <p className="text-sm text-body">
                {[talk.event, talk.online ? 'Online' : talk.place].filter(Boolean).join(', ')}
              </p>
            </article>
          ))}
        </CvSection>
      ) : null}
    </div>
  )
}

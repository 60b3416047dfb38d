import { createFileRoute } from '@tanstack/react-router'
import { safeUrlOrNull } from '../../src/domain/safe-url'
import { talkTypeLabels } from '../../src/schemas/talk'
import { ogCard, ownerSummary, SITE_NAME, sitePageHead } from '../lib/seo'

export const Route = createFileRoute('/talks')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context }) => {
    const api = await context.api()
    const [profile, talks] = await Promise.all([api.profile.get.query(), api.talks.list.query()])
    return { ...ownerSummary(profile), talks }
  },
  head: ({ loaderData: owner, match }) => {
    const socialTitle = owner ? `Talks by ${owner.name}` : 'Talks'
    return sitePageHead({
      siteUrl: match.context.site.url,
      path: '/talks',
      title: `Talks · ${SITE_NAME}`,
      socialTitle,
      description: owner
        ? `Talks, posters and keynotes by ${owner.name}, with slides and recordings.`
        : 'Talks.',
      card: owner ? ogCard({ page: 'home' }, socialTitle, [owner.name, owner.photoUrl]) : null,
      type: 'CollectionPage',
    })
  },
  component: TalksPage,
})

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

function TalksPage() {
  const talks = Route.useLoaderData().talks.filter((talk) => talk.status === 'published')
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Talks.</h1>
      <p className="mt-3 text-muted">Talks, posters and keynotes, newest first.</p>
      {talks.length > 0 ? (
        <ul className="mt-10 space-y-8">
          {talks.map((talk) => {
            const links = [
              { label: 'Slides', href: safeUrlOrNull(talk.slides_url) },
              { label: 'Video', href: safeUrlOrNull(talk.video_url) },
              { label: 'Recording', href: safeUrlOrNull(talk.recording_url) },
            ].filter((link): link is { label: string; href: string } => Boolean(link.href))
            const where = [talk.event, talk.online ? 'Online' : talk.place].filter(Boolean)
            return (
              <li key={talk.id} className="break-words">
                <article>
                  <p className="text-sm text-muted">
                    <time dateTime={talk.date}>
                      {dateFormat.format(new Date(`${talk.date}T00:00:00Z`))}
                    </time>
                    <span className="text-muted"> · </span>
                    {talkTypeLabels[talk.type]}
                  </p>
                  <h2 className="mt-1 text-lg font-semibold text-strong">{talk.title}</h2>
                  {where.length > 0 ? <p className="mt-0.5 text-body">{where.join(', ')}</p> : null}
                  {talk.abstract_html ? (
                    <div
                      className="prose-md mt-2 text-sm leading-relaxed text-body"
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
                      dangerouslySetInnerHTML={{ __html: talk.abstract_html }}
                    />
                  ) : null}
                  {links.length > 0 ? (
                    <ul aria-label="Links" className="mt-2 flex flex-wrap gap-x-4 text-sm">
                      {links.map((link) => (
                        <li key={link.label}>
                          <a
                            href={link.href}
                            className="font-semibold text-accent-ink hover:underline"
                          >
                            {link.label}
                            <span className="sr-only"> of “{talk.title}”</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </article>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="mt-10 rounded-card border border-dashed border-line-strong px-6 py-10 text-center text-muted">
          No talks yet.
        </p>
      )}
    </div>
  )
}

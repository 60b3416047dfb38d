import { createFileRoute, Link } from '@tanstack/react-router'
import {
  type Publication,
  type PublicationTypeName,
  publicationTypeLabels,
} from '../../../src/schemas/publication'
import { PublicationEntry } from '../../components/publication-entry'
import { textParams } from '../../lib/search-params'
import { ogCard, ownerSummary, SITE_NAME, sitePageHead } from '../../lib/seo'

export const Route = createFileRoute('/publications/')({
  // `?type=preprint`, `?tag=HCI`: only those. The page cache keeps one page per choice.
  validateSearch: textParams('type', 'tag'),
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context }) => {
    const api = await context.api()
    const [profile, publications] = await Promise.all([
      api.profile.get.query(),
      api.publications.list.query(),
    ])
    return { ...ownerSummary(profile), publications }
  },
  head: ({ loaderData: owner, match }) => {
    const socialTitle = owner ? `Publications by ${owner.name}` : 'Publications'
    const description = owner
      ? `Papers, preprints and other publications by ${owner.name}, with links, citations and references to cite.`
      : 'Publications.'
    return sitePageHead({
      siteUrl: match.context.site.url,
      path: '/publications',
      title: `Publications · ${SITE_NAME}`,
      socialTitle,
      description,
      card: owner ? ogCard({ page: 'home' }, socialTitle, [owner.name, owner.photoUrl]) : null,
      type: 'CollectionPage',
    })
  },
  component: PublicationsPage,
})

/** Newest year first; a publication without a year last. */
function byYear(publications: Publication[]): [string, Publication[]][] {
  const groups = new Map<string, Publication[]>()
  const sorted = [...publications].sort((a, b) => (b.year ?? 0) - (a.year ?? 0))
  for (const publication of sorted) {
    const year = publication.year ? String(publication.year) : 'Undated'
    groups.set(year, [...(groups.get(year) ?? []), publication])
  }
  return [...groups]
}

/** The tag chips' looks (client/components/tag-list.tsx): the current choice as a medium chip. */
const chipOf = (current: boolean) =>
  current
    ? 'rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-ink ring-1 ring-accent-soft ring-inset hover:underline'
    : 'rounded-full bg-surface-sunken px-3 py-1 text-sm font-medium text-muted hover:underline'

function PublicationsPage() {
  const { type, tag } = Route.useSearch()
  const all = Route.useLoaderData().publications.filter((p) => p.status === 'published')
  const wantedTag = tag?.toLowerCase()
  const shown = all.filter(
    (p) =>
      (!type || p.type === type) &&
      (!wantedTag || p.tags.some((t) => t.toLowerCase() === wantedTag)),
  )
  const types = [...new Set(all.map((p) => p.type))] as PublicationTypeName[]
  const tags = [...new Set(all.flatMap((p) => p.tags))].sort((a, b) => a.localeCompare(b))

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Publications.</h1>
      <p className="mt-3 text-muted">
        Papers, preprints and other work, newest first.{' '}
        <a href="/publications.bib" className="font-semibold text-accent-ink hover:underline">
          Download all as BibTeX
        </a>
      </p>
      {types.length > 1 || tags.length > 0 ? (
        <nav aria-label="Filter publications" className="mt-6 space-y-3">
          {types.length > 1 ? (
            <ul aria-label="Types" className="flex flex-wrap gap-2">
              <li>
                <Link
                  to="/publications"
                  search={tag ? { tag } : {}}
                  aria-current={type ? undefined : 'page'}
                  className={chipOf(!type)}
                >
                  All types
                </Link>
              </li>
              {types.map((each) => (
                <li key={each}>
                  <Link
                    to="/publications"
                    search={tag ? { type: each, tag } : { type: each }}
                    aria-current={type === each ? 'page' : undefined}
                    className={chipOf(type === each)}
                  >
                    {publicationTypeLabels[each]}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {tags.length > 0 ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {tags.map((each) => (
                <li key={each}>
                  <Link
                    to="/publications"
                    search={type ? { type, tag: each } : { tag: each }}
                    aria-current={wantedTag === each.toLowerCase() ? 'page' : undefined}
                    className={chipOf(wantedTag === each.toLowerCase())}
                  >
                    {each}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {type || tag ? (
            <p>
              <Link
                to="/publications"
                className="text-sm font-semibold text-accent-ink hover:underline"
              >
                Show all publications
              </Link>
            </p>
          ) : null}
        </nav>
      ) : null}
      {shown.length > 0 ? (
        byYear(shown).map(([year, group]) => (
          <section key={year} aria-labelledby={`year-${year}`} className="mt-10">
            <h2
              id={`year-${year}`}
              className="border-b border-line pb-1 text-xl font-bold text-strong"
            >
              {year}
            </h2>
            <ul className="mt-4 space-y-8">
              {group.map((publication) => (
                <li key={publication.id}>
                  <PublicationEntry publication={publication} />
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <p className="mt-10 rounded-card border border-dashed border-line-strong px-6 py-10 text-center break-words text-muted">
          {type || tag ? 'No publications match this choice.' : 'No publications yet.'}
        </p>
      )}
    </div>
  )
}

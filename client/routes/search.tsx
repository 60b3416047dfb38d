import { createFileRoute } from '@tanstack/react-router'
import { textParams } from '../lib/search-params'
import { pageHead, SITE_NAME } from '../lib/seo'

/** The longest query the API takes (src/schemas/search.ts; no zod in the public bundle). */
const MAX_QUERY = 200
/**
 * A result's kind as the page says it. Kept here rather than taken from
 * src/domain/content-kinds.ts: a public page's bundle carries only what it shows.
 */
const kindLabels: Record<string, string> = {
  project: 'Project',
  note: 'Note',
  timeline: 'Timeline',
  page: 'Page',
  publication: 'Publication',
  talk: 'Talk',
  teaching: 'Teaching',
}

export const Route = createFileRoute('/search')({
  // The loader travels with the page's code: the public entry stays small.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  validateSearch: textParams('q'),
  loaderDeps: ({ search }) => ({ q: search.q?.slice(0, MAX_QUERY) ?? '' }),
  loader: async ({ context, deps }) => {
    if (!deps.q) return null
    const api = await context.api()
    return api.search.query.query({ q: deps.q })
  },
  head: ({ match }) => {
    const head = pageHead({
      siteUrl: match.context.site.url,
      path: '/search',
      title: `Search · ${SITE_NAME}`,
      description: 'Search the projects, notes and timeline.',
    })
    // The search page itself may be indexed; its result pages are many and thin
    // (one per query anyone types): kept out of search engines' indexes.
    if (!match.search.q) return head
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] }
  },
  component: SearchPage,
})

function Results({ q }: { q: string }) {
  const data = Route.useLoaderData()
  if (!data) return null
  if (data.results.length === 0) {
    return <p className="mt-8 text-muted">Nothing found for “{q}”.</p>
  }
  return (
    <>
      <p className="mt-8 text-sm text-muted" aria-live="polite">
        {data.results.length === 1 ? '1 result' : `${data.results.length} results`} for “{q}”
      </p>
      <ol className="mt-4 space-y-6">
        {data.results.map((result) => (
          <li
            key={`${result.kind} ${result.url} ${result.title}`}
            className="rounded-card border border-line bg-surface-raised p-5 shadow-card"
          >
            <p className="text-xs font-semibold text-muted">
              {kindLabels[result.kind] ?? result.kind}
            </p>
            <h2 className="mt-1 text-lg font-bold text-strong">
              <a href={result.url} className="wrap-anywhere hover:underline">
                {result.title}
              </a>
            </h2>
            <p
              className="mt-1 text-body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server from escaped text and <mark> only (server/services/search.ts)
              dangerouslySetInnerHTML={{ __html: result.snippet }}
            />
          </li>
        ))}
      </ol>
    </>
  )
}

function SearchPage() {
  const { q: raw } = Route.useSearch()
  const q = raw?.slice(0, MAX_QUERY) ?? ''
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Search.</h1>
      <search>
        <form action="/search" method="get" className="mt-6 flex gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            Search the site
          </label>
          <input
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_QUERY}
            placeholder="Projects, notes, experience…"
            className="min-w-0 flex-1 rounded-control border border-line bg-surface-raised px-3 py-2 text-body"
          />
          <button type="submit" className="button-primary">
            Search
          </button>
        </form>
      </search>
      {q ? <Results q={q} /> : <p className="mt-8 text-muted">Type a word or two to search.</p>}
    </div>
  )
}

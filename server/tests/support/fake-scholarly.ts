/**
 * Crossref, DataCite, arXiv, ORCID and OpenAlex as one local fake (`Bun.serve`
 * on 127.0.0.1, port 0), each under its own path, answering the shapes the
 * services document: Crossref's CSL-JSON transform, DataCite's content
 * negotiation, arXiv's Atom feed, ORCID's v3.0 works list and work details,
 * OpenAlex's work with `cited_by_count` and an ETag (304 for `If-None-Match`).
 * OpenAlex can be switched to a 429 with `Retry-After` or a 500.
 */
import type { Server } from 'bun'
import { defaultScholarlyConfig, type ScholarlyConfig } from '../../config'

export const crossrefCsl = {
  indexed: { 'date-parts': [[2026, 1, 5]] },
  publisher: 'ACM',
  DOI: '10.1145/3290605.3300233',
  type: 'paper-conference',
  source: 'Crossref',
  title: 'Gaze-Based Interaction',
  author: [
    { given: 'Ada', family: 'Lovelace', sequence: 'first', affiliation: [] },
    { given: 'Grace', family: 'Hopper', sequence: 'additional', affiliation: [] },
  ],
  'container-title': 'Proceedings of the 2019 CHI Conference on Human Factors in Computing Systems',
  page: '1-13',
  issued: { 'date-parts': [[2019, 5, 2]] },
  abstract: '<jats:p>We study <jats:italic>gaze</jats:italic>.</jats:p>',
  URL: 'https://doi.org/10.1145/3290605.3300233',
}

export const arxivFeed = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title type="html">ArXiv Query: id_list=2501.01234</title>
  <entry>
    <id>http://arxiv.org/abs/2501.01234v2</id>
    <updated>2025-02-01T10:00:00Z</updated>
    <published>2025-01-02T18:00:00Z</published>
    <title>A Note on Bernoulli
      Numbers</title>
    <summary>  We compute them with an engine.
    </summary>
    <author><name>Ada Lovelace</name></author>
    <author><name>Charles Babbage</name></author>
    <link href="http://arxiv.org/abs/2501.01234v2" rel="alternate" type="text/html"/>
    <arxiv:primary_category term="math.NT" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>`

const emptyFeed = `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query</title></feed>`

export const ORCID_ID = '0000-0002-1825-0097'

const orcidSummary = (putCode: number, title: string, doi: string | null, type: string) => ({
  'put-code': putCode,
  type,
  title: { title: { value: title } },
  'external-ids': {
    'external-id': doi
      ? [
          {
            'external-id-type': 'doi',
            'external-id-value': doi,
            'external-id-relationship': 'self',
          },
        ]
      : [],
  },
  'publication-date': { year: { value: '2024' }, month: { value: '03' }, day: null },
  'journal-title': { value: 'Journal of Engines' },
})

/** The ORCID record's works: put-code, title, DOI, ORCID type. */
export const orcidRecord: [number, string, string | null, string][] = [
  [11, 'Notes on the Engine', '10.1000/notes', 'journal-article'],
  [12, 'Engine Traces', null, 'data-set'],
  [13, 'Gaze-Based Interaction', '10.1145/3290605.3300233', 'conference-paper'],
]

export type OpenAlexMode = 'ok' | 'rate-limited' | 'down'

export interface FakeScholarly {
  config: ScholarlyConfig
  /** Every request's path and query, in order. */
  requests: string[]
  /** The citation count each DOI answers (absent: 404). */
  counts: Map<string, number>
  setOpenAlex(mode: OpenAlexMode): void
  stop(): void
}

export function startFakeScholarly(): FakeScholarly {
  const requests: string[] = []
  const counts = new Map<string, number>([
    ['10.1145/3290605.3300233', 42],
    ['10.1000/notes', 7],
  ])
  let mode: OpenAlexMode = 'ok'
  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url)
      requests.push(`${url.pathname}${url.search}`)
      const path = decodeURIComponent(url.pathname)
      if (
        path ===
        '/crossref/works/10.1145/3290605.3300233/transform/application/vnd.citationstyles.csl+json'
      )
        return Response.json(crossrefCsl)
      if (path.startsWith('/crossref/')) return new Response('Resource not found.', { status: 404 })
      if (path.startsWith('/datacite/'))
        return Response.json({ errors: [{ status: '404' }] }, { status: 404 })
      if (path === '/arxiv/query')
        return new Response(
          url.searchParams.get('id_list') === '2501.01234' ? arxivFeed : emptyFeed,
          { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } },
        )
      if (path === `/orcid/v3.0/${ORCID_ID}/works`)
        return Response.json({
          'last-modified-date': { value: 1700000000000 },
          group: orcidRecord.map(([code, title, doi, type]) => ({
            'work-summary': [orcidSummary(code, title, doi, type)],
          })),
          path: `/${ORCID_ID}/works`,
        })
      const work = new RegExp(`^/orcid/v3\\.0/${ORCID_ID}/work/(\\d+)$`).exec(path)
      const known = work ? orcidRecord.find(([code]) => code === Number(work[1])) : undefined
      if (known) {
        const [code, title, doi, type] = known
        return Response.json({
          ...orcidSummary(code, title, doi, type),
          'short-description': `About ${title}.`,
          contributors: {
            contributor: [
              {
                'credit-name': { value: 'Ada Lovelace' },
                'contributor-attributes': {
                  'contributor-sequence': 'first',
                  'contributor-role': 'author',
                },
              },
            ],
          },
        })
      }
      if (path.startsWith('/orcid/')) return new Response('', { status: 404 })
      const doi = /^\/openalex\/works\/doi:(.+)$/.exec(path)?.[1]
      if (doi) {
        if (mode === 'rate-limited')
          return new Response('{"error":"Too many requests"}', {
            status: 429,
            headers: { 'retry-after': '120', 'content-type': 'application/json' },
          })
        if (mode === 'down') return new Response('Internal Server Error', { status: 500 })
        const count = counts.get(doi)
        if (count === undefined) return Response.json({ error: 'not found' }, { status: 404 })
        const etag = `"${doi}:${count}"`
        if (request.headers.get('if-none-match') === etag)
          return new Response(null, { status: 304, headers: { etag } })
        return Response.json(
          {
            id: `https://openalex.org/W${1000 + count}`,
            doi: `https://doi.org/${doi}`,
            cited_by_count: count,
          },
          { headers: { etag } },
        )
      }
      return new Response('not found', { status: 404 })
    },
  })
  const base = `http://127.0.0.1:${server.port}`
  return {
    config: {
      ...defaultScholarlyConfig,
      crossrefUrl: `${base}/crossref`,
      dataciteUrl: `${base}/datacite`,
      arxivUrl: `${base}/arxiv`,
      orcidUrl: `${base}/orcid`,
      openalexUrl: `${base}/openalex`,
      mailto: 'ada@example.com',
      allowLoopback: true,
      timeoutMs: 5_000,
    },
    requests,
    counts,
    setOpenAlex(next) {
      mode = next
    },
    stop: () => server.stop(true),
  }
}

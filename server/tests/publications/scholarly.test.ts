/**
 * The scholarly record's building blocks: BibTeX and RIS read with citation-js (accents and
 * braces become text, one malformed entry reported while the rest is read), written back and
 * read again unchanged, duplicates found, a reference formatted; and the outside services
 * (Crossref, DataCite, arXiv, ORCID, OpenAlex) as local fakes answering the shapes their
 * documentation gives, including a 429 with Retry-After and a 500.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  formatReference,
  readBibtex,
  readRis,
  writeBibtex,
  writeRis,
} from '../../scholarly/citation'
import { findDuplicates } from '../../scholarly/duplicates'
import {
  citationCount,
  lookupArxiv,
  lookupDoi,
  orcidWorks,
  type ScholarlySettings,
  SourceError,
} from '../../scholarly/sources'

const bib = String.raw`@string{chi = "Proceedings of the CHI Conference on Human Factors in Computing Systems"}

@inproceedings{lovelace2026engines,
  title     = {On the {Analytical} Engine and Caf\'{e} Ordering},
  author    = {Lovelace, Ada and Babbage, Charles and M{\"u}ller, J{\"o}rg},
  booktitle = chi,
  year      = {2026},
  month     = may,
  pages     = {1--10},
  doi       = {https://doi.org/10.1145/3290605.3300233},
  keywords  = {HCI, engines}
}

@misc{lovelace2025preprint,
  title         = {A Note on {B}ernoulli Numbers},
  author        = {Ada Lovelace},
  year          = {2025},
  eprint        = {2501.01234v2},
  archivePrefix = {arXiv},
  primaryClass  = {math.NT}
}

@article{broken,
  title = {Missing its closing brace,
  author = {Someone, Else}

@article{lovelace2024journal,
  title   = {Notes},
  author  = {Lovelace, Ada},
  journal = {Journal of Engines},
  volume  = {12},
  number  = {3},
  year    = {2024}
}
`

describe('BibTeX', () => {
  const { entries, errors } = readBibtex(bib)

  test('every good entry is read, accents and braces as text, and the malformed one reported', () => {
    expect(entries.map((entry) => entry.citation_key)).toEqual([
      'lovelace2026engines',
      'lovelace2025preprint',
      'lovelace2024journal',
    ])
    expect(errors).toHaveLength(1)
    expect(errors[0]?.line).toBe(23)
    expect(errors[0]?.key).toBe('broken')
    expect(errors[0]?.message).toStartWith('Entry “broken” on line 23 could not be read:')
  })

  test('an @inproceedings: its fields, the @string venue, the DOI normalised', () => {
    expect(entries[0]).toEqual({
      type: 'conference-paper',
      title: 'On the Analytical Engine and Café Ordering',
      authors: [
        { given: 'Ada', family: 'Lovelace', literal: null },
        { given: 'Charles', family: 'Babbage', literal: null },
        { given: 'Jörg', family: 'Müller', literal: null },
      ],
      venue: 'Proceedings of the CHI Conference on Human Factors in Computing Systems',
      year: 2026,
      date: '2026-05',
      volume: null,
      issue: null,
      pages: '1–10',
      doi: '10.1145/3290605.3300233',
      arxiv_id: null,
      url: null,
      abstract: null,
      tags: ['HCI', 'engines'],
      citation_key: 'lovelace2026engines',
    })
  })

  test('an arXiv @misc is a preprint with its id, without the version', () => {
    expect(entries[1]?.type).toBe('preprint')
    expect(entries[1]?.arxiv_id).toBe('2501.01234')
    expect(entries[1]?.title).toBe('A Note on Bernoulli Numbers')
    expect(entries[2]?.volume).toBe('12')
    expect(entries[2]?.issue).toBe('3')
  })

  test('written as BibTeX and as RIS, each reads back the same', () => {
    const again = readBibtex(writeBibtex(entries))
    expect(again.errors).toEqual([])
    const fields = (list: typeof entries) =>
      list.map(({ type, title, authors, venue, year, volume, issue, pages, doi, arxiv_id }) => ({
        type,
        title,
        authors,
        venue,
        year,
        volume,
        issue,
        pages,
        doi,
        arxiv_id,
      }))
    expect(fields(again.entries)).toEqual(fields(entries))
    const ris = writeRis(entries)
    expect(ris).toContain('TY  - CONF')
    expect(ris).toContain('DO  - 10.1145/3290605.3300233')
    const fromRis = readRis(ris)
    expect(fromRis.errors).toEqual([])
    expect(
      fromRis.entries.map((entry) => [entry.type, entry.title, entry.doi, entry.year]),
    ).toEqual(entries.map((entry) => [entry.type, entry.title, entry.doi, entry.year]))
  })

  test('a formatted reference in APA', () => {
    expect(formatReference(entries[0] as (typeof entries)[number], 'apa')).toBe(
      'Lovelace, A., Babbage, C., & Müller, J. (2026). On the Analytical Engine and Café Ordering. Proceedings of the CHI Conference on Human Factors in Computing Systems, 1–10. https://doi.org/10.1145/3290605.3300233',
    )
  })

  test('a file with no entry says so', () => {
    expect(readBibtex('just some text').errors[0]?.message).toBe(
      'No BibTeX entry was found (each starts with @).',
    )
    expect(readBibtex('')).toEqual({ entries: [], errors: [] })
  })
})

describe('duplicates', () => {
  test('the same DOI, arXiv id, or title and year (accents and case aside)', () => {
    const existing = [
      { doi: '10.1145/3290605.3300233', arxiv_id: null, title: 'Something else', year: 2019 },
      { doi: null, arxiv_id: null, title: 'Café Ordering at Scale!', year: 2024 },
    ]
    const candidates = [
      { doi: '10.1145/3290605.3300233', arxiv_id: null, title: 'Other title', year: 2020 },
      { doi: null, arxiv_id: null, title: 'cafe ordering at scale', year: 2024 },
      { doi: null, arxiv_id: null, title: 'cafe ordering at scale', year: 2025 },
      { doi: null, arxiv_id: '2501.01234', title: 'New', year: 2025 },
      { doi: null, arxiv_id: '2501.01234', title: 'New again', year: 2025 },
    ]
    expect(findDuplicates(existing, candidates)).toEqual([
      { of: 'existing', index: 0 },
      { of: 'existing', index: 1 },
      null,
      null,
      { of: 'file', index: 3 },
    ])
  })
})

// --- the outside services, as local fakes -------------------------------------------------

let fake: ReturnType<typeof Bun.serve>
let settings: ScholarlySettings
const requests: string[] = []
let openAlexMode: 'ok' | 'rate-limited' | 'down' = 'ok'

const crossrefCsl = {
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

const dataciteCsl = {
  type: 'dataset',
  id: 'https://doi.org/10.5281/zenodo.1234',
  DOI: '10.5281/zenodo.1234',
  URL: 'https://zenodo.org/record/1234',
  title: 'Engine Traces',
  publisher: 'Zenodo',
  issued: { 'date-parts': [[2021]] },
  author: [{ family: 'Lovelace', given: 'Ada' }],
}

const arxivFeed = `<?xml version="1.0" encoding="UTF-8"?>
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
    <arxiv:doi>10.1000/xyz123</arxiv:doi>
    <link href="http://arxiv.org/abs/2501.01234v2" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/2501.01234v2" rel="related" type="application/pdf"/>
    <arxiv:primary_category term="math.NT" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>`

const emptyFeed = `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query</title></feed>`

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

beforeAll(() => {
  fake = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url)
      requests.push(`${url.pathname}${url.search}`)
      const path = decodeURIComponent(url.pathname)
      const jsonAnswer = (body: unknown, headers: Record<string, string> = {}) =>
        Response.json(body, { headers })
      if (
        path ===
        '/crossref/works/10.1145/3290605.3300233/transform/application/vnd.citationstyles.csl+json'
      )
        return jsonAnswer(crossrefCsl)
      if (path.startsWith('/crossref/works/'))
        return new Response('Resource not found.', { status: 404 })
      if (path === '/datacite/dois/10.5281/zenodo.1234') return jsonAnswer(dataciteCsl)
      if (path.startsWith('/datacite/'))
        return Response.json({ errors: [{ status: '404' }] }, { status: 404 })
      if (path === '/arxiv/query')
        return new Response(
          url.searchParams.get('id_list') === '2501.01234' ? arxivFeed : emptyFeed,
          {
            headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
          },
        )
      if (path === '/orcid/v3.0/0000-0002-1825-0097/works')
        return jsonAnswer({
          'last-modified-date': { value: 1700000000000 },
          group: [
            { 'work-summary': [orcidSummary(11, 'Notes', '10.1000/notes', 'journal-article')] },
            { 'work-summary': [orcidSummary(12, 'Engine Traces', null, 'data-set')] },
          ],
          path: '/0000-0002-1825-0097/works',
        })
      const work = /^\/orcid\/v3\.0\/0000-0002-1825-0097\/work\/(\d+)$/.exec(path)
      if (work) {
        const putCode = Number(work[1])
        const summary =
          putCode === 11
            ? orcidSummary(11, 'Notes', '10.1000/notes', 'journal-article')
            : orcidSummary(12, 'Engine Traces', null, 'data-set')
        return jsonAnswer({
          ...summary,
          'short-description': putCode === 11 ? 'On notes.' : null,
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
      if (path === '/openalex/works/doi:10.1145/3290605.3300233') {
        if (openAlexMode === 'rate-limited')
          return new Response('{"error":"Too many requests"}', {
            status: 429,
            headers: { 'retry-after': '7' },
          })
        if (openAlexMode === 'down') return new Response('Internal Server Error', { status: 500 })
        if (request.headers.get('if-none-match') === '"v1"')
          return new Response(null, { status: 304 })
        return jsonAnswer(
          {
            id: 'https://openalex.org/W2741809807',
            doi: 'https://doi.org/10.1145/3290605.3300233',
            cited_by_count: 42,
          },
          { etag: '"v1"' },
        )
      }
      if (path.startsWith('/openalex/'))
        return Response.json({ error: 'not found' }, { status: 404 })
      return new Response('not found', { status: 404 })
    },
  })
  const base = `http://127.0.0.1:${fake.port}`
  settings = {
    crossrefUrl: `${base}/crossref`,
    dataciteUrl: `${base}/datacite`,
    arxivUrl: `${base}/arxiv`,
    orcidUrl: `${base}/orcid`,
    openalexUrl: `${base}/openalex`,
    mailto: 'ada@example.com',
    allowLoopback: true,
  }
})

afterAll(() => fake.stop(true))

describe('a DOI', () => {
  test('Crossref’s CSL-JSON, its abstract as text', async () => {
    const entry = await lookupDoi('https://doi.org/10.1145/3290605.3300233', settings)
    expect(entry).toMatchObject({
      type: 'conference-paper',
      title: 'Gaze-Based Interaction',
      venue: 'Proceedings of the 2019 CHI Conference on Human Factors in Computing Systems',
      year: 2019,
      date: '2019-05-02',
      pages: '1–13',
      doi: '10.1145/3290605.3300233',
      url: null,
      abstract: 'We study gaze .',
    })
    expect(entry?.authors.map((author) => author.family)).toEqual(['Lovelace', 'Hopper'])
    expect(requests.at(-1)).toContain('mailto=ada%40example.com')
  })

  test('DataCite when Crossref does not hold it; null when neither does', async () => {
    const entry = await lookupDoi('10.5281/zenodo.1234', settings)
    expect(entry).toMatchObject({
      type: 'dataset',
      title: 'Engine Traces',
      venue: 'Zenodo',
      year: 2021,
    })
    expect(await lookupDoi('10.9999/nothing', settings)).toBeNull()
  })

  test('not a DOI is a sentence', async () => {
    await expect(lookupDoi('hello', settings)).rejects.toThrow(
      '“hello” is not a DOI (they look like 10.1145/3290605.3300233).',
    )
  })
})

describe('an arXiv id', () => {
  test('the Atom entry: title, authors, date, abstract, DOI', async () => {
    const entry = await lookupArxiv('arXiv:2501.01234v2', settings)
    expect(entry).toMatchObject({
      type: 'preprint',
      title: 'A Note on Bernoulli Numbers',
      year: 2025,
      date: '2025-01-02',
      arxiv_id: '2501.01234',
      doi: '10.1000/xyz123',
      abstract: 'We compute them with an engine.',
      url: 'https://arxiv.org/abs/2501.01234',
    })
    expect(entry?.authors).toEqual([
      { given: 'Ada', family: 'Lovelace', literal: null },
      { given: 'Charles', family: 'Babbage', literal: null },
    ])
    expect(await lookupArxiv('2501.99999', settings)).toBeNull()
  })
})

describe('ORCID', () => {
  test('the public works with their details; the same list twice', async () => {
    const works = await orcidWorks('https://orcid.org/0000-0002-1825-0097', settings)
    expect(
      works.map((work) => [
        work.put_code,
        work.publication.type,
        work.publication.title,
        work.publication.doi,
      ]),
    ).toEqual([
      [11, 'journal-article', 'Notes', '10.1000/notes'],
      [12, 'dataset', 'Engine Traces', null],
    ])
    expect(works[0]?.publication.abstract).toBe('On notes.')
    expect(works[0]?.publication.date).toBe('2024-03')
    expect(works[0]?.publication.authors).toEqual([
      { given: 'Ada', family: 'Lovelace', literal: null },
    ])
    // A re-sync sees the same works, so nothing new is found against them.
    const again = await orcidWorks('0000-0002-1825-0097', settings)
    expect(
      findDuplicates(
        works.map((work) => work.publication),
        again.map((work) => work.publication),
      ),
    ).toEqual([
      { of: 'existing', index: 0 },
      { of: 'existing', index: 1 },
    ])
  })

  test('an unknown iD, or not an iD, is a sentence', async () => {
    await expect(orcidWorks('0000-0000-0000-0001', settings)).rejects.toThrow(
      'ORCID has no public record 0000-0000-0000-0001.',
    )
    await expect(orcidWorks('ada', settings)).rejects.toThrow('“ada” is not an ORCID iD')
  })
})

describe('OpenAlex citation counts', () => {
  test('the count with its ETag, then 304 as unchanged', async () => {
    openAlexMode = 'ok'
    const count = await citationCount('10.1145/3290605.3300233', settings)
    expect(count).toEqual({ openalex_id: 'W2741809807', cited_by_count: 42, etag: '"v1"' })
    expect(await citationCount('10.1145/3290605.3300233', settings, '"v1"')).toBe('unchanged')
    expect(await citationCount('10.1000/unknown', settings)).toBeNull()
  })

  test('a 429 says how long to wait; a 500 is an error', async () => {
    openAlexMode = 'rate-limited'
    const limited = await citationCount('10.1145/3290605.3300233', settings).catch(
      (error: unknown) => error,
    )
    expect(limited).toBeInstanceOf(SourceError)
    expect((limited as SourceError).retryAfterMs).toBe(7_000)
    openAlexMode = 'down'
    await expect(citationCount('10.1145/3290605.3300233', settings)).rejects.toThrow(
      'OpenAlex answered 500.',
    )
    openAlexMode = 'ok'
  })

  test('the services are outside: loopback is refused unless the setting allows it', async () => {
    await expect(
      citationCount('10.1145/3290605.3300233', { ...settings, allowLoopback: false }),
    ).rejects.toThrow('OpenAlex could not be reached')
  })
})

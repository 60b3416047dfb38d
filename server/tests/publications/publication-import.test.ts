/**
 * Publications without typing, through the REST door with the outside
 * services as a local fake (support/fake-scholarly.ts): a BibTeX file
 * previewed (accents and braces as text, @inproceedings and @misc, a
 * malformed entry reported while the rest is read, duplicates flagged) and
 * the chosen entries imported; a DOI and an arXiv id looked up; the ORCID
 * record imported, then synced again creating nothing; the export as BibTeX
 * and RIS read back by the importer unchanged.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { publications } from '../../db/schema'
import { readRis } from '../../scholarly/citation'
import { type FakeScholarly, ORCID_ID, startFakeScholarly } from '../support/fake-scholarly'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

export const bibFile = String.raw`@string{chi = "Proceedings of the CHI Conference on Human Factors in Computing Systems"}

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

let t: TestApp
let token: string
let fake: FakeScholarly
beforeAll(async () => {
  fake = startFakeScholarly()
  t = await createTestApp({ config: { scholarly: fake.config } })
  token = await t.login()
}, 30_000)
afterAll(async () => {
  await t.close()
  fake.stop()
})

type Entry = {
  publication: Record<string, unknown> & { title: string; authors: Record<string, unknown>[] }
  duplicate_of: { id: number; title: string } | null
  duplicate_in_file: number | null
}

const preview = async (bibtex: string) => {
  const r = await t.request('POST', '/api/publications/import/preview', { token, body: { bibtex } })
  expect(r.status).toBe(200)
  return r.body as { entries: Entry[]; errors: { line: number; key: string; message: string }[] }
}

describe('BibTeX', () => {
  test('the preview: every good entry as text, the malformed one reported with its line, nothing saved', async () => {
    const { entries, errors } = await preview(bibFile)
    expect(entries.map((entry) => entry.publication.title)).toEqual([
      'On the Analytical Engine and Café Ordering',
      'A Note on Bernoulli Numbers',
      'Notes',
    ])
    expect(entries[0]?.publication).toMatchObject({
      type: 'conference-paper',
      venue: 'Proceedings of the CHI Conference on Human Factors in Computing Systems',
      doi: '10.1145/3290605.3300233',
      pages: '1–10',
      tags: ['HCI', 'engines'],
    })
    expect(entries[0]?.publication.authors).toEqual([
      { given: 'Ada', family: 'Lovelace', literal: null, is_owner: true },
      { given: 'Charles', family: 'Babbage', literal: null, is_owner: false },
      { given: 'Jörg', family: 'Müller', literal: null, is_owner: false },
    ])
    expect(entries[1]?.publication).toMatchObject({ type: 'preprint', arxiv_id: '2501.01234' })
    expect(entries.every((entry) => entry.duplicate_of === null)).toBe(true)
    expect(errors).toEqual([expect.objectContaining({ line: 23, key: 'broken' })])
    expect(errors[0]?.message).toStartWith('Entry “broken” on line 23 could not be read:')
    expect(await t.db.select().from(publications)).toHaveLength(0)
  })

  test('import the chosen entries; a second preview flags each as a duplicate; importing one again is refused', async () => {
    const { entries } = await preview(bibFile)
    const chosen = [entries[0], entries[2]].map((entry) => entry?.publication)
    const r = await t.request('POST', '/api/publications/import', {
      token,
      body: { publications: chosen },
    })
    expect(r.status).toBe(201)
    expect((r.body.created as { title: string }[]).map((c) => c.title)).toEqual([
      'On the Analytical Engine and Café Ordering',
      'Notes',
    ])
    const rows = await t.db.select().from(publications)
    expect(rows.map((row) => [row.title, row.status]).sort()).toEqual([
      ['Notes', 'draft'],
      ['On the Analytical Engine and Café Ordering', 'draft'],
    ])
    const again = await preview(bibFile)
    expect(again.entries.map((entry) => entry.duplicate_of?.title ?? null)).toEqual([
      'On the Analytical Engine and Café Ordering',
      null,
      'Notes',
    ])
    // The same title and year, written differently, is the same publication.
    const retitled = await preview(
      '@article{x, title={ON THE ANALYTICAL ENGINE AND CAFE ORDERING}, author={Lovelace, Ada}, year={2026}}',
    )
    expect(retitled.entries[0]?.duplicate_of?.title).toBe(
      'On the Analytical Engine and Café Ordering',
    )
    const refused = await t.request('POST', '/api/publications/import', {
      token,
      body: { publications: [chosen[1]] },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.fields).toHaveProperty(['publications.0'])
    expect(await t.db.select().from(publications)).toHaveLength(2)
  })

  test('a file with nothing readable is a clear error, not a 500', async () => {
    const { entries, errors } = await preview('just some words')
    expect(entries).toEqual([])
    expect(errors[0]?.message).toBe('No BibTeX entry was found (each starts with @).')
    const empty = await t.request('POST', '/api/publications/import/preview', {
      token,
      body: { bibtex: '' },
    })
    expect(empty.status).toBe(400)
    expect(empty.body.fields).toHaveProperty('bibtex')
  })
})

describe('a DOI or an arXiv id', () => {
  test('a DOI is looked up at Crossref; an unknown one is a 404 with a sentence', async () => {
    const r = await t.request('POST', '/api/publications/lookup', {
      token,
      body: { id: 'doi:10.1145/3290605.3300233' },
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      type: 'conference-paper',
      title: 'Gaze-Based Interaction',
      year: 2019,
      doi: '10.1145/3290605.3300233',
      abstract: 'We study gaze .',
    })
    expect((r.body.authors as { is_owner: boolean }[])[0]?.is_owner).toBe(true)
    expect(fake.requests.some((path) => path.includes('mailto=ada%40example.com'))).toBe(true)
    const unknown = await t.request('POST', '/api/publications/lookup', {
      token,
      body: { id: '10.9999/nothing' },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('No record was found for the DOI 10.9999/nothing.')
  })

  test('an arXiv id is looked up in the arXiv API', async () => {
    const r = await t.request('POST', '/api/publications/lookup', {
      token,
      body: { id: 'https://arxiv.org/abs/2501.01234v2' },
    })
    expect(r.body).toMatchObject({
      type: 'preprint',
      title: 'A Note on Bernoulli Numbers',
      arxiv_id: '2501.01234',
      date: '2025-01-02',
    })
  })

  test('neither is a 400 naming the field', async () => {
    const r = await t.request('POST', '/api/publications/lookup', { token, body: { id: 'hello' } })
    expect(r.status).toBe(400)
    expect(r.body.fields).toHaveProperty('id')
  })
})

describe('ORCID', () => {
  test('the preview says what is new and what is here (matched by DOI to an entry imported from BibTeX); the sync imports the new; a re-sync creates nothing', async () => {
    const first = await t.request('POST', '/api/publications/orcid/preview', {
      token,
      body: { orcid: `https://orcid.org/${ORCID_ID}` },
    })
    expect(first.status).toBe(200)
    const newTitles = (first.body.new as { publication: { title: string } }[]).map(
      (work) => work.publication.title,
    )
    expect(newTitles).toEqual(['Notes on the Engine', 'Engine Traces'])
    expect(first.body.known).toEqual([
      expect.objectContaining({
        put_code: 13,
        title: 'On the Analytical Engine and Café Ordering',
      }),
    ])
    const before = (await t.db.select().from(publications)).length
    const sync = await t.request('POST', '/api/publications/orcid/sync', {
      token,
      body: { orcid: ORCID_ID },
    })
    expect(sync.status).toBe(200)
    expect((sync.body.created as { title: string }[]).map((c) => c.title)).toEqual([
      'Notes on the Engine',
      'Engine Traces',
    ])
    const rows = await t.db.select().from(publications)
    expect(rows).toHaveLength(before + 2)
    expect(
      rows
        .filter((row) => row.orcid_put_code !== null)
        .map((row) => row.orcid_put_code)
        .sort(),
    ).toEqual([11, 12, 13])

    const resync = await t.request('POST', '/api/publications/orcid/sync', {
      token,
      body: { orcid: ORCID_ID },
    })
    expect(resync.body).toEqual({ created: [], known: 3 })
    expect(await t.db.select().from(publications)).toHaveLength(before + 2)
  })

  test('a malformed iD is a 400; a record ORCID does not have is a 503 with a sentence', async () => {
    const bad = await t.request('POST', '/api/publications/orcid/preview', {
      token,
      body: { orcid: '1234' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toHaveProperty('orcid')
    const missing = await t.request('POST', '/api/publications/orcid/preview', {
      token,
      body: { orcid: '0000-0001-5109-3700' },
    })
    expect(missing.status).toBe(503)
    expect(missing.body.error).toContain('ORCID has no public record 0000-0001-5109-3700.')
  })
})

describe('export', () => {
  test('each publication’s BibTeX and RIS, and the whole list’s, read back by the importer unchanged', async () => {
    const token2 = token
    // Publish everything, so the whole list is exported.
    const all = (await t.request('GET', '/api/publications', { token: token2 })).list as Record<
      string,
      unknown
    >[]
    for (const p of all) {
      const { id, version, slug, ...rest } = p
      await t.request('PUT', `/api/publications/${id}`, {
        token,
        body: {
          type: rest.type,
          title: rest.title,
          authors: rest.authors,
          venue: rest.venue,
          year: rest.year,
          date: rest.date,
          volume: rest.volume,
          issue: rest.issue,
          pages: rest.pages,
          doi: rest.doi,
          arxiv_id: rest.arxiv_id,
          url: rest.url,
          abstract: rest.abstract,
          tags: rest.tags,
          citation_key: rest.citation_key,
          slug,
          status: 'published',
        },
      })
    }
    const published = (await t.request('GET', '/api/publications')).list as (Record<
      string,
      unknown
    > & {
      cite: { bibtex: string; ris: string }
    })[]
    expect(published.length).toBe(all.length)
    const fields = ['type', 'title', 'venue', 'year', 'volume', 'issue', 'pages', 'doi', 'arxiv_id']
    const pick = (p: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, p[f]]))
    const names = (p: Record<string, unknown>) =>
      (p.authors as { given: string | null; family: string | null }[]).map(
        (a) => `${a.given} ${a.family}`,
      )

    // One by one: the BibTeX of each reads back as the same publication.
    for (const p of published) {
      const back = await preview(p.cite.bibtex)
      expect(back.errors).toEqual([])
      expect(pick(back.entries[0]?.publication ?? {})).toEqual(pick(p))
      expect(names(back.entries[0]?.publication ?? {})).toEqual(names(p))
      expect(back.entries[0]?.duplicate_of?.id).toBe(p.id as number)
      const ris = readRis(p.cite.ris)
      expect(ris.errors).toEqual([])
      expect(ris.entries[0]?.title).toBe(p.title as string)
      expect(ris.entries[0]?.doi).toBe(p.doi as string | null)
    }

    // The whole list as one file, in the list's order.
    const file = await t.request('GET', '/publications.bib')
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toStartWith('application/x-bibtex')
    const whole = await preview(file.text)
    expect(whole.entries.map((e) => e.publication.title)).toEqual(
      published.map((p) => p.title as string),
    )
    expect(whole.entries.every((e) => e.duplicate_of !== null)).toBe(true)
    const ris = await t.request('GET', '/publications.ris')
    expect(ris.status).toBe(200)
    expect(readRis(ris.text).entries.map((e) => e.title)).toEqual(
      published.map((p) => p.title as string),
    )
  })
})

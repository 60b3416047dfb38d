/**
 * Publications, talks and teaching as content kinds, through the REST door
 * against a real database: writes validated (400 naming the field), drafts
 * seen only by the admin, addresses (former ones kept), the manual order,
 * revisions, the Trash, search, the backup and its restore; the answers'
 * Cite texts (BibTeX, RIS, APA, IEEE) and the stored citation count.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { publicationCitations, publications, talks, teaching } from '../../db/schema'
import { ADMIN, createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

export const paper = (extra: Record<string, unknown> = {}) => ({
  type: 'conference-paper',
  title: 'On the Analytical Engine',
  authors: [
    { given: 'Ada', family: 'Lovelace', is_owner: true },
    { given: 'Charles', family: 'Babbage' },
  ],
  venue: 'Proceedings of CHI 2026',
  year: 2026,
  date: '2026-05',
  pages: '1–10',
  doi: 'https://doi.org/10.1145/3290605.3300233',
  pdf_url: 'https://ada.example/engine.pdf',
  code_url: 'https://github.com/ada/engine',
  abstract: 'We build an **engine**.\n\n<script>alert(1)</script>',
  tags: ['HCI', 'engines'],
  status: 'published',
  ...extra,
})

async function create(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/publications', { token, body })
  expect(r.status).toBe(201)
  return r.body
}

describe('publications on the API', () => {
  test('a publication is created at its address, its DOI normalised, its abstract sanitised, its Cite texts made', async () => {
    const created = await create(paper())
    expect(created).toMatchObject({
      slug: 'on-the-analytical-engine',
      type: 'conference-paper',
      doi: '10.1145/3290605.3300233',
      year: 2026,
      selected: false,
      citations: null,
      authors: [
        { given: 'Ada', family: 'Lovelace', literal: null, is_owner: true },
        { given: 'Charles', family: 'Babbage', literal: null, is_owner: false },
      ],
    })
    expect(created.abstract_html).toContain('<strong>engine</strong>')
    expect(created.abstract_html).not.toContain('<script')
    const cite = created.cite as Record<string, string>
    expect(cite.bibtex).toStartWith('@inproceedings{')
    expect(cite.bibtex).toContain('doi = {10.1145/3290605.3300233}')
    expect(cite.ris).toStartWith('TY  - CONF')
    expect(cite.apa).toBe(
      'Lovelace, A., & Babbage, C. (2026). On the Analytical Engine. Proceedings of CHI 2026, 1–10. https://doi.org/10.1145/3290605.3300233',
    )
    expect(cite.ieee).toBe(
      'A. Lovelace and C. Babbage, “On the Analytical Engine,” in Proceedings of CHI 2026, pp. 1–10, May 2026, doi: 10.1145/3290605.3300233.',
    )
    const [row] = await t.db
      .select()
      .from(publications)
      .where(eq(publications.id, created.id as number))
    expect(row?.doi).toBe('10.1145/3290605.3300233')
  })

  test('bad input is a 400 naming the field, and nothing is stored', async () => {
    const before = (await t.db.select().from(publications)).length
    for (const [body, field] of [
      [paper({ type: 'poem' }), 'type'],
      [paper({ title: '  ' }), 'title'],
      [paper({ doi: 'not a doi' }), 'doi'],
      [paper({ arxiv_id: 'abc' }), 'arxiv_id'],
      [paper({ year: 20260 }), 'year'],
      [paper({ date: '2026-13' }), 'date'],
      [paper({ pdf_url: 'javascript:alert(1)' }), 'pdf_url'],
      [paper({ authors: [{ given: '', family: '' }] }), 'authors.0'],
      [paper({ status: 'live' }), 'status'],
    ] as const) {
      const r = await t.request('POST', '/api/publications', { token, body })
      expect(r.status).toBe(400)
      expect(typeof r.body.error).toBe('string')
      expect(Object.keys(r.body.fields as object)).toContain(field)
    }
    expect(await t.db.select().from(publications)).toHaveLength(before)
    expect((await t.request('POST', '/api/publications', { body: paper() })).status).toBe(401)
  })

  test('a draft is the admin’s alone; publishing shows it', async () => {
    const draft = await create(paper({ title: 'Unfinished Thoughts', status: 'draft', doi: null }))
    expect((await t.request('GET', '/api/publications/unfinished-thoughts')).status).toBe(404)
    const listed = (await t.request('GET', '/api/publications')).list as { title: string }[]
    expect(listed.map((p) => p.title)).not.toContain('Unfinished Thoughts')
    const mine = (await t.request('GET', '/api/publications', { token })).list as {
      title: string
    }[]
    expect(mine.map((p) => p.title)).toContain('Unfinished Thoughts')
    const published = await t.request('PUT', `/api/publications/${draft.id}`, {
      token,
      body: paper({ title: 'Unfinished Thoughts', doi: null, slug: 'thoughts' }),
    })
    expect(published.status).toBe(200)
    expect(published.body.slug).toBe('thoughts')
    // The former address still finds it (the page redirects).
    expect((await t.request('GET', '/api/publications/unfinished-thoughts')).body.slug).toBe(
      'thoughts',
    )
  })

  test('the manual order: a new one first; a reorder naming every id', async () => {
    const all = (await t.request('GET', '/api/publications', { token })).list as { id: number }[]
    const ids = all.map((p) => p.id)
    const reversed = [...ids].reverse()
    expect(
      (await t.request('PUT', '/api/publications/order', { token, body: { ids: reversed } }))
        .status,
    ).toBe(204)
    const after = (await t.request('GET', '/api/publications', { token })).list as { id: number }[]
    expect(after.map((p) => p.id)).toEqual(reversed)
    const missing = await t.request('PUT', '/api/publications/order', {
      token,
      body: { ids: reversed.slice(1) },
    })
    expect(missing.status).toBe(400)
  })

  test('a save keeps a revision; a restore brings the earlier title back', async () => {
    const p = await create(paper({ title: 'First Title', doi: null }))
    await t.request('PUT', `/api/publications/${p.id}`, {
      token,
      body: paper({ title: 'Second Title', doi: null, slug: 'first-title' }),
    })
    const revisions = (await t.request('GET', `/api/publications/${p.id}/revisions`, { token }))
      .list as { id: number; changed: string[] }[]
    expect(revisions[0]?.changed).toContain('title')
    const restored = await t.request(
      'POST',
      `/api/publications/${p.id}/revisions/${revisions[0]?.id}/restore`,
      { token },
    )
    expect(restored.body.title).toBe('First Title')
  })

  test('a delete moves it to the Trash (404); a restore from the Trash brings it back', async () => {
    const p = await create(paper({ title: 'Trashed Work', doi: null }))
    expect((await t.request('DELETE', `/api/publications/${p.id}`, { token })).status).toBe(204)
    expect((await t.request('GET', '/api/publications/trashed-work')).status).toBe(404)
    const trash = (await t.request('GET', '/api/trash', { token })).json
    expect(JSON.stringify(trash)).toContain('Trashed Work')
    const back = await t.request('POST', `/api/trash/publication/${p.id}/restore`, { token })
    expect(back.status).toBe(200)
    expect((await t.request('GET', '/api/publications/trashed-work')).status).toBe(200)
  })

  test('search finds a published publication by its abstract, never a draft', async () => {
    const found = (await t.request('GET', '/api/search?q=engine')).body.results as {
      kind: string
      url: string
    }[]
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'publication',
        url: '/publications/on-the-analytical-engine',
      }),
    )
  })

  test('the stored citation count is in the answer, with when it was fetched', async () => {
    await t.db.insert(publicationCitations).values({
      doi: '10.1145/3290605.3300233',
      cited_by_count: 42,
      openalex_id: 'W1042',
      fetched_at: new Date('2026-11-30T08:00:00Z'),
    })
    const p = (await t.request('GET', '/api/publications/on-the-analytical-engine')).body
    expect(p.citations).toEqual({
      cited_by_count: 42,
      openalex_id: 'W1042',
      fetched_at: '2026-11-30T08:00:00.000Z',
    })
  })
})

describe('talks and teaching on the API', () => {
  test('a talk: validated, a draft hidden, newest first once published', async () => {
    const bad = await t.request('POST', '/api/talks', {
      token,
      body: { title: 'Engines', date: '2026-02-30x', status: 'published' },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields as object)).toContain('date')
    const older = await t.request('POST', '/api/talks', {
      token,
      body: {
        title: 'Engines and Looms',
        event: 'Babbage Symposium',
        date: '2025-06-01',
        place: 'London',
        type: 'invited',
        slides_url: 'https://ada.example/slides.pdf',
        status: 'published',
      },
    })
    expect(older.status).toBe(201)
    await t.request('POST', '/api/talks', {
      token,
      body: { title: 'Poetical Science', date: '2026-03-01', online: true, status: 'published' },
    })
    await t.request('POST', '/api/talks', {
      token,
      body: { title: 'Secret Draft', date: '2026-04-01', status: 'draft' },
    })
    const list = (await t.request('GET', '/api/talks')).list as { title: string }[]
    expect(list.map((talk) => talk.title)).toEqual(['Poetical Science', 'Engines and Looms'])
    expect(await t.db.select().from(talks)).toHaveLength(3)
  })

  test('teaching: in the owner’s order, terms kept, a delete to the Trash', async () => {
    const a = await t.request('POST', '/api/teaching', {
      token,
      body: {
        course: 'Analytical Engines 101',
        institution: 'Test University',
        role: 'Teaching assistant',
        terms: ['Fall 2024', 'Fall 2025'],
        status: 'published',
      },
    })
    expect(a.status).toBe(201)
    expect(a.body.terms).toEqual(['Fall 2024', 'Fall 2025'])
    const b = await t.request('POST', '/api/teaching', {
      token,
      body: { course: 'Poetical Science', status: 'published' },
    })
    const list = (await t.request('GET', '/api/teaching')).list as { course: string }[]
    expect(list.map((c) => c.course)).toEqual(['Poetical Science', 'Analytical Engines 101'])
    const noCourse = await t.request('POST', '/api/teaching', {
      token,
      body: { course: '', status: 'published' },
    })
    expect(Object.keys(noCourse.body.fields as object)).toContain('course')
    expect((await t.request('DELETE', `/api/teaching/${b.id}`, { token })).status).toBe(204)
    expect(await t.db.select().from(teaching)).toHaveLength(1)
  })
})

describe('backups', () => {
  test('publications, their addresses, talks and teaching are in the file and come back', async () => {
    const file = (await t.request('GET', '/api/backup', { token })).body
    const tables = file.tables as Record<string, unknown[]>
    expect(tables.publications?.length).toBeGreaterThan(2)
    expect(tables.publications?.[0]).not.toHaveProperty('search')
    expect(tables.publication_slugs).toContainEqual(expect.objectContaining({ slug: 'thoughts' }))
    expect(tables.talks).toHaveLength(3)
    expect(tables.teaching).toHaveLength(1)
    expect(tables).not.toHaveProperty('publication_citations')
    await t.db.delete(publications)
    await t.db.delete(talks)
    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: file },
    })
    expect(restored.status).toBe(200)
    token = await t.login()
    expect((await t.request('GET', '/api/publications/thoughts')).status).toBe(200)
    expect((await t.request('GET', '/api/talks')).list).toHaveLength(2)
  })

  test('a file written before publications (version 9) restores with none', async () => {
    const file = (await t.request('GET', '/api/backup', { token })).body
    const {
      publications: _p,
      publication_slugs: _s,
      talks: _t,
      teaching: _c,
      ...older
    } = file.tables as Record<string, unknown[]>
    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: { ...file, version: 9, tables: older } },
    })
    expect(restored.status).toBe(200)
    token = await t.login()
    expect((await t.request('GET', '/api/publications', { token })).list).toEqual([])
  })
})

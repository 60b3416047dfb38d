/**
 * The scholarly record in the server's HTML (pages rendered on the server,
 * as crawlers get them): `/publications` grouped by year, filtered by type
 * and tag, the owner's name emphasised, each entry's links, count and Cite
 * texts; a publication's page with the Google Scholar (Highwire) meta tags,
 * `ScholarlyArticle` JSON-LD and its own card; `/talks` and `/teaching`;
 * the header's links once each has a published entry; the home page's
 * "Selected Publications."; the sitemap.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { publicationCitations } from '../../db/schema'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const SITE = 'https://ada.example'

function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-publication-pages-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true },
    }),
  )
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dev shell</title>')
  return dir
}

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist() })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

const mainNav = (html: string) => /<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
const metaOf = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)"`, 'g'))].map((m) => m[1])
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? 'null'),
  )

async function publish(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/publications', {
    token,
    body: { status: 'published', ...body },
  })
  expect(r.status).toBe(201)
  return r.body
}

describe('before anything is published', () => {
  test('no header links for publications, talks or teaching; the pages say so', async () => {
    const home = await t.request('GET', '/')
    expect(mainNav(home.text)).not.toContain('/publications')
    expect(mainNav(home.text)).not.toContain('/talks')
    expect(home.text).not.toContain('Selected Publications.')
    const list = await t.request('GET', '/publications')
    expect(list.status).toBe(200)
    expect(list.text).toContain('No publications yet.')
    expect((await t.request('GET', '/talks')).text).toContain('No talks yet.')
    expect((await t.request('GET', '/teaching')).text).toContain('No courses yet.')
  })
})

describe('published', () => {
  beforeAll(async () => {
    await publish({
      type: 'conference-paper',
      title: 'On the Analytical Engine',
      authors: [
        { given: 'Charles', family: 'Babbage' },
        { given: 'Ada', family: 'Lovelace', is_owner: true },
      ],
      venue: 'Proceedings of CHI 2026',
      year: 2026,
      date: '2026-05-04',
      pages: '1–10',
      doi: '10.1145/3290605.3300233',
      pdf_url: '/media/engine.pdf',
      code_url: 'https://github.com/ada/engine',
      abstract: 'We build an **engine**.',
      tags: ['HCI'],
      selected: true,
    })
    await publish({
      type: 'journal-article',
      title: 'Notes on the Engine',
      authors: [{ given: 'Ada', family: 'Lovelace', is_owner: true }],
      venue: 'Journal of Engines',
      year: 2024,
      volume: '12',
      issue: '3',
      tags: ['history'],
    })
    await publish({ type: 'preprint', title: 'A Draft Idea', year: 2025, status: 'draft' })
    await t.db.insert(publicationCitations).values({
      doi: '10.1145/3290605.3300233',
      cited_by_count: 42,
      fetched_at: new Date('2026-11-30T08:00:00Z'),
    })
    await t.request('POST', '/api/talks', {
      token,
      body: {
        title: 'Poetical Science',
        event: 'Engines Conf',
        date: '2026-03-01',
        online: true,
        status: 'published',
      },
    })
    await t.request('POST', '/api/teaching', {
      token,
      body: {
        course: 'Analytical Engines 101',
        role: 'Teaching assistant',
        terms: ['Fall 2025'],
        status: 'published',
      },
    })
  })

  test('/publications: grouped by year, the owner emphasised, links, the count with its date, the Cite texts; drafts left out', async () => {
    const html = (await t.request('GET', '/publications')).text
    expect(html).toContain('<h1')
    expect(html).toContain('Publications.')
    const y2026 = html.indexOf('id="year-2026"')
    const y2024 = html.indexOf('id="year-2024"')
    expect(y2026).toBeGreaterThan(0)
    expect(y2024).toBeGreaterThan(y2026)
    expect(html).not.toContain('A Draft Idea')
    expect(html).toContain(
      'Charles Babbage<!-- --> and <strong class="font-semibold text-strong">Ada Lovelace</strong>',
    )
    expect(html).toContain('href="https://doi.org/10.1145/3290605.3300233"')
    expect(html).toContain('href="/media/engine.pdf"')
    expect(html).toContain('Cited by <!-- -->42')
    expect(html).toContain('<time dateTime="2026-11-30T08:00:00.000Z">30 Nov 2026</time>')
    expect(html).toContain('data-island="cite"')
    expect(html).toContain('<summary')
    expect(html).toContain('@inproceedings{')
    expect(html).toContain('TY  - CONF')
    expect(html).toContain('href="/publications.bib"')
  })

  test('/publications?type= and ?tag= filter the list', async () => {
    const journals = (await t.request('GET', '/publications?type=journal-article')).text
    expect(journals).toContain('Notes on the Engine')
    expect(journals).not.toContain('>On the Analytical Engine<')
    const tagged = (await t.request('GET', '/publications?tag=hci')).text
    expect(tagged).toContain('>On the Analytical Engine<')
    expect(tagged).not.toContain('Notes on the Engine</a>')
  })

  test('a publication’s page: Highwire meta tags, ScholarlyArticle JSON-LD and its own card', async () => {
    const page = await t.request('GET', '/publications/on-the-analytical-engine')
    expect(page.status).toBe(200)
    const html = page.text
    expect(metaOf(html, 'citation_title')).toEqual(['On the Analytical Engine'])
    expect(metaOf(html, 'citation_author')).toEqual(['Babbage, Charles', 'Lovelace, Ada'])
    expect(metaOf(html, 'citation_publication_date')).toEqual(['2026/05/04'])
    expect(metaOf(html, 'citation_conference_title')).toEqual(['Proceedings of CHI 2026'])
    expect(metaOf(html, 'citation_journal_title')).toEqual([])
    expect(metaOf(html, 'citation_doi')).toEqual(['10.1145/3290605.3300233'])
    expect(metaOf(html, 'citation_pdf_url')).toEqual([`${SITE}/media/engine.pdf`])
    expect(metaOf(html, 'citation_firstpage')).toEqual(['1'])
    expect(metaOf(html, 'citation_lastpage')).toEqual(['10'])
    // In the document's head, where Scholar reads them.
    const head = html.slice(0, html.indexOf('</head>'))
    expect(metaOf(head, 'citation_author')).toHaveLength(2)
    expect(metaOf(head, 'citation_doi')).toHaveLength(1)
    const article = jsonLd(html).find((data) => data['@type'] === 'ScholarlyArticle')
    expect(article).toMatchObject({
      headline: 'On the Analytical Engine',
      url: `${SITE}/publications/on-the-analytical-engine`,
      datePublished: '2026-05-04',
      author: [
        { '@type': 'Person', name: 'Charles Babbage' },
        { '@type': 'Person', name: 'Ada Lovelace', url: `${SITE}/` },
      ],
      identifier: { propertyID: 'DOI', value: '10.1145/3290605.3300233' },
      interactionStatistic: { userInteractionCount: 42 },
    })
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(image).toStartWith(`${SITE}/og/publications/on-the-analytical-engine.png?v=`)
    const card = await t.app.handle(
      new Request('http://localhost/og/publications/on-the-analytical-engine.png'),
    )
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/png')
    expect((await t.request('GET', '/og/publications/a-draft-idea.png')).status).toBe(404)

    const journal = (await t.request('GET', '/publications/notes-on-the-engine')).text
    expect(metaOf(journal, 'citation_journal_title')).toEqual(['Journal of Engines'])
    expect(metaOf(journal, 'citation_publication_date')).toEqual(['2024'])
    expect(metaOf(journal, 'citation_volume')).toEqual(['12'])
  })

  test('a draft’s page is a 404; a former address moves for good', async () => {
    expect((await t.request('GET', '/publications/a-draft-idea')).status).toBe(404)
    const list = (await t.request('GET', '/api/publications', { token })).list as {
      id: number
      slug: string
      title: string
    }[]
    const notes = list.find((p) => p.slug === 'notes-on-the-engine')
    const full = (await t.request('GET', '/api/publications/notes-on-the-engine')).body
    await t.request('PUT', `/api/publications/${notes?.id}`, {
      token,
      body: {
        type: full.type,
        title: full.title,
        authors: full.authors,
        venue: full.venue,
        year: full.year,
        volume: full.volume,
        issue: full.issue,
        tags: full.tags,
        slug: 'engine-notes',
        status: 'published',
      },
    })
    const moved = await t.request('GET', '/publications/notes-on-the-engine')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/publications/engine-notes')
  })

  test('/talks and /teaching show what is published', async () => {
    const talks = (await t.request('GET', '/talks')).text
    expect(talks).toContain('Poetical Science')
    expect(talks).toContain('Engines Conf, Online')
    const teaching = (await t.request('GET', '/teaching')).text
    expect(teaching).toContain('Analytical Engines 101')
    expect(teaching).toContain('Teaching assistant')
  })

  test('the header links each once it has a published entry; the home page shows the selected ones', async () => {
    const home = (await t.request('GET', '/')).text
    const nav = mainNav(home)
    expect(nav).toContain('href="/publications"')
    expect(nav).toContain('href="/talks"')
    expect(nav).toContain('href="/teaching"')
    expect(home).toContain('Selected Publications.')
    expect(home).toContain('>On the Analytical Engine<')
    expect(home).not.toContain('>Engine notes<')
  })

  test('the CV page, the CV PDF and JSON Resume include publications and talks', async () => {
    const cv = (await t.request('GET', '/cv')).text
    expect(cv).toContain('id="cv-publications"')
    expect(cv).toContain('>On the Analytical Engine<')
    expect(cv).toContain('Cited by <!-- -->42')
    expect(cv).toContain('id="cv-talks"')
    expect(cv).toContain('Poetical Science')
    const resume = (await t.request('GET', '/resume.json')).body
    expect(resume.publications).toContainEqual({
      name: 'On the Analytical Engine',
      publisher: 'Proceedings of CHI 2026',
      releaseDate: '2026-05-04',
      url: 'https://doi.org/10.1145/3290605.3300233',
      summary: 'We build an **engine**.',
    })
    expect(resume.talks).toEqual([
      { name: 'Poetical Science', event: 'Engines Conf', date: '2026-03-01', location: 'Online' },
    ])
    const pdf = await t.app.handle(new Request('http://localhost/cv.pdf'))
    expect(pdf.status).toBe(200)
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('the sitemap lists the lists and each published publication', async () => {
    const xml = (await t.request('GET', '/sitemap.xml')).text
    expect(xml).toContain(`<loc>${SITE}/publications</loc>`)
    expect(xml).toContain(`<loc>${SITE}/publications/on-the-analytical-engine</loc>`)
    expect(xml).toContain(`<loc>${SITE}/talks</loc>`)
    expect(xml).toContain(`<loc>${SITE}/teaching</loc>`)
    expect(xml).not.toContain('a-draft-idea')
  })
})

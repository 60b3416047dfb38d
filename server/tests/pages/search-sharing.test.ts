/**
 * Search and sharing: what a project, and each fixed screen, says to search
 * engines and link previews when the owner sets it, read back from the
 * server's HTML (`<meta name="description">`, `og:image`, the canonical
 * link, `robots: noindex`) and the sitemap; what is made from the page when
 * nothing is set; bad input refused naming the field; a backup keeps it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { parseBackup, serializeBackup } from '../../backup/format'
import { readBackup } from '../../backup/snapshot'
import { createTestApp, sample, type TestApp } from '../support/harness'
import { readPage, stubDist } from '../support/rendered-page'

const SITE = 'https://ada.example'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist() })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

const sitemap = async () => (await t.request('GET', '/sitemap.xml')).text

describe('a project', () => {
  test('with nothing set: its own summary, its card, its own address, indexed', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Plain Engine'), is_published: true },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      seo_description: null,
      share_image: null,
      canonical_url: null,
      noindex: false,
    })
    const page = readPage((await t.request('GET', '/projects/plain-engine')).text)
    expect(page.meta.get('description')).toBe(sample.project('Plain Engine').description)
    expect(page.meta.get('og:image')).toStartWith(`${SITE}/og/projects/plain-engine.png?v=`)
    expect(page.canonical).toEqual([`${SITE}/projects/plain-engine`])
    expect(page.meta.has('robots')).toBe(false)
    expect(await sitemap()).toContain(`${SITE}/projects/plain-engine</loc>`)
  })

  test('with its own: the description, the share image, the canonical link and noindex; left out of the sitemap', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: {
        ...sample.project('Tuned Engine'),
        is_published: true,
        seo_description: '  What search engines should say about it.  ',
        share_image: '/media/share-card.png',
        canonical_url: 'https://blog.example.com/tuned-engine',
        noindex: true,
      },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      seo_description: 'What search engines should say about it.',
      share_image: '/media/share-card.png',
      canonical_url: 'https://blog.example.com/tuned-engine',
      noindex: true,
    })
    const page = readPage((await t.request('GET', '/projects/tuned-engine')).text)
    expect(page.meta.get('description')).toBe('What search engines should say about it.')
    expect(page.meta.get('og:description')).toBe('What search engines should say about it.')
    expect(page.meta.get('og:image')).toBe(`${SITE}/media/share-card.png`)
    expect(page.meta.get('twitter:image')).toBe(`${SITE}/media/share-card.png`)
    expect(page.canonical).toEqual(['https://blog.example.com/tuned-engine'])
    expect(page.meta.get('og:url')).toBe('https://blog.example.com/tuned-engine')
    expect(page.meta.get('robots')).toBe('noindex')
    expect(await sitemap()).not.toContain('tuned-engine')

    // Taken back: the page is made as before and listed again.
    const id = Number(created.body.id)
    const updated = await t.request('PUT', `/api/projects/${id}`, {
      token,
      body: { ...sample.project('Tuned Engine'), is_published: true },
    })
    expect(updated.status).toBe(200)
    const again = readPage((await t.request('GET', '/projects/tuned-engine')).text)
    expect(again.meta.has('robots')).toBe(false)
    expect(again.canonical).toEqual([`${SITE}/projects/tuned-engine`])
    expect(await sitemap()).toContain('tuned-engine')
  })

  test('bad values are a 400 naming the field, and nothing is stored', async () => {
    const before = (await t.request('GET', '/api/projects', { token })).list?.length
    const cases: [Record<string, unknown>, string][] = [
      [{ canonical_url: '/projects/elsewhere' }, 'canonical_url'],
      [{ canonical_url: 'javascript:alert(1)' }, 'canonical_url'],
      [{ share_image: 'javascript:alert(1)' }, 'share_image'],
      [{ seo_description: 'x'.repeat(301) }, 'seo_description'],
      [{ seo_description: 'two\nlines' }, 'seo_description'],
      [{ noindex: 'yes' }, 'noindex'],
    ]
    for (const [fields, field] of cases) {
      const r = await t.request('POST', '/api/projects', {
        token,
        body: { ...sample.project(`Bad ${field}`), ...fields },
      })
      expect(r.status, field).toBe(400)
      expect(JSON.stringify(r.body.fields ?? r.body), field).toContain(field)
    }
    expect((await t.request('GET', '/api/projects', { token })).list?.length).toBe(before)
  })
})

describe('a note and a page of the owner’s', () => {
  test('a note first published elsewhere names that address; a hidden page asks not to be listed', async () => {
    const note = await t.request('POST', '/api/notes', {
      token,
      body: {
        title: 'Cross Posted',
        summary: 'First on my old blog.',
        body: 'The text.',
        status: 'published',
        canonical_url: 'https://old-blog.example.com/cross-posted',
        share_image: '/media/note-card.png',
      },
    })
    expect(note.status).toBe(201)
    const notePage = readPage((await t.request('GET', '/notes/cross-posted')).text)
    expect(notePage.canonical).toEqual(['https://old-blog.example.com/cross-posted'])
    expect(notePage.meta.get('og:image')).toBe(`${SITE}/media/note-card.png`)
    expect(notePage.meta.get('description')).toBe('First on my old blog.')
    expect(notePage.meta.has('robots')).toBe(false)
    expect(await sitemap()).toContain(`${SITE}/notes/cross-posted</loc>`)

    const page = await t.request('POST', '/api/pages', {
      token,
      body: {
        title: 'Reading',
        body: 'Books I am reading.',
        status: 'published',
        seo_description: 'What I read this year.',
        noindex: true,
      },
    })
    expect(page.status).toBe(201)
    const pageHtml = readPage((await t.request('GET', '/reading')).text)
    expect(pageHtml.meta.get('robots')).toBe('noindex')
    expect(pageHtml.meta.get('description')).toBe('What I read this year.')
    expect(pageHtml.canonical).toEqual([`${SITE}/reading`])
    expect(await sitemap()).not.toContain(`${SITE}/reading</loc>`)
  })
})

describe('the fixed screens (Settings → Search & sharing)', () => {
  test('none set: every screen made from the site; the answer says so', async () => {
    const r = await t.request('GET', '/api/settings/seo')
    expect(r.status).toBe(200)
    for (const screen of ['home', 'projects', 'notes', 'cv']) {
      expect(r.body[screen]).toEqual({ seo_description: null, share_image: null, noindex: false })
    }
  })

  test('the home page and the CV take what is saved, at once; the sitemap leaves out a hidden one', async () => {
    const home = await t.request('PUT', '/api/settings/seo/home', {
      token,
      body: {
        seo_description: 'Ada builds engines.',
        share_image: '/media/ada.png',
        noindex: false,
      },
    })
    expect(home.status).toBe(200)
    expect(home.body.home).toEqual({
      seo_description: 'Ada builds engines.',
      share_image: '/media/ada.png',
      noindex: false,
    })
    const page = readPage((await t.request('GET', '/')).text)
    expect(page.meta.get('description')).toBe('Ada builds engines.')
    expect(page.meta.get('og:image')).toBe(`${SITE}/media/ada.png`)
    expect(page.meta.has('robots')).toBe(false)

    const cv = await t.request('PUT', '/api/settings/seo/cv', {
      token,
      body: { seo_description: null, share_image: null, noindex: true },
    })
    expect(cv.status).toBe(200)
    expect(readPage((await t.request('GET', '/cv')).text).meta.get('robots')).toBe('noindex')
    const map = await sitemap()
    expect(map).not.toContain(`${SITE}/cv</loc>`)
    expect(map).toContain(`${SITE}/</loc>`)
    // The projects list has nothing of its own: as made.
    const projects = readPage((await t.request('GET', '/projects')).text)
    expect(projects.meta.get('description')).toMatch(/designed, built and shipped\.$/)
  })

  test('refused: without a session, an unknown screen, a canonical address, a bad image', async () => {
    const body = { seo_description: 'x', share_image: null, noindex: false }
    expect((await t.request('PUT', '/api/settings/seo/home', { body })).status).toBe(401)
    const unknown = await t.request('PUT', '/api/settings/seo/contact', { token, body })
    expect(unknown.status).toBe(400)
    expect(JSON.stringify(unknown.body)).toContain('screen')
    const canonical = await t.request('PUT', '/api/settings/seo/home', {
      token,
      body: { ...body, canonical_url: 'https://elsewhere.example' },
    })
    expect(canonical.status).toBe(400)
    expect(JSON.stringify(canonical.body)).toContain('canonical_url')
    const image = await t.request('PUT', '/api/settings/seo/notes', {
      token,
      body: { ...body, share_image: 'data:image/png;base64,AAAA' },
    })
    expect(image.status).toBe(400)
    expect(JSON.stringify(image.body)).toContain('share_image')
  })

  test('a backup carries the screens’ settings and the projects’ own', async () => {
    const backup = parseBackup(serializeBackup(await readBackup(t.db, 'pglite', t.mediaStore)))
    expect(backup.tables.screen_seo).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ screen: 'home', seo_description: 'Ada builds engines.' }),
        expect.objectContaining({ screen: 'cv', noindex: true }),
      ]),
    )
    // A file written before search and sharing restores with none.
    const older = JSON.parse(serializeBackup(backup)) as { tables: Record<string, unknown> }
    delete older.tables.screen_seo
    expect(parseBackup(JSON.stringify(older)).tables.screen_seo).toEqual([])
  })
})

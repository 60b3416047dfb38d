/**
 * The owner's own pages (`/{slug}`) and the menus, on the API and in the
 * server's HTML: writing pages (validation, the site's own addresses
 * refused, former addresses), drafts seen by nobody but the admin, the
 * page in the rendered HTML, the sitemap and search, the Trash and
 * revisions; the menus' order and checks (bad ids and unknown pages
 * refused naming the field; the spec's three links kept), and the header
 * and footer drawing them.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { reservedPaths } from '../../../src/domain/reserved-paths'
import { pages } from '../../db/schema'
import { ADMIN, createTestApp, isRecord, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

const SITE = 'https://ada.example'

/** A client build as the server sees it: only its manifest matters to the renderer. */
function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-owner-pages-dist-${process.pid}`)
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

const usesPage = (extra: Record<string, unknown> = {}) => ({
  title: 'Uses',
  body: 'What I work with, **daily**.\n\n<script>alert(1)</script>',
  layout: 'list',
  items: [
    { title: 'Keyboard', url: 'https://keys.example/k1', note: 'Brown switches.' },
    { title: 'Editor', url: '', note: '' },
  ],
  status: 'published',
  ...extra,
})

async function create(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/pages', { token, body })
  expect(r.status).toBe(201)
  return r.body
}

/** The spec's three header links, as a menu's entries. */
const required = [
  { type: 'screen', screen: 'home' },
  { type: 'screen', screen: 'projects' },
  { type: 'screen', screen: 'contact' },
]

/** The `<nav aria-label="Main">` of a rendered page. */
const mainNav = (html: string) => /<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''

describe('pages on the API', () => {
  test('a page is created at its address, its Markdown rendered and sanitised, its items kept', async () => {
    const page = await create(usesPage())
    expect(page).toMatchObject({
      slug: 'uses',
      title: 'Uses',
      layout: 'list',
      status: 'published',
      items: [
        { title: 'Keyboard', url: 'https://keys.example/k1', note: 'Brown switches.' },
        { title: 'Editor', url: null, note: '' },
      ],
    })
    expect(String(page.body_html)).toContain('<strong>daily</strong>')
    expect(String(page.body_html)).not.toContain('<script')
    expect(page.description).toBe('What I work with, daily.')
    const read = await t.request('GET', '/api/pages/uses')
    expect(read.status).toBe(200)
    expect(read.body.title).toBe('Uses')
  })

  test('bad input is a 400 naming the fields', async () => {
    const r = await t.request('POST', '/api/pages', {
      token,
      body: {
        title: ' ',
        layout: 'grid',
        status: 'later',
        items: [{ title: '', url: 'javascript:x' }],
      },
    })
    expect(r.status).toBe(400)
    expect(typeof r.body.error).toBe('string')
    expect(Object.keys(r.body.fields as object).sort()).toEqual(
      ['items.0.title', 'items.0.url', 'layout', 'status', 'title'].sort(),
    )
  })

  test('writes need the bearer token', async () => {
    expect((await t.request('POST', '/api/pages', { body: usesPage() })).status).toBe(401)
    expect((await t.request('PUT', '/api/pages/1', { body: usesPage() })).status).toBe(401)
    expect((await t.request('DELETE', '/api/pages/1')).status).toBe(401)
  })

  test.each(['projects', 'contact-me', 'login', 'admin', 'notes', 'api', 'healthz'])(
    'the address /%s is the site’s own: refused with a sentence, nothing stored',
    async (slug) => {
      const before = await t.db.select({ id: pages.id }).from(pages)
      const chosen = await t.request('POST', '/api/pages', {
        token,
        body: usesPage({ title: 'Mine', slug }),
      })
      expect(chosen.status).toBe(400)
      expect(chosen.body.fields).toEqual({
        slug: [`Address "/${slug}" belongs to the site itself: choose another.`],
      })
      expect(await t.db.select({ id: pages.id }).from(pages)).toEqual(before)
    },
  )

  test('a title whose address the site owns is refused too, and so is a rename onto one', async () => {
    const byTitle = await t.request('POST', '/api/pages', {
      token,
      body: usesPage({ title: 'Projects' }),
    })
    expect(byTitle.status).toBe(400)
    expect(Object.keys(byTitle.body.fields as object)).toEqual(['slug'])
    const page = await create(usesPage({ title: 'Speaking', items: [] }))
    const onto = await t.request('PUT', `/api/pages/${page.id}`, {
      token,
      body: usesPage({ title: 'Speaking', slug: 'login' }),
    })
    expect(onto.status).toBe(400)
    expect((await t.request('GET', '/api/pages/speaking')).status).toBe(200)
  })

  test('every reserved address answers 404 as a page, whatever is stored', async () => {
    for (const slug of reservedPaths) {
      expect((await t.request('GET', `/api/pages/${encodeURIComponent(slug)}`)).status).toBe(404)
    }
  })

  test('a draft is the admin’s only: not on the API, not rendered, not in the sitemap or search', async () => {
    const draft = await create(
      usesPage({ title: 'Now', body: 'Currently: quizzicality.', status: 'draft', items: [] }),
    )
    expect((await t.request('GET', '/api/pages/now')).status).toBe(404)
    const signedIn = await t.request('GET', '/api/pages/now', { token })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.id).toBe(draft.id)
    const list = (await t.request('GET', '/api/pages')).list
    expect(list.map((item) => (isRecord(item) ? item.slug : null))).not.toContain('now')
    expect((await t.request('GET', '/now')).status).toBe(404)
    expect((await t.request('GET', '/sitemap.xml')).text).not.toContain(`${SITE}/now<`)
    expect((await t.request('GET', '/api/search?q=quizzicality')).body.results).toEqual([])
    // Published: everywhere.
    await t.request('PUT', `/api/pages/${draft.id}`, {
      token,
      body: usesPage({ title: 'Now', body: 'Currently: quizzicality.', items: [] }),
    })
    expect((await t.request('GET', '/now')).status).toBe(200)
    expect((await t.request('GET', '/sitemap.xml')).text).toContain(`<loc>${SITE}/now</loc>`)
    expect((await t.request('GET', '/api/search?q=quizzicality')).body.results).toMatchObject([
      { kind: 'page', title: 'Now', url: '/now' },
    ])
  })

  test('the server’s HTML holds the page: title, body, the list with its links and notes', async () => {
    const r = await t.request('GET', '/uses')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('text/html')
    expect(r.text).toContain('<h1 id="page-title"')
    expect(r.text).toContain('<strong>daily</strong>')
    expect(r.text).toContain('href="https://keys.example/k1"')
    expect(r.text).toContain('Brown switches.')
    expect(r.text).toContain(`<link rel="canonical" href="${SITE}/uses"/>`)
    // The source travels escaped in the page's data; the page itself holds the sanitised HTML.
    expect(r.text).not.toContain('<script>alert(1)')
  })

  test.each(['editorial', 'bold', 'minimal'])(
    'rendered on the server in the %s style',
    async (style) => {
      expect((await t.request('PUT', '/api/appearance', { token, body: { style } })).status).toBe(
        200,
      )
      const r = await t.request('GET', '/uses')
      expect(r.status).toBe(200)
      expect(r.text).toContain(`data-style="${style}"`)
      expect(r.text).toContain('Brown switches.')
    },
  )

  test('an unknown address stays a 404; a fixed route still answers as before', async () => {
    expect((await t.request('GET', '/no-such-page')).status).toBe(404)
    expect((await t.request('GET', '/projects')).status).toBe(200)
    expect((await t.request('GET', '/contact-me')).status).toBe(200)
  })

  test('a former address answers 301 to the new one', async () => {
    const page = await create(usesPage({ title: 'Reading', items: [] }))
    await t.request('PUT', `/api/pages/${page.id}`, {
      token,
      body: usesPage({ title: 'Reading', slug: 'books', items: [] }),
    })
    const old = await t.request('GET', '/reading')
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe('/books')
    expect((await t.request('GET', '/api/pages/reading')).body.slug).toBe('books')
  })

  test('a save keeps the version before it; a restore brings it back', async () => {
    const page = await create(usesPage({ title: 'Gear', body: 'First words.', items: [] }))
    await t.request('PUT', `/api/pages/${page.id}`, {
      token,
      body: usesPage({ title: 'Gear', body: 'Second words.', items: [] }),
    })
    const revisions = (await t.request('GET', `/api/pages/${page.id}/revisions`, { token })).list
    expect(revisions).toMatchObject([
      { changes: [{ field: 'body', before: 'First words.', after: 'Second words.' }] },
    ])
    const rev = isRecord(revisions[0]) ? revisions[0].id : 0
    const restored = await t.request('POST', `/api/pages/${page.id}/revisions/${rev}/restore`, {
      token,
    })
    expect(restored.status).toBe(200)
    expect(restored.body.body).toBe('First words.')
  })

  test('a delete moves it to the Trash (404, its address held); a restore brings it back', async () => {
    const page = await create(usesPage({ title: 'Colophon', items: [] }))
    expect((await t.request('DELETE', `/api/pages/${page.id}`, { token })).status).toBe(204)
    expect((await t.request('GET', '/colophon')).status).toBe(404)
    const trash = (await t.request('GET', '/api/trash', { token })).list
    expect(trash).toContainEqual(
      expect.objectContaining({ kind: 'page', id: page.id, title: 'Colophon' }),
    )
    const again = await create(usesPage({ title: 'Colophon', items: [] }))
    expect(again.slug).toBe('colophon-2')
    const back = await t.request('POST', `/api/trash/page/${page.id}/restore`, { token })
    expect(back.status).toBe(200)
    expect((await t.request('GET', '/colophon')).status).toBe(200)
  })
})

describe('the menus', () => {
  test('before any change: the spec’s three links, in their words', async () => {
    const nav = await t.request('GET', '/api/navigation', { token })
    expect(nav.status).toBe(200)
    expect(nav.body.header).toMatchObject([
      { type: 'screen', screen: 'home' },
      { type: 'screen', screen: 'projects' },
      { type: 'screen', screen: 'contact' },
      { type: 'screen', screen: 'notes' },
      { type: 'screen', screen: 'publications' },
      { type: 'screen', screen: 'talks' },
      { type: 'screen', screen: 'teaching' },
    ])
    expect(nav.body.footer).toEqual([])
    const html = mainNav((await t.request('GET', '/')).text)
    expect(html).toContain('>Home</a>')
    expect(html).toContain('>Projects</a>')
    expect(html).toContain('>Contact</a>')
    expect(html).not.toContain('<details')
  })

  test('reading and writing need the bearer token', async () => {
    expect((await t.request('GET', '/api/navigation')).status).toBe(401)
    expect((await t.request('PUT', '/api/navigation', { body: { header: [] } })).status).toBe(401)
  })

  test.each([
    ['an unknown screen', [...required, { type: 'screen', screen: 'shop' }], 'header.3.screen'],
    ['an unknown page id', [...required, { type: 'page', page_id: 99_999 }], 'header.3.page_id'],
    [
      'a page id that is no number',
      [...required, { type: 'page', page_id: 'x' }],
      'header.3.page_id',
    ],
    ['an unknown type', [...required, { type: 'feed' }], 'header.3.type'],
    [
      'a link that is no web address',
      [...required, { type: 'link', url: 'javascript:alert(1)', label: 'X' }],
      'header.3.url',
    ],
    ['Home left out', required.slice(1), 'header'],
    [
      'Contact hidden',
      [required[0], required[1], { ...required[2], visible: false }],
      'header.2.visible',
    ],
    [
      'Projects renamed',
      [required[0], { ...required[1], label: 'Work' }, required[2]],
      'header.1.label',
    ],
    ['a screen twice', [...required, required[0]], 'header.3.screen'],
  ])('%s is refused with a 400 naming the field, nothing stored', async (_what, header, field) => {
    const before = await t.request('GET', '/api/navigation', { token })
    const r = await t.request('PUT', '/api/navigation', { token, body: { header, footer: [] } })
    expect(r.status).toBe(400)
    expect(typeof r.body.error).toBe('string')
    expect(Object.keys(r.body.fields as object)).toEqual([field])
    expect((await t.request('GET', '/api/navigation', { token })).body).toEqual(before.body)
  })

  test('the owner’s order, pages and outside links: drawn in the header and the footer', async () => {
    const uses = await t.request('GET', '/api/pages/uses')
    const now = await t.request('GET', '/api/pages/now')
    const saved = await t.request('PUT', '/api/navigation', {
      token,
      body: {
        header: [
          required[0],
          { type: 'page', page_id: uses.body.id, label: 'My setup' },
          required[1],
          { type: 'screen', screen: 'cv', visible: false },
          required[2],
          { type: 'page', page_id: now.body.id },
          { type: 'link', url: 'https://github.example/ada', label: 'Code' },
        ],
        footer: [{ type: 'screen', screen: 'privacy' }],
      },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.header).toHaveLength(7)
    const home = (await t.request('GET', '/')).text
    const nav = mainNav(home)
    const labels = [...nav.matchAll(/<a [^>]*>([^<]+)/g)].map((match) => match[1])
    // The row, then the folded copy (more than four links).
    expect(labels.slice(0, 6)).toEqual(['Home', 'My setup', 'Projects', 'Contact', 'Now', 'Code'])
    expect(nav).toContain('href="/uses"')
    expect(nav).not.toContain('href="/cv"')
    expect(nav).toMatch(
      /href="https:\/\/github.example\/ada" target="_blank" rel="noopener noreferrer"/,
    )
    expect(nav).toContain('(opens in a new tab)')
    expect(nav).toContain('<details')
    expect(nav).toContain('<summary')
    expect(home).toMatch(/<nav aria-label="Footer"[\s\S]*?href="\/privacy"/)
  })

  test('a page in the Trash or back to a draft leaves the menu; the stored menu keeps its place', async () => {
    const now = await t.request('GET', '/api/pages/now')
    await t.request('PUT', `/api/pages/${now.body.id}`, {
      token,
      body: usesPage({
        title: 'Now',
        body: 'Currently: quizzicality.',
        items: [],
        status: 'draft',
      }),
    })
    expect(mainNav((await t.request('GET', '/')).text)).not.toContain('href="/now"')
    const stored = (await t.request('GET', '/api/navigation', { token })).body.header as unknown[]
    expect(stored).toContainEqual(expect.objectContaining({ type: 'page', page_id: now.body.id }))
  })
})

describe('backups', () => {
  test('pages, their addresses and the menus are in the file and come back with a restore', async () => {
    const file = (await t.request('GET', '/api/backup', { token })).body
    const tables = file.tables as Record<string, unknown[]>
    expect(tables.pages?.length).toBeGreaterThan(3)
    expect(tables.pages?.[0]).not.toHaveProperty('search')
    expect(tables.page_slugs).toContainEqual(expect.objectContaining({ slug: 'reading' }))
    expect(tables.navigation).toHaveLength(1)
    const uses = await t.request('GET', '/api/pages/uses')
    await t.request('DELETE', `/api/pages/${uses.body.id}`, { token })
    await t.request('PUT', '/api/navigation', {
      token,
      body: { header: required, footer: [] },
    })
    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: file },
    })
    expect(restored.status).toBe(200)
    const html = (await t.request('GET', '/uses')).text
    expect(html).toContain('<h1 id="page-title"')
    expect(mainNav(html)).toContain('>My setup</a>')
    expect(html).toMatch(/<nav aria-label="Footer"/)
  })

  test('a file written before pages and menus (version 8) restores with none', async () => {
    token = await t.login()
    const file = (await t.request('GET', '/api/backup', { token })).body
    const {
      pages: _p,
      page_slugs: _s,
      navigation: _n,
      ...older
    } = file.tables as Record<string, unknown>
    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: { ...file, version: 8, tables: older } },
    })
    expect(restored.status).toBe(200)
    expect((await t.request('GET', '/uses')).status).toBe(404)
    expect(mainNav((await t.request('GET', '/')).text)).not.toContain('My setup')
  })
})

/**
 * The CMS on the pages the server renders and caches: a draft is absent
 * from every public page and file (project page 404, /projects, the home
 * page's featured list, the sitemap, JSON-LD), even after the admin asked for
 * it with a token (nothing the admin sees is kept for visitors); the
 * project page shows role, period, the website and repository buttons,
 * every image and the next project; /projects?tag= filters, any case; the
 * home page's featured list follows the manual order; a short description
 * left empty (a restored backup) reads as the long description's start.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { writeContent } from '../../db/content-version'
import { projects } from '../../db/schema'
import { DESCRIPTION_FALLBACK_LENGTH } from '../../services/projects'
import { createTestApp, sample, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const SITE = 'https://ada.example'

function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-cms-pages-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-e1.js', isEntry: true } }),
  )
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>')
  return dir
}

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist(), cache: true })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

/** The page's visible text (no tags, no scripts): what a visitor reads. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

async function create(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/projects', { token, body })
  expect(r.status).toBe(201)
  return { id: r.id, slug: String(r.body.slug) }
}

describe('a draft on the public site', () => {
  let draft: { id: number; slug: string }

  beforeAll(async () => {
    await create({ ...sample.project('Open Work'), is_featured: true, tags: ['React'] })
    draft = await create({
      ...sample.project('Hush Draft'),
      is_featured: true,
      is_published: false,
      tags: ['React'],
      image_urls: ['/draft-cover.png'],
    })
  })

  test('no public page, file or read shows it, even after the admin asked for each with the token', async () => {
    const doors = [
      '/',
      '/projects',
      '/projects?tag=react',
      `/projects/${draft.slug}`,
      '/sitemap.xml',
      '/api/projects',
      `/api/projects/${draft.slug}`,
      '/trpc/projects.list',
      '/trpc/projects.featured',
      `/trpc/projects.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: draft.slug }))}`,
      `/trpc/projects.byId?input=${encodeURIComponent(JSON.stringify({ id: draft.id }))}`,
    ]
    // The admin first: a cache that kept what the admin saw would hand it to visitors next.
    for (const path of doors) await t.request('GET', path, { token })
    for (const round of ['first', 'cached']) {
      for (const path of doors) {
        const r = await t.request('GET', path)
        const label = `${round} ${path}`
        expect(r.text, label).not.toContain('Hush Draft')
        // Its own addresses hold the slug; nothing else may.
        if (!path.includes(draft.slug)) expect(r.text, label).not.toContain(draft.slug)
        expect(r.text, label).not.toContain('draft-cover.png')
      }
    }
    const page = await t.request('GET', `/projects/${draft.slug}`)
    expect(page.status).toBe(404)
    expect(visibleText(page.text)).toContain('Page Not Found.')
    // The page never reads the token: the admin's full page load is the same 404 (the
    // browser then asks the API with the token: the Playwright journey shows the preview).
    const admin = await t.request('GET', `/projects/${draft.slug}`, { token })
    expect(admin.status).toBe(404)
    expect(admin.text).not.toContain('Hush Draft')
  })

  test('the home page features the published project only; the sitemap lists it only', async () => {
    const home = visibleText((await t.request('GET', '/')).text)
    expect(home).toContain('Featured Projects.')
    expect(home).toContain('Open Work')
    const sitemap = (await t.request('GET', '/sitemap.xml')).text
    expect(sitemap).toContain(`${SITE}/projects/open-work`)
    expect(sitemap).not.toContain('hush-draft')
  })

  test('once published it shows everywhere at once; unpublished it is gone again', async () => {
    const body = { ...sample.project('Hush Draft'), is_featured: true, tags: ['React'] }
    await t.request('PUT', `/api/projects/${draft.id}`, {
      token,
      body: { ...body, is_published: true },
    })
    const page = await t.request('GET', `/projects/${draft.slug}`)
    expect(page.status).toBe(200)
    expect(visibleText(page.text)).not.toContain('Draft — not public')
    for (const path of ['/', '/projects', '/projects?tag=REACT', '/sitemap.xml']) {
      expect((await t.request('GET', path)).text, path).toContain('hush-draft')
    }
    await t.request('PUT', `/api/projects/${draft.id}`, {
      token,
      body: { ...body, is_published: false },
    })
    expect((await t.request('GET', `/projects/${draft.slug}`)).status).toBe(404)
    for (const path of ['/', '/projects', '/sitemap.xml']) {
      expect((await t.request('GET', path)).text, path).not.toContain('hush-draft')
    }
  })
})

describe('a case study', () => {
  test('role, period, website and repository buttons, every image, and the next project', async () => {
    const last = await create(sample.project('Zeta Last'))
    const study = await create({
      ...sample.project('Case Study Page'),
      website_url: 'https://case.example/app',
      repo_url: 'https://github.com/ada/case-study',
      role: 'Lead developer',
      period: 'Spring 2024',
      image_urls: ['/one.png', '/two.png', '/three.png'],
    })
    const html = (await t.request('GET', `/projects/${study.slug}`)).text
    const text = visibleText(html)
    expect(text).toContain('Role Lead developer')
    expect(text).toContain('Period Spring 2024')
    expect(text).toContain('Visit Website.')
    expect(text).toContain('Source Code.')
    expect(html).toMatch(
      /<a href="https:\/\/case\.example\/app" target="_blank" rel="noopener noreferrer"/,
    )
    expect(html).toMatch(
      /<a href="https:\/\/github\.com\/ada\/case-study" target="_blank" rel="noopener noreferrer"/,
    )
    // The cover, then the others in a gallery: each a link to the image, its alt text its name.
    expect(html).toMatch(
      /<img[^>]*src="\/one\.png"[^>]*alt="Screenshot of Case Study Page"|<img[^>]*alt="Screenshot of Case Study Page"[^>]*src="\/one\.png"/,
    )
    expect(text).toContain('Gallery.')
    for (const [n, src] of [
      [2, '/two.png'],
      [3, '/three.png'],
    ] as const) {
      expect(html).toContain(`<a href="${src}"`)
      expect(html).toContain(`alt="Screenshot ${n} of Case Study Page"`)
    }
    // The list's order is newest first: after this one comes "Zeta Last"… then around again.
    expect(text).toContain('Next project: Zeta Last')
    expect(html).toContain(`href="/projects/${last.slug}"`)
  })

  test('no repository, no role or period, one image: none of those sections', async () => {
    const plain = await create({ ...sample.project('Plain Page'), image_urls: ['/only.png'] })
    const text = visibleText((await t.request('GET', `/projects/${plain.slug}`)).text)
    for (const absent of ['Source Code.', 'Gallery.', 'Role', 'Period', 'Visit Website.']) {
      expect(text).not.toContain(absent)
    }
  })
})

describe('the image a visitor sees first is fetched first', () => {
  /** Each `<img>` of the page, and each `<link rel="preload">` the head carries. */
  const imgs = (html: string) => html.match(/<img [^>]*>/g) ?? []
  const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? []

  test('a card or page whose image has a generated cover behind it: the image high, the hidden cover never preloaded', async () => {
    const shown = await create({
      ...sample.project('First Seen'),
      tags: ['FirstSeen'],
      image_urls: ['/first-seen.png'],
    })
    for (const path of ['/projects?tag=FirstSeen', `/projects/${shown.slug}`]) {
      const html = (await t.request('GET', path)).text
      const image = imgs(html).find((img) => img.includes('src="/first-seen.png"'))
      expect(image).toContain('fetchPriority="high"')
      expect(image).not.toContain('loading="lazy"')
      // The cover is only there for the island loader, should the image fail: inert,
      // lazy, and not in the head, where it would be fetched ahead of the image.
      const cover = imgs(html).find((img) => img.includes(`/covers/projects/${shown.slug}.svg`))
      expect(cover).toContain('loading="lazy"')
      expect(cover).not.toContain('fetchPriority="high"')
      expect(preloads(html).filter((link) => link.includes('/covers/'))).toEqual([])
    }
  })

  test('the first card without an image: its generated cover is fetched first, the others lazily', async () => {
    await create({ ...sample.project('Cover Second'), tags: ['CoverOnly'] })
    await create({ ...sample.project('Cover First'), tags: ['CoverOnly'] })
    const covers = imgs((await t.request('GET', '/projects?tag=CoverOnly')).text).filter((img) =>
      img.includes('/covers/projects/'),
    )
    expect(covers).toHaveLength(2)
    expect(covers[0]).toContain('fetchPriority="high"')
    expect(covers[0]).not.toContain('loading="lazy"')
    expect(covers[1]).toContain('loading="lazy"')
  })
})

describe('/projects?tag=', () => {
  test('lists only the projects with the tag, in any case; shows the tag and a way back', async () => {
    await create({ ...sample.project('Tagged Vue'), tags: ['Vue', 'TypeScript'] })
    await create({ ...sample.project('Tagged Rust'), tags: ['rust'] })
    for (const tag of ['vue', 'VUE', 'Vue']) {
      const text = visibleText((await t.request('GET', `/projects?tag=${tag}`)).text)
      expect(text, tag).toContain('Tagged Vue')
      expect(text, tag).not.toContain('Tagged Rust')
      expect(text, tag).toContain(`Tagged ${tag}`)
      expect(text, tag).toContain('Show all projects')
    }
    const rust = visibleText((await t.request('GET', '/projects?tag=Rust')).text)
    expect(rust).toContain('Tagged Rust')
    expect(rust).not.toContain('Tagged Vue')
    const none = await t.request('GET', '/projects?tag=Haskell')
    expect(none.status).toBe(200)
    expect(visibleText(none.text)).toContain('No projects are tagged Haskell.')
    // Without the tag, all of them and no filter line.
    const all = visibleText((await t.request('GET', '/projects')).text)
    expect(all).toContain('Tagged Vue')
    expect(all).toContain('Tagged Rust')
    expect(all).not.toContain('Show all projects')
  })

  test('tag chips on cards and on the project page link to the filtered list', async () => {
    const html = (await t.request('GET', '/projects')).text
    expect(html).toContain('href="/projects?tag=TypeScript"')
    const page = (await t.request('GET', '/projects/tagged-vue')).text
    expect(page).toContain('href="/projects?tag=Vue"')
  })

  test('markup in a tag stays text', async () => {
    await create({ ...sample.project('Tag Markup'), tags: ['<b>x</b>'] })
    const r = await t.request(
      'GET',
      `/projects?tag=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    )
    expect(r.status).toBe(200)
    expect(r.text).not.toContain('<img src=x')
    expect(visibleText(r.text)).toContain('No projects are tagged')
  })
})

/** The page's `<meta>` tags by name or property, entities decoded. */
function metaTags(html: string): Map<string, string> {
  const meta = new Map<string, string>()
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /(?:name|property)="([^"]*)"/.exec(tag)?.[1]
    const content = /content="([^"]*)"/.exec(tag)?.[1]
    if (key && content !== undefined) {
      meta.set(
        key,
        content
          .replace(/&#x27;|&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      )
    }
  }
  return meta
}

describe('the home page’s featured list', () => {
  test('follows the manual order, not the order of creation', async () => {
    const names = ['Feat One', 'Feat Two', 'Feat Three']
    const made: { id: number; slug: string }[] = []
    for (const name of names)
      made.push(await create({ ...sample.project(name), is_featured: true }))
    const [one, two, three] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]]
    const featured = async () => {
      const html = (await t.request('GET', '/')).text
      const text = visibleText(html.slice(html.indexOf('Featured Projects.')))
      return names
        .map((name) => ({ name, at: text.indexOf(name) }))
        .filter(({ at }) => at >= 0)
        .sort((a, b) => a.at - b.at)
        .map(({ name }) => name)
    }
    // Newest first until reordered.
    expect(await featured()).toEqual(['Feat Three', 'Feat Two', 'Feat One'])
    // A new order naming every project (drafts too): Two, One, Three first, the rest after.
    const all = (await t.request('GET', '/api/projects', { token })).list as { id: number }[]
    const mine = [two.id, one.id, three.id]
    const ids = [...mine, ...all.map((row) => row.id).filter((id) => !mine.includes(id))]
    const order = await t.request('PUT', '/api/projects/order', { token, body: { ids } })
    expect(order.status).toBe(204)
    expect(await featured()).toEqual(['Feat Two', 'Feat One', 'Feat Three'])
  })
})

describe('a short description left empty', () => {
  test('reads as the start of the long description: API, page, meta and JSON-LD', async () => {
    const long = `## Why\n\nA **tool** for [riders](https://example.com) that plans <kbd>routes</kbd> and shares them. ${'More words follow here. '.repeat(20)}`
    const made = await create({ ...sample.project('Quiet Lead'), long_description: long })
    // The API refuses an empty one; a restored backup or the database can hold it.
    await writeContent(t.db, (tx) =>
      tx.update(projects).set({ description: '' }).where(eq(projects.id, made.id)),
    )
    const api = await t.request('GET', `/api/projects/${made.slug}`)
    const description = String(api.body.description)
    expect(description.startsWith('Why A tool for riders that plans routes and shares them.')).toBe(
      true,
    )
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_FALLBACK_LENGTH)
    expect(description.endsWith('…')).toBe(true)
    expect(description.endsWith(' …')).toBe(false)

    const html = (await t.request('GET', `/projects/${made.slug}`)).text
    const meta = metaTags(html)
    expect(meta.get('description')).toBe(description)
    expect(meta.get('og:description')).toBe(description)
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1] ?? '{}') as { '@type'?: string; description?: string })
      .find((data) => data['@type'] === 'CreativeWork')
    expect(jsonLd?.description).toBe(description)
  })

  test('a short description that is there is used as it is', async () => {
    const made = await create({ ...sample.project('Loud Lead'), description: 'Its own words.' })
    expect((await t.request('GET', `/api/projects/${made.slug}`)).body.description).toBe(
      'Its own words.',
    )
  })
})

/**
 * Server-rendered pages as a crawler or a link-preview bot sees them: one
 * GET, no JavaScript. Each public page carries its main text, its meta tags
 * (title, description, canonical, Open Graph, Twitter card) and JSON-LD;
 * unknown paths and slugs answer 404 (an item in the Trash 410), a failed
 * load 500; the admin stays client-rendered.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, isRecord, type TestApp } from '../support/harness'
import { jsonLdOfType, readPage, stubDist } from '../support/rendered-page'

import { type RenderedSite, renderedSite, SITE } from '../support/rendered-site'

let t: TestApp
let token: string
let project: RenderedSite['project']

beforeAll(async () => {
  ;({ t, token, project } = await renderedSite())
}, 30_000)
afterAll(() => t.close())

describe('each public page arrives rendered, with its meta tags', () => {
  test('home: the owner, the timeline and the featured projects; Person JSON-LD', async () => {
    const response = await t.request('GET', '/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.text).toStartWith('<!DOCTYPE html><html lang="en" data-style="minimal">')
    const page = readPage(response.text)

    expect(page.text).toContain("Hi, I'm Ada Lovelace!")
    expect(page.text).toContain("I'm a Computer Science major at Test University.")
    expect(page.text).toContain('Analytical Society')
    expect(page.text).toContain('Notes on the engine')
    expect(page.text).toContain('Featured Projects.')
    expect(page.text).toContain('Difference Engine')
    expect(page.text).toContain('© ')
    expect(page.text).not.toContain('Gathering data…')

    expect(page.title).toBe('Ada Lovelace · Portfolio')
    const description = page.meta.get('description') ?? ''
    expect(description).toStartWith("Hi, I'm Ada Lovelace!")
    expect(page.canonical).toEqual([`${SITE}/`])
    expect(page.meta.get('og:title')).toBe('Ada Lovelace')
    expect(page.meta.get('og:description')).toBe(description)
    expect(page.meta.get('og:url')).toBe(`${SITE}/`)
    // The generated card (server/http/surfaces/og.ts), versioned by what it shows.
    const card = page.meta.get('og:image') ?? ''
    expect(card).toMatch(new RegExp(`^${SITE}/og/home\\.png\\?v=[0-9a-f]{8}$`))
    expect(page.meta.get('og:image:type')).toBe('image/png')
    expect(page.meta.get('og:image:width')).toBe('1200')
    expect(page.meta.get('og:image:height')).toBe('630')
    expect(page.meta.get('og:image:alt')).toBe("Ada Lovelace: Hi, I'm Ada Lovelace!")
    expect(page.meta.get('og:type')).toBe('profile')
    expect(page.meta.get('twitter:card')).toBe('summary_large_image')
    expect(page.meta.get('twitter:title')).toBe('Ada Lovelace')
    expect(page.meta.get('twitter:description')).toBe(description)
    expect(page.meta.get('twitter:image')).toBe(card)
    // The card the tag names is there.
    const image = await t.app.handle(new Request(card.replace(SITE, 'http://localhost')))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')

    const profilePage = jsonLdOfType(page, 'ProfilePage')
    expect(profilePage).toMatchObject({
      '@context': 'https://schema.org',
      url: `${SITE}/`,
      mainEntity: {
        '@type': 'Person',
        name: 'Ada Lovelace',
        url: `${SITE}/`,
        image: `${SITE}/profile.svg`,
        sameAs: ['https://www.linkedin.com/in/ada', 'https://github.com/ada'],
      },
      primaryImageOfPage: { '@type': 'ImageObject', url: card, width: 1200, height: 630 },
    })
  })

  test('the search page may be indexed; a page of results is not', async () => {
    const page = await t.request('GET', '/search')
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('name="robots"')
    const results = await t.request('GET', '/search?q=engine')
    expect(results.status).toBe(200)
    expect(results.text).toContain('<meta name="robots" content="noindex"/>')
  })

  test('a note: BlogPosting JSON-LD (headline, dates, author from the profile, url, cover); gone once deleted', async () => {
    const note = {
      summary: 'How the engine weaves algebraic patterns.',
      body: 'The engine *weaves* patterns.',
      tags: ['Engines'],
      status: 'published',
    }
    const covered = await t.request('POST', '/api/notes', {
      token,
      body: { ...note, title: 'Weaving Patterns', cover_url: '/img/loom.png' },
    })
    expect(covered.status).toBe(201)
    const response = await t.request('GET', '/notes/weaving-patterns')
    expect(response.status).toBe(200)
    const page = readPage(response.text)
    expect(page.text).toContain('The engine weaves patterns.')
    const url = `${SITE}/notes/weaving-patterns`
    expect(page.canonical).toEqual([url])
    const card = page.meta.get('og:image') ?? ''
    expect(card).toMatch(new RegExp(`^${SITE}/og/notes/weaving-patterns\\.png\\?v=[0-9a-f]{8}$`))
    const posting = jsonLdOfType(page, 'BlogPosting')
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      headline: 'Weaving Patterns',
      description: 'How the engine weaves algebraic patterns.',
      url,
      mainEntityOfPage: url,
      datePublished: covered.body.published_at,
      dateModified: covered.body.updated_at,
      keywords: 'Engines',
      author: { '@type': 'Person', name: 'Ada Lovelace', url: `${SITE}/` },
      image: [
        { '@type': 'ImageObject', url: card, width: 1200, height: 630 },
        `${SITE}/img/loom.png`,
      ],
    })
    expect(Date.parse(String(posting.datePublished))).not.toBeNaN()

    // Without a cover: the card alone.
    await t.request('POST', '/api/notes', { token, body: { ...note, title: 'Plain Note' } })
    const plain = jsonLdOfType(
      readPage((await t.request('GET', '/notes/plain-note')).text),
      'BlogPosting',
    )
    expect(plain.image).toEqual([expect.objectContaining({ '@type': 'ImageObject' })])

    // Deleted (to the Trash): the not-found page without JSON-LD, answered 410 Gone (a site it
    // mentioned removes the mention: docs/social-web.md).
    await t.request('DELETE', `/api/notes/${covered.body.id}`, { token })
    const gone = await t.request('GET', '/notes/weaving-patterns')
    expect(gone.status).toBe(410)
    expect(readPage(gone.text).text).toContain('Page Not Found.')
    expect(
      readPage(gone.text).jsonLd.some((item) => isRecord(item) && item['@type'] === 'BlogPosting'),
    ).toBe(false)
  })

  test('projects: every project card; the page’s own meta tags', async () => {
    const response = await t.request('GET', '/projects')
    expect(response.status).toBe(200)
    const page = readPage(response.text)
    expect(page.text).toContain('My Projects.')
    expect(page.text).toContain('Difference Engine')
    expect(page.text).toContain('A mechanical calculator for polynomial tables.')
    expect(page.title).toBe('My Projects · Portfolio')
    expect(page.canonical).toEqual([`${SITE}/projects`])
    expect(page.meta.get('description')).toContain('Ada Lovelace')
    expect(page.meta.get('og:url')).toBe(`${SITE}/projects`)
    expect(page.meta.get('og:title')).toBe('Projects by Ada Lovelace')
    expect(page.meta.get('og:image')).toMatch(/^https:\/\/ada\.example\/og\/projects\.png\?v=/)
    expect(page.meta.get('twitter:card')).toBe('summary_large_image')
    expect(jsonLdOfType(page, 'CollectionPage')).toMatchObject({
      url: `${SITE}/projects`,
      primaryImageOfPage: { url: page.meta.get('og:image') },
    })
  })

  test('a project: title, short description and first image in the tags; CreativeWork JSON-LD', async () => {
    const response = await t.request('GET', `/projects/${project.slug}`)
    expect(response.status).toBe(200)
    const page = readPage(response.text)
    expect(page.text).toContain('Difference Engine')
    expect(page.text).toContain('Tech Stack.')
    expect(page.text).toContain('Built from brass gears, it tabulates polynomials')
    expect(page.text).toContain('Visit Website.')

    const url = `${SITE}/projects/${project.slug}`
    expect(page.title).toBe('Difference Engine · Projects')
    expect(page.meta.get('description')).toBe('A mechanical calculator for polynomial tables.')
    expect(page.canonical).toEqual([url])
    expect(page.meta.get('og:title')).toBe('Difference Engine')
    expect(page.meta.get('og:description')).toBe('A mechanical calculator for polynomial tables.')
    expect(page.meta.get('og:url')).toBe(url)
    const card = page.meta.get('og:image') ?? ''
    expect(card).toMatch(new RegExp(`^${SITE}/og/projects/${project.slug}\\.png\\?v=[0-9a-f]{8}$`))
    expect(page.meta.get('og:image:width')).toBe('1200')
    expect(page.meta.get('og:image:height')).toBe('630')
    expect(page.meta.get('og:image:alt')).toBe('Difference Engine')
    expect(page.meta.get('og:type')).toBe('article')
    expect(page.meta.get('twitter:card')).toBe('summary_large_image')
    expect(page.meta.get('twitter:image')).toBe(card)

    expect(jsonLdOfType(page, 'CreativeWork')).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Difference Engine',
      description: 'A mechanical calculator for polynomial tables.',
      url,
      image: [
        { '@type': 'ImageObject', url: card, width: 1200, height: 630 },
        `${SITE}/img/engine.png`,
      ],
      keywords: 'Brass, Gears',
      dateModified: project.updated_at,
      author: { '@type': 'Person', name: 'Ada Lovelace' },
    })
  })

  test('contact: the form, and its meta tags', async () => {
    const response = await t.request('GET', '/contact-me')
    expect(response.status).toBe(200)
    const page = readPage(response.text)
    expect(page.text).toContain('Contact Me.')
    expect(page.text).toContain('Send Message')
    expect(response.text).toContain('placeholder="Share your feedback, a career opportunity')
    expect(page.title).toBe('Contact Me · Portfolio')
    expect(page.canonical).toEqual([`${SITE}/contact-me`])
    expect(page.meta.get('og:url')).toBe(`${SITE}/contact-me`)
    expect(page.meta.get('description')).toBeTruthy()
    expect(page.meta.get('twitter:title')).toBe('Contact Ada Lovelace')
    expect(page.meta.get('og:image')).toMatch(/^https:\/\/ada\.example\/og\/contact-me\.png\?v=/)
    expect(jsonLdOfType(page, 'ContactPage')).toMatchObject({ url: `${SITE}/contact-me` })
  })

  test('privacy: the note on what is counted, its title, and the footer link on every page', async () => {
    const response = await t.request('GET', '/privacy')
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    const page = readPage(response.text)
    expect(page.text).toContain('Privacy.')
    expect(page.text).toContain('What is counted')
    expect(page.text).toContain('What is not collected')
    expect(page.text).toContain('Your IP address and your browser')
    expect(page.title).toBe('Privacy · Portfolio')
    expect(page.canonical).toEqual([`${SITE}/privacy`])
    for (const path of ['/', '/projects', `/projects/${project.slug}`, '/contact-me', '/privacy']) {
      expect((await t.request('GET', path)).text, path).toContain('href="/privacy"')
    }
  })

  test('every page: language, favicon, web manifest, and exactly one of each tag', async () => {
    for (const path of ['/', '/projects', `/projects/${project.slug}`, '/contact-me', '/privacy']) {
      const response = await t.request('GET', path)
      expect(response.text).toContain('<html lang="en" data-style="minimal">')
      const page = readPage(response.text)
      expect(page.links).toContainEqual(
        expect.objectContaining({ rel: 'icon', href: '/favicon.svg' }),
      )
      expect(page.links).toContainEqual(
        expect.objectContaining({ rel: 'manifest', href: '/manifest.webmanifest' }),
      )
      expect(page.canonical).toHaveLength(1)
      expect(response.text.match(/<title>/g)).toHaveLength(1)
      expect(response.text.match(/<meta name="description"/g)).toHaveLength(1)
      expect(response.text.match(/<meta property="og:title"/g)).toHaveLength(1)
    }
  })

  test('a project’s card URL changes with what the card shows, not with anything else', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { title: 'Card Versions', description: 'First words.', long_description: 'Long.' },
    })
    const path = `/projects/${created.body.slug}`
    const cardOf = async () => readPage((await t.request('GET', path)).text).meta.get('og:image')
    const first = await cardOf()
    const edit = (description: string, long_description: string) =>
      t.request('PUT', `/api/projects/${created.body.id}`, {
        token,
        body: { title: 'Card Versions', description, long_description },
      })
    expect((await edit('First words.', 'A longer text the card does not show.')).status).toBe(200)
    expect(await cardOf()).toBe(first)
    expect((await edit('Other words.', 'A longer text the card does not show.')).status).toBe(200)
    const second = await cardOf()
    expect(second).not.toBe(first)
    expect(second?.split('?')[0]).toBe(first?.split('?')[0])
  })

  test('JSON-LD cannot be broken out of: `<` in content is escaped', async () => {
    const hostile = 'Engine </script><script>alert(1)</script>'
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { title: hostile, description: 'x < y & z', long_description: 'Long.' },
    })
    const response = await t.request('GET', `/projects/${created.body.slug}`)
    expect(response.status).toBe(200)
    expect(response.text).not.toContain('<script>alert(1)</script>')
    const page = readPage(response.text)
    expect(jsonLdOfType(page, 'CreativeWork')).toMatchObject({
      name: hostile,
      description: 'x < y & z',
    })
    expect(page.title).toBe(`${hostile} · Projects`)
  })
})

describe('status codes', () => {
  test('an unknown path is a rendered 404 page', async () => {
    const response = await t.request('GET', '/no/such/page')
    expect(response.status).toBe(404)
    const page = readPage(response.text)
    expect(page.text).toContain('Page Not Found.')
    expect(page.text).toContain('Sorry, the page you are looking for does not exist.')
    expect(page.text).toContain('Go back home')
    expect(page.text).toContain('Ada Lovelace')
    expect(page.title).toBe('Page Not Found · Portfolio')
    expect(page.meta.get('robots')).toBe('noindex')
    expect(page.canonical).toEqual([])
  })

  test('an unknown project slug is a 404 too', async () => {
    const response = await t.request('GET', '/projects/no-such-project')
    expect(response.status).toBe(404)
    const page = readPage(response.text)
    expect(page.text).toContain('Page Not Found.')
    expect(page.title).toBe('Page Not Found · Portfolio')
    expect(page.jsonLd).toEqual([])
  })

  test('a former slug moves permanently to the current one', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { title: 'Old Name', description: 'd', long_description: 'l' },
    })
    await t.request('PUT', `/api/projects/${created.id}`, {
      token,
      body: { title: 'New Name', description: 'd', long_description: 'l' },
    })
    const response = await t.request('GET', '/projects/old-name')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/projects/new-name')
  })

  test('an address the owner edited: the former one moves permanently to it', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { title: 'Bike Counter', description: 'd', long_description: 'l' },
    })
    await t.request('PUT', `/api/projects/${created.id}`, {
      token,
      body: { title: 'Bike Counter', description: 'd', long_description: 'l', slug: 'bikes' },
    })
    const response = await t.request('GET', '/projects/bike-counter')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/projects/bikes')
    expect((await t.request('GET', '/projects/bikes')).status).toBe(200)
  })

  test('a CJK address: its page answers percent-encoded, a former one moves to it', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { title: 'Traffic Tracker', description: 'd', long_description: 'l' },
    })
    await t.request('PUT', `/api/projects/${created.id}`, {
      token,
      body: { title: '交通追踪器', description: 'd', long_description: 'l' },
    })
    const encoded = `/projects/${encodeURIComponent('交通追踪器')}`
    const page = await t.request('GET', encoded)
    expect(page.status).toBe(200)
    expect(readPage(page.text).text).toContain('交通追踪器')
    const moved = await t.request('GET', '/projects/traffic-tracker')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe(encoded)
  })

  test('a route that fails to load is a 500 with the error page, never cached', async () => {
    const broken = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist() })
    await broken.close()
    const response = await broken.request('GET', '/projects')
    expect(response.status).toBe(500)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const page = readPage(response.text)
    // The app's own error page, inside the site's frame, with its way out.
    expect(page.text).toContain('Unexpected Application Error!')
    expect(page.text).toContain('Try again')
    expect(page.text).toContain('Go back home')
    expect(response.text).toContain('<header')
    // A document: its island loader reloads it on Try again (client/islands/loader.ts).
    expect(response.text).toMatch(/<button[^>]*data-reload=""[^>]*>Try again<\/button>/)
    expect(response.text).toMatch(/<a[^>]*href="\/"[^>]*>Go back home<\/a>/)
  })

  test('HEAD answers like GET without a body', async () => {
    const response = await t.app.handle(
      new Request('http://localhost/projects', { method: 'HEAD' }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toBe('')
  })

  test('the admin area and the login page stay client-rendered: a frame, 200, never stored', async () => {
    for (const path of ['/login', '/admin', '/admin/projects/new']) {
      const response = await t.request('GET', path)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.text).toContain('Gathering data…')
      expect(response.text).toContain('<meta name="robots" content="noindex"/>')
      expect(response.text).not.toContain('Manage Projects.')
    }
  })

  test('build metadata is not served', async () => {
    const response = await t.request('GET', '/.vite/manifest.json')
    expect(response.status).toBe(404)
    expect(response.text).not.toContain('isEntry')
  })
})

/**
 * Server-rendered pages as a crawler or a link-preview bot sees them: one
 * GET, no JavaScript. Each public page carries its main text, its meta tags
 * (title, description, canonical, Open Graph, Twitter card) and JSON-LD;
 * unknown paths and slugs answer 404; the sitemap, robots.txt and the web
 * manifest describe the site.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createRootRoute,
  createRoute,
  createRouter as createTanStackRouter,
  HeadContent,
  Scripts,
} from '@tanstack/react-router'
import { createElement, type ReactNode } from 'react'
import { z } from 'zod'
import { SPECULATION_RULES } from '../../../client/lib/islands-document'
import { THEME_SCRIPT } from '../../../client/lib/theme-script'
import { createRouter } from '../../../client/router'
import { pageAddresses } from '../../http/pages/addresses'
import {
  entryBootScript,
  loadRouterManifest,
  routeChunksScript,
  routeIdsOfFiles,
} from '../../http/pages/manifest'
import { THEME_SCRIPT_HASH } from '../../http/pages/scripts'
import { createPageRenderer, type PageRendererDeps } from '../../http/pages/ssr'
import { createLogger } from '../../log'
import { createTestApp, isRecord, type TestApp } from '../support/harness'
import { jsonLdOfType, readPage, stubCss, stubDist, viteManifest } from '../support/rendered-page'

const SITE = 'https://ada.example'

/** The page renderer on the test database, with the site's router or another one. */
function pageRenderer(router?: PageRendererDeps['createRouter']) {
  return createPageRenderer({
    distDir: stubDist(),
    siteUrl: SITE,
    log: createLogger('silent'),
    createContext: (requestId) => ({
      db: t.db,
      mediaStore: t.mediaStore,
      config: t.config,
      log: createLogger('silent'),
      now: t.clock.now,
      requestId,
      ip: 'server',
      authorization: null,
    }),
    createRouter: router,
  })
}

let t: TestApp
let token: string
let project: { id: number; slug: string; title: string; updated_at: string }

beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist() })
  token = await t.login()
  const created = await t.request('POST', '/api/projects', {
    token,
    body: {
      title: 'Difference Engine',
      description: 'A mechanical calculator for polynomial tables.',
      long_description: 'Built from brass gears, it tabulates polynomials by finite differences.',
      website_url: 'https://engine.example',
      image_urls: ['/img/engine.png', '/img/second.png'],
      tags: ['Brass', 'Gears'],
      is_featured: true,
    },
  })
  project = created.body as typeof project
  await t.request('POST', '/api/timeline', {
    token,
    body: {
      title: 'Analytical Society',
      start_date: 'Jan 2024',
      position: 'Translator',
      description: ['Notes on the engine'],
    },
  })
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

    // Deleted (to the Trash): its page is a 404 without JSON-LD.
    await t.request('DELETE', `/api/notes/${covered.body.id}`, { token })
    const gone = await t.request('GET', '/notes/weaving-patterns')
    expect(gone.status).toBe(404)
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

describe('scripts, data and the content security policy', () => {
  test('a public page runs the island loader: no router bootstrap, no loader data, no app entry', async () => {
    const loader =
      '<script type="module" src="/assets/islands-l1.js" data-islands-loader="" data-app="/assets/index-e1.js" data-css="/assets/index-c1.css"></script>'
    for (const path of ['/', '/projects', `/projects/${project.slug}`, '/contact-me', '/nope']) {
      const response = await t.request('GET', path)
      expect(response.text, path).toContain(loader)
      expect(response.text, path).toContain(
        `<script type="speculationrules">${SPECULATION_RULES}</script>`,
      )
      const scripts = readPage(response.text).inlineScripts
      // The theme's and the speculation rules: nothing of the router's, no data.
      expect(scripts, path).toEqual([THEME_SCRIPT, SPECULATION_RULES])
      expect(response.text, path).not.toContain('$_TSR')
      expect(response.text, path).not.toContain('/assets/index-e1.js"></script>')
      expect(response.text, path).not.toContain('/assets/slug-s1.js')
      expect(response.text, path).not.toContain('modulepreload')
      // Its own stylesheet written in, as before.
      expect(response.text).toMatch(
        new RegExp(`<style[^>]*>${stubCss.replace(/[{}#]/g, '\\$&')}</style>`),
      )
      expect(response.text).not.toContain('<link rel="stylesheet"')
    }
    // The sign-in page stays the app: the boot script of its entry, after the first paint.
    const login = await t.request('GET', '/login')
    expect(login.text).toContain(
      `<script type="module">${entryBootScript('/assets/index-e1.js', ['/assets/index-c1.css'])}</script>`,
    )
    expect(login.text).not.toContain('data-islands-loader')
    expect(login.text).not.toContain('speculationrules')
  })

  test('the app keeps its route chunks beside the entry (the manifest the admin pages use)', async () => {
    const routes = await loadRouterManifest(viteManifest, createRouter({ siteUrl: SITE }))
    const detail = routes.routes['/projects/$slug']?.scripts ?? []
    expect(detail.map((script) => script.children)).toContain(
      routeChunksScript(['/assets/slug-s1.js', '/assets/icons-i1.js']),
    )
  })

  test('the loaders ran on the server: a public page is its content, with no data for a browser to hydrate', async () => {
    const response = await t.request('GET', '/projects')
    const page = readPage(response.text)
    expect(page.text).toContain('A mechanical calculator for polynomial tables.')
    const scripts = page.inlineScripts.join('\n')
    expect(scripts).not.toContain('dehydratedData')
    expect(scripts).not.toContain('birth_year')
    // Its About text as HTML only: the Markdown source is never in a public page.
    expect(response.text).not.toMatch(/[{,]&quot;bio&quot;:/)
  })

  test('the home page holds only the featured projects: not the data of every other project', async () => {
    const token = await t.login()
    const other = await t.request('POST', '/api/projects', {
      token,
      body: {
        title: 'Unfeatured Loom',
        description: 'A project the home page does not show.',
        long_description: 'Only on its own page and in the list.',
        image_urls: [],
        tags: [],
        is_featured: false,
      },
    })
    expect(other.status).toBe(201)
    const home = await t.request('GET', '/')
    expect(home.text).toContain('Difference Engine')
    expect(home.text).not.toContain('Unfeatured Loom')
    // The list page still has it.
    expect((await t.request('GET', '/projects')).text).toContain('Unfeatured Loom')
    expect((await t.request('DELETE', `/api/projects/${other.body.id}`, { token })).status).toBe(
      204,
    )
  })

  test('inline scripts run by hash: the CSP lists each one and no other, and nothing is unsafe-inline', async () => {
    for (const path of ['/', `/projects/${project.slug}`, '/no/such/page', '/login']) {
      const response = await t.request('GET', path)
      const csp = response.headers.get('content-security-policy') ?? ''
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? ''
      expect(scriptSrc).toContain("'self'")
      expect(scriptSrc).not.toContain('unsafe-inline')
      expect(csp).toContain("object-src 'none'")
      const scripts = readPage(response.text).inlineScripts
      expect(scripts.length).toBeGreaterThan(0)
      const hashes = scripts.map(
        (source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`,
      )
      for (const hash of hashes) expect(scriptSrc).toContain(hash)
      // Not another route's (its chunks' boot script): each hash costs the page's header
      // ~55 bytes. The scroll restoration's is listed whether or not the page writes it.
      const listed = scriptSrc.match(/'sha256-[^']+'/g) ?? []
      expect(listed.filter((hash) => !hashes.includes(hash)).length, path).toBeLessThanOrEqual(1)
    }
  })

  test('the CSP allows the scripts the router writes, never one that came with the content', async () => {
    // Pages where something put a script of its own into the HTML (a component here; an
    // injection some day): the CSP's hashes come from the router's own scripts as it made
    // them, not from reading the page, so the stray one is not allowed.
    const injected = 'alert("not ours")'
    const root = createRootRoute({
      shellComponent: ({ children }: { children: ReactNode }) =>
        createElement(
          'html',
          null,
          createElement('head', null, createElement(HeadContent)),
          createElement('body', null, children, createElement(Scripts)),
        ),
    })
    const stray = () =>
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the injection this test is about
      createElement('script', { dangerouslySetInnerHTML: { __html: injected } })
    const routeTree = root.addChildren([
      // The app's pages (the admin's): a public page writes no router script at all (above).
      createRoute({ getParentRoute: () => root, path: '/admin', component: stray }),
      // Data that settles after the page is rendered: the router streams it in scripts of its own.
      createRoute({
        getParentRoute: () => root,
        path: '/admin/later',
        loader: () => ({
          later: new Promise<string>((resolve) => setTimeout(() => resolve('later data'), 20)),
        }),
        component: stray,
      }),
    ])
    const renderer = pageRenderer(() =>
      createTanStackRouter({ routeTree, scrollRestoration: true }),
    )
    for (const path of ['/admin', '/admin/later']) {
      const page = await renderer.render(path)
      expect(page.status, path).toBe(200)
      const csp = page.headers['content-security-policy'] ?? ''
      const allowed = (source: string) =>
        csp.includes(`'sha256-${createHash('sha256').update(source).digest('base64')}'`)
      const scripts = readPage(page.html).inlineScripts
      expect(scripts, path).toContain(injected)
      expect(allowed(injected), path).toBe(false)
      // Everything else inline is the router's (bootstrap, state, scroll restoration): allowed.
      const routers = scripts.filter((source) => source !== injected)
      expect(
        routers.some((source) => source.includes('$_TSR')),
        path,
      ).toBe(true)
      for (const source of routers) expect(allowed(source), `${path}: ${source}`).toBe(true)
    }
    const later = await renderer.render('/admin/later')
    expect(later.html).toContain('later data')
  })

  test('public pages revalidate; the API keeps its own policy', async () => {
    const page = await t.request('GET', '/')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const api = await t.request('GET', '/api/projects')
    expect(api.headers.get('content-security-policy')).not.toContain('sha256-')
  })
})

describe('the owner’s accent colour', () => {
  test('a public page carries it on <html>, with readable derived colours, and shows a change at once', async () => {
    const token = await t.login()
    const {
      age: _age,
      photo: _photo,
      greeting: _greeting,
      bio_html: _bioHtml,
      // Each save below replaces the profile without asking which version it edits.
      version: _version,
      ...profileBody
    } = (await t.request('GET', '/api/profile')).body
    await t.request('PUT', '/api/profile', {
      token,
      body: { ...profileBody, accent_color: '#4f46e5' },
    })
    const plain = await t.request('GET', '/')
    // The default accent is the stylesheet's own: nothing on <html>.
    expect(plain.text).toContain('<html lang="en"')
    expect(plain.text).not.toContain('--accent:')

    await t.request('PUT', '/api/profile', {
      token,
      body: { ...profileBody, accent_color: '#facc15' },
    })
    const page = await t.request('GET', '/')
    const style = /<html[^>]*\sstyle="([^"]*)"/.exec(page.text)?.[1] ?? ''
    expect(style).toContain('--accent:#facc15')
    // A light yellow takes black text, and links in a darker shade.
    expect(style).toContain('--on-accent:#000000')
    expect(style).toMatch(/--accent-ink:#[0-9a-f]{6}/)
    expect(style).not.toContain('--accent-ink:#facc15')
    // The browser's frame (address bar) and the installed app take it too.
    expect(page.text).toContain('<meta name="theme-color" content="#facc15"/>')
    expect((await t.request('GET', '/manifest.webmanifest')).body.theme_color).toBe('#facc15')
  })

  test('every page’s head sets the theme before the first paint with the script the CSP allows', async () => {
    const response = await t.request('GET', '/projects')
    const scripts = readPage(response.text).inlineScripts
    expect(scripts).toContain(THEME_SCRIPT)
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64')
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`)
    // In the head, so it runs before the body is painted.
    expect(response.text.indexOf(THEME_SCRIPT)).toBeLessThan(response.text.indexOf('<body'))
  })

  test('the Vite dev server’s page and the app shell hold the same theme script, allowed in the shell’s CSP', async () => {
    const html = await Bun.file(new URL('../../../client/index.html', import.meta.url)).text()
    expect(html).toContain(`<script id="theme-script">${THEME_SCRIPT}</script>`)
    const dist = stubDist()
    writeFileSync(join(dist, 'index.html'), html)
    const { createStaticHandler } = await import('../../http/pages/static')
    const shell = createStaticHandler(dist, [THEME_SCRIPT_HASH]).shell('/admin')
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64')
    expect(shell.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`)
  })
})

describe('a page’s address: its path and the query parameters its routes read', () => {
  const at = (addressOf: (url: URL) => string, path: string) =>
    addressOf(new URL(path, 'http://localhost'))

  test('of the site, only /projects reads one (?tag, declared with textParams); every other page is kept under its path alone', () => {
    const addressOf = pageAddresses(createRouter({ siteUrl: SITE }))
    expect(at(addressOf, '/?utm_source=newsletter&x=1')).toBe('/')
    expect(at(addressOf, '/?tag=React')).toBe('/')
    expect(at(addressOf, '/projects?utm_source=x&tag=React&page=2')).toBe('/projects?tag=React')
    expect(at(addressOf, '/projects?utm_source=x')).toBe('/projects')
    expect(at(addressOf, '/projects/a-slug?tag=React')).toBe('/projects/a-slug')
    expect(at(addressOf, '/projects/a-slug?fbclid=abc')).toBe('/projects/a-slug')
    expect(at(addressOf, '/no/such/page?x=1')).toBe('/no/such/page')
  })

  test('a route declaring its search with a zod object is kept by those parameters, in order', () => {
    const root = createRootRoute()
    const routeTree = root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/' }),
      createRoute({
        getParentRoute: () => root,
        path: '/projects',
        validateSearch: z.object({ tag: z.string().optional(), page: z.number().optional() }),
      }),
    ])
    const addressOf = pageAddresses(createTanStackRouter({ routeTree }))
    expect(at(addressOf, '/projects?utm_source=x&tag=React&page=2&x=1')).toBe(
      '/projects?tag=React&page=2',
    )
    expect(at(addressOf, '/projects?tag=a&tag=b')).toBe('/projects?tag=a&tag=b')
    expect(at(addressOf, '/projects?utm_source=x')).toBe('/projects')
    // Another page does not read it.
    expect(at(addressOf, '/?tag=React')).toBe('/')
  })

  test('a search validated by a function stops the start: the cache could not know what it reads', () => {
    const root = createRootRoute()
    const routeTree = root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/projects',
        validateSearch: (search: Record<string, unknown>) => ({ tag: String(search.tag ?? '') }),
      }),
    ])
    expect(() => pageAddresses(createTanStackRouter({ routeTree }))).toThrow(
      'validateSearch must be a zod object',
    )
  })

  test('what the browser hydrates: a page renders alike with parameters no route reads', async () => {
    // The cache sends the page rendered at its address to a request with more in its URL, and
    // the browser's router hydrates it at the real URL: both must render the same.
    const renderer = pageRenderer()
    // Only the times the data was read differ from one render to the next.
    const timeless = (html: string) => html.replace(/\b(dehydratedAt|dataUpdatedAt|u):\d+/g, '$1:0')
    for (const path of ['/', '/projects', `/projects/${project.slug}`, '/contact-me', '/nope']) {
      const plain = await renderer.render(path)
      const extra = await renderer.render(`${path}?utm_source=newsletter&x=%3Cb%3E`)
      expect(extra.status, path).toBe(plain.status)
      expect(timeless(extra.html), path).toBe(timeless(plain.html))
    }
  })
})

describe('sitemap, robots.txt and the web manifest', () => {
  test('the sitemap lists every public page and every project, a new one at once', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { title: 'Brand New Loom', description: 'd', long_description: 'l' },
    })
    const response = await t.request('GET', '/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    expect(response.text).toStartWith('<?xml version="1.0" encoding="UTF-8"?>')
    const entries = [
      ...response.text.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g),
    ].map(([, loc, lastmod]) => ({ loc, lastmod }))
    const locations = entries.map((entry) => entry.loc)
    expect(locations).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/projects`,
        `${SITE}/contact-me`,
        `${SITE}/privacy`,
      ]),
    )
    expect(entries).toContainEqual({
      loc: `${SITE}/projects/${created.body.slug}`,
      lastmod: String(created.body.updated_at),
    })
    expect(entries).toContainEqual({
      loc: `${SITE}/projects/${project.slug}`,
      lastmod: project.updated_at,
    })
    expect(locations.some((loc) => loc?.includes('/admin') || loc?.includes('/login'))).toBe(false)
  })

  test('a renamed project is listed at its current slug only', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { title: 'Jacquard Draft', description: 'd', long_description: 'l' },
    })
    await t.request('PUT', `/api/projects/${created.id}`, {
      token,
      body: { title: 'Jacquard Final', description: 'd', long_description: 'l' },
    })
    const response = await t.request('GET', '/sitemap.xml')
    expect(response.text).toContain(`${SITE}/projects/jacquard-final</loc>`)
    expect(response.text).not.toContain('jacquard-draft')
  })

  test('robots.txt allows the public site, keeps crawlers out of the admin, names the sitemap', async () => {
    const response = await t.request('GET', '/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const lines = response.text.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain('Disallow: /login')
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  test('the web manifest names the site and its icon', async () => {
    const response = await t.request('GET', '/manifest.webmanifest')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/manifest+json')
    expect(response.body).toMatchObject({
      name: 'Ada Lovelace · Portfolio',
      start_url: '/',
      icons: [expect.objectContaining({ src: '/favicon.svg', type: 'image/svg+xml' })],
    })
  })
})

describe('the asset manifest', () => {
  test('route files map to the ids the router gives the routes they export', async () => {
    const router = createRouter({ siteUrl: SITE })
    const ids = await routeIdsOfFiles(router, [
      'routes/index.tsx',
      'routes/contact-me.tsx',
      'routes/projects/index.tsx',
      'routes/projects/$slug.tsx',
      'routes/admin/route.tsx',
      'routes/admin/index.tsx',
      'routes/admin/projects/edit.$id.tsx',
      'components/icons.tsx',
      'routes/no-such-route.tsx',
    ])
    expect(Object.fromEntries(ids)).toEqual({
      'routes/index.tsx': '/',
      'routes/contact-me.tsx': '/contact-me',
      'routes/projects/index.tsx': '/projects/',
      'routes/projects/$slug.tsx': '/projects/$slug',
      'routes/admin/route.tsx': '/admin',
      'routes/admin/index.tsx': '/admin/',
      'routes/admin/projects/edit.$id.tsx': '/admin/projects/edit/$id',
    })
  })

  test('the entry goes on the root route; a route notes its chunk and only what the entry lacks', async () => {
    const manifest = await loadRouterManifest(viteManifest, createRouter({ siteUrl: SITE }))
    expect(manifest.routes.__root__).toEqual({
      css: ['/assets/index-c1.css'],
      scripts: [
        {
          attrs: { type: 'module' },
          children: entryBootScript('/assets/index-e1.js', ['/assets/index-c1.css']),
        },
      ],
    })
    expect(manifest.routes['/projects/$slug']?.scripts).toEqual([
      {
        attrs: { type: 'module' },
        children: routeChunksScript(['/assets/slug-s1.js', '/assets/icons-i1.js']),
      },
    ])
    expect(manifest.routes['/projects/$slug']?.preloads).toBeUndefined()
    expect(manifest.routes['/admin/']?.scripts?.[0]?.children).toBe(
      routeChunksScript(['/assets/admin-a1.js']),
    )
  })
})

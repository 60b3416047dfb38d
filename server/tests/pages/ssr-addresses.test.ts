/**
 * A page's address as the cache keeps it (its path and the query
 * parameters its routes read), and the files crawlers read beside the
 * pages: the sitemap, robots.txt and the web manifest.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  createRootRoute,
  createRoute,
  createRouter as createTanStackRouter,
} from '@tanstack/react-router'
import { z } from 'zod'
import { createRouter } from '../../../client/router'
import { pageAddresses } from '../../http/pages/addresses'
import type { PageRendererDeps } from '../../http/pages/ssr'
import type { TestApp } from '../support/harness'

import { pageRendererOf, type RenderedSite, renderedSite, SITE } from '../support/rendered-site'

let t: TestApp
let token: string
let project: RenderedSite['project']
const pageRenderer = (router?: PageRendererDeps['createRouter']) => pageRendererOf(t, router)

beforeAll(async () => {
  ;({ t, token, project } = await renderedSite())
}, 30_000)
afterAll(() => t.close())

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

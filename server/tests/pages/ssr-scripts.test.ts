/**
 * What a server-rendered page runs and carries: a public page's island
 * loader and speculation rules and nothing of the app, the scripts allowed by
 * hash in its Content-Security-Policy, the owner's accent colour and the
 * theme script before the first paint, and the asset manifest the renderer
 * reads.
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
import { ISLANDS_BOOT, SPECULATION_RULES } from '../../../client/lib/islands-document'
import { THEME_SCRIPT } from '../../../client/lib/theme-script'
import { createRouter } from '../../../client/router'
import {
  entryBootScript,
  loadRouterManifest,
  routeChunksScript,
  routeIdsOfFiles,
} from '../../http/pages/manifest'
import { THEME_SCRIPT_HASH } from '../../http/pages/scripts'
import type { PageRendererDeps } from '../../http/pages/ssr'
import type { TestApp } from '../support/harness'
import { readPage, stubCss, stubDist, viteManifest } from '../support/rendered-page'

import { pageRendererOf, type RenderedSite, renderedSite, SITE } from '../support/rendered-site'

let t: TestApp
let project: RenderedSite['project']
const pageRenderer = (router?: PageRendererDeps['createRouter']) => pageRendererOf(t, router)

beforeAll(async () => {
  ;({ t, project } = await renderedSite())
}, 30_000)
afterAll(() => t.close())

describe('scripts, data and the content security policy', () => {
  test('a public page runs the island loader: no router bootstrap, no loader data, no app entry', async () => {
    const loader = `<script data-islands-loader="" data-src="/assets/islands-l1.js" data-app="/assets/index-e1.js" data-css="/assets/index-c1.css">${ISLANDS_BOOT}</script>`
    for (const path of ['/', '/projects', `/projects/${project.slug}`, '/contact-me', '/nope']) {
      const response = await t.request('GET', path)
      expect(response.text, path).toContain(loader)
      expect(response.text, path).toContain(
        `<script type="speculationrules">${SPECULATION_RULES}</script>`,
      )
      const scripts = readPage(response.text).inlineScripts
      // The loader's boot and the speculation rules: nothing of the router's, no data, no theme
      // script (its <html> carries the theme: appearance.test.ts).
      expect(scripts, path).toEqual([ISLANDS_BOOT, SPECULATION_RULES])
      // The loader's file is added by the boot, after the first paint: not a script in the page.
      expect(response.text, path).not.toContain('<script type="module"')
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

  test('a public page paints nothing before its whole header is parsed; the app does not wait for it', async () => {
    for (const path of ['/', `/projects/${project.slug}`, '/contact-me', '/nope']) {
      const html = (await t.request('GET', path)).text
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head, path).toContain('<link rel="expect" href="#site-header" blocking="render"/>')
      // The element it names is the header, once.
      expect(html.match(/<header id="site-header"/g)?.length, path).toBe(1)
    }
    expect((await t.request('GET', '/login')).text).not.toContain('rel="expect"')
  })

  test('a public page is sent without Cross-Origin-Opener-Policy; the sign-in page, the app, keeps it', async () => {
    for (const path of ['/', `/projects/${project.slug}`, '/contact-me', '/nope']) {
      const response = await t.request('GET', path)
      expect(response.headers.get('content-type'), path).toContain('text/html')
      expect(response.headers.get('cross-origin-opener-policy'), path).toBeNull()
      // The other document headers stay.
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()')
      expect(response.headers.get('content-security-policy'), path).toContain(
        "frame-ancestors 'none'",
      )
    }
    const login = await t.request('GET', '/login')
    expect(login.text).not.toContain('data-islands-loader')
    expect(login.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    // A second read, from the cache, carries the same.
    const again = await t.request('GET', '/')
    expect(again.headers.get('cross-origin-opener-policy')).toBeNull()
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

  test('an app page’s head sets the theme before the first paint with the script the CSP allows; a public page has none', async () => {
    const response = await t.request('GET', '/login')
    const scripts = readPage(response.text).inlineScripts
    expect(scripts).toContain(THEME_SCRIPT)
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64')
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`)
    // In the head, so it runs before the body is painted.
    expect(response.text.indexOf(THEME_SCRIPT)).toBeLessThan(response.text.indexOf('<body'))
    const page = await t.request('GET', '/projects')
    expect(page.text).not.toContain(THEME_SCRIPT)
    expect(page.headers.get('content-security-policy')).not.toContain(`'sha256-${hash}'`)
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
    // An admin route's loader and screen (its `.lazy.tsx` file, with what it imports) in one script.
    expect(manifest.routes['/admin/']?.scripts).toEqual([
      {
        attrs: { type: 'module' },
        children: routeChunksScript([
          '/assets/admin-a1.js',
          '/assets/admin-lazy-a2.js',
          '/assets/admin-shared-a3.js',
        ]),
      },
    ])
  })
})

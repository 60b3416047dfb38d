/**
 * What a public page costs on first load: the JavaScript it fetches before
 * anyone clicks (gzip-sized here, whatever encoding the server chose), no
 * validation library or admin code among it, images with their size set (no
 * layout shift), web fonts only the site's own (the body face and the
 * style's display face). Sizes, not times: nothing here is timed.
 */
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { ISLANDS_BOOT } from '../../client/lib/islands-document'
import { apiCreate, expect, hydrated, test, unique, wholeStylesheetOf } from '../fixtures'

/**
 * A public page's first load: the script it runs before anyone uses it, inline
 * or fetched. A public page is a document with islands (docs/decisions/0389):
 * the island loader (3.3 KB gzip) and its inline boot (0.4 KB), and nothing
 * else until a part of it is used: no React, no router, no data, no theme
 * script (the server renders the visitor's theme: 0419). The whole document hydrated before: 110–114 KB
 * (docs/performance.md).
 */
const FIRST_LOAD_LIMIT_KB = 10

interface Script {
  url: string
  gzip: number
  text: string
}

/**
 * Every script the page runs on its first load, gzip-sized: those it fetches until its
 * loader is ready and the network is idle, and its inline ones (not JSON-LD, not the
 * speculation rules: data, never run).
 */
async function firstLoadScripts(page: Page, path: string): Promise<Script[]> {
  const pending: Promise<Script>[] = []
  const listener = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() !== 'script') return
    pending.push(
      response.body().then((body) => ({
        url: response.url(),
        gzip: gzipSync(body, { level: 9 }).byteLength,
        text: body.toString('utf8'),
      })),
    )
  }
  page.on('response', listener)
  await page.goto(path)
  await hydrated(page)
  page.off('response', listener)
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => {
        const type = script.getAttribute('type') ?? ''
        return type === '' || type === 'module' || type === 'text/javascript'
      })
      .map((script) => script.textContent ?? ''),
  )
  return [
    ...(await Promise.all(pending)),
    ...inline.map((text, index) => ({
      url: `${page.url()}#inline-${index}`,
      gzip: gzipSync(text, { level: 9 }).byteLength,
      text,
    })),
  ]
}

test('public pages run at most 10 KB of script on their first load: the island loader alone', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Budget Project')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'A project for the budget check.',
    long_description: 'Long text.',
    image_urls: ['/profile.svg'],
  })
  const paths = [
    '/',
    '/projects',
    `/projects/${project.slug}`,
    '/contact-me',
    '/cv',
    '/privacy',
    '/notes',
    '/search?q=budget',
    '/no/such/page',
  ]
  for (const path of paths) {
    const scripts = await firstLoadScripts(page, path)
    const list = scripts.map((script) => `${new URL(script.url).pathname} ${script.gzip}`)
    const totalKb = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024
    expect(totalKb, `${path}: ${list.join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_LIMIT_KB)
    // The loader, and only it, is fetched: no island, no React, no app entry.
    const fetched = scripts.filter((script) => !script.url.includes('#inline-'))
    expect(
      fetched.map((script) => new URL(script.url).pathname.replace(/-[\w-]+\.js$/, '.js')),
      path,
    ).toEqual(['/assets/islands.js'])
    // And one inline script runs, the loader's boot (it adds the loader after the first paint,
    // docs/decisions/0427): no theme script, the theme is the server's (docs/decisions/0419).
    expect(
      scripts.filter((script) => script.url.includes('#inline-')).map((script) => script.text),
      path,
    ).toEqual([ISLANDS_BOOT])
    for (const script of scripts) {
      // zod's error messages, the admin screens' texts and React stay out of a first load.
      expect(script.text, script.url).not.toContain('ZodError')
      expect(script.text, script.url).not.toContain('Manage Projects.')
      expect(script.text, script.url).not.toContain('react.element')
    }
  }
})

/**
 * The public screens' whole stylesheet (10.5 KB gzip with publications,
 * talks, teaching, conversations and the newsletter's form; 10.1 KB before, with the notes'
 * and search pages' styles and the About section's; the admin's is apart;
 * the site styles added 1.3 KB: three styles' tokens in both themes, the
 * three faces' @font-face rules and their metric-matched fallbacks), fetched
 * after the first paint; and what each page carries in its `<head>`: the
 * rules its own markup uses (critical CSS: 5.6–7.2 KB gzip on the seeded
 * pages, the home page the largest).
 */
// Fetched ahead after the first paint and linked only when an island needs it (never on a
// page's path to its first paint), so the new public screens' rules were let in: 10.5 → 11.
const WHOLE_CSS_LIMIT_KB = 11
const INLINE_CSS_LIMIT_KB = 8.5

test('public pages carry their own rules inline and fetch the whole public stylesheet after painting; the sign-in and admin screens fetch theirs', async ({
  page,
  request,
}) => {
  const stylesheets: string[] = []
  const fetched: string[] = []
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname
    if (sent.resourceType() === 'stylesheet') stylesheets.push(path)
    if (/^\/assets\/index-.+\.css$/.test(path)) fetched.push(path)
  })
  let whole = ''
  for (const path of ['/', '/projects', '/contact-me']) {
    await page.goto(path)
    const css = await page.locator('style[data-tsr-inline-css]').textContent()
    const kb = gzipSync(css ?? '', { level: 9 }).byteLength / 1024
    expect(kb, path).toBeGreaterThan(1)
    expect(kb, path).toBeLessThanOrEqual(INLINE_CSS_LIMIT_KB)
    whole = await wholeStylesheetOf(page)
    // Fetched ahead into the cache a moment after the page painted, not applied to it.
    await expect(page.locator(`link[rel="prefetch"][href="${whole}"]`)).toHaveCount(1)
  }
  await hydrated(page)
  expect(whole).toMatch(/^\/assets\/index-.+\.css$/)
  const wholeKb = gzipSync(await (await request.get(whole)).body(), { level: 9 }).byteLength / 1024
  expect(wholeKb).toBeLessThanOrEqual(WHOLE_CSS_LIMIT_KB)
  // No page linked a stylesheet (nothing to restyle it after its first paint); the whole one
  // was fetched, and nothing else.
  expect(stylesheets).toEqual([])
  expect(new Set(fetched)).toEqual(new Set([whole]))

  // The sign-in page (drawn in the browser) brings the admin stylesheet before it shows.
  stylesheets.length = 0
  await page.goto('/login')
  await expect(page.getByLabel('Username')).toBeVisible()
  expect(
    stylesheets.filter((path) => /^\/assets\/.+\.css$/.test(path) && path !== whole),
  ).toHaveLength(1)
  // `max-w-sm` on the form's column is in the admin stylesheet only.
  const column = page.locator('main section').first()
  expect(await column.evaluate((element) => getComputedStyle(element).maxWidth)).toBe('384px')
})

test('every image on a public page has its width and height; fonts come from the site, two at most', async ({
  page,
  request,
  token,
}) => {
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Sized Images'),
    description: 'Images with their size.',
    long_description: 'Long text.',
    image_urls: ['/profile.svg'],
    is_featured: true,
  })
  const fonts: string[] = []
  page.on('request', (sent) => {
    if (sent.resourceType() === 'font') fonts.push(sent.url())
  })
  for (const path of ['/', '/projects', `/projects/${project.slug}`]) {
    await page.goto(path)
    const images = page.locator('img')
    expect(await images.count(), path).toBeGreaterThan(0)
    const unsized = await images.evaluateAll((elements) =>
      elements
        .filter((element) => !element.getAttribute('width') || !element.getAttribute('height'))
        .map((element) => element.outerHTML),
    )
    expect(unsized, path).toEqual([])
  }
  // Inter (the text) and the style's display face (Inter too in Minimal), built into /assets/,
  // fetched once the page's script has turned them on (after the largest paint).
  await hydrated(page)
  await expect.poll(() => fonts.length).toBeGreaterThan(0)
  const files = [...new Set(fonts.map((url) => new URL(url)))]
  expect(new Set(files.map((url) => url.pathname)).size).toBeLessThanOrEqual(2)
  for (const url of files) {
    expect(url.origin).toBe(new URL(page.url()).origin)
    expect(url.pathname).toMatch(/^\/assets\/[\w-]+\.woff2$/)
  }
})

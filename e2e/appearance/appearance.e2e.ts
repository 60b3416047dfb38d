/**
 * Site styles. The style changes every public page, so these journeys run
 * after the others (the "profile" project in playwright.config.ts) and put
 * the site back to Minimal.
 *
 * - The server's HTML already carries `<html data-style>`, and the first
 *   paint has the style: with scripts off, the page shows the style's paper
 *   and its display face's metric-matched fallback, and fetches no web font;
 *   with them on, nothing ever rewrites the attribute (no flash).
 * - The page's script fetches the web fonts once the page has painted,
 *   without applying them (no text is set again after the first paint):
 *   served from the site, cached for a year; the next page paints in them
 *   from the start (the theme script's flag).
 * - axe finds nothing on the home page, /projects, a project page and /cv in
 *   every style and theme (Minimal, the default, on every public page: themes.e2e.ts).
 * - Every public page paints the same with only the rules its markup uses
 *   (the critical CSS its `<head>` carries) as with the whole stylesheet
 *   added, in every style and theme, at 390 and 1280 px; and the app waits
 *   for the whole stylesheet before it hydrates.
 * - Settings → Appearance previews the styles and applies the one picked;
 *   the public home then has it.
 */
import { writeFileSync } from 'node:fs'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { notFoundPath, publicPagePaths } from '../../scripts/site-pages'
import {
  allowUpTo,
  apiCreate,
  colourRules,
  expect,
  expectNoAxeViolations,
  hydrated,
  test,
  unique,
  wholeStylesheetOf,
} from '../fixtures'

const styles = ['minimal', 'editorial', 'bold'] as const
const themes = ['light', 'dark'] as const
/** Each style's display face (client/design.css), the first family of an h1. */
const displayFace = {
  minimal: 'Inter Variable',
  editorial: 'Fraunces Variable',
  bold: 'Bricolage Grotesque Variable',
}
/** Each style's page colour (client/design.css) in each theme. */
const paper = {
  minimal: { light: 'rgb(248, 250, 252)', dark: 'rgb(2, 6, 23)' },
  editorial: { light: 'rgb(251, 249, 244)', dark: 'rgb(18, 16, 14)' },
  bold: { light: 'rgb(255, 255, 255)', dark: 'rgb(9, 9, 11)' },
}

async function setStyle(request: APIRequestContext, token: string, style: string) {
  const response = await request.put('/api/appearance', {
    data: { style },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(200)
}

test.afterAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', {
    data: { username: 'e2e-owner', password: 'e2e password 1234' },
  })
  await setStyle(request, (await login.json()).token, 'minimal')
})

let slug = ''
test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', {
    data: { username: 'e2e-owner', password: 'e2e password 1234' },
  })
  const token = (await login.json()).token as string
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Styled project'),
    description: 'A project page in every style.',
    long_description:
      '### What\n\nA case study, with **bold** words and a [link](https://example.com).',
    website_url: 'https://example.com',
    image_urls: [],
    tags: ['TypeScript', 'Design'],
    is_featured: true,
  })
  slug = project.slug
})

async function firstPaint(browser: Browser, theme: 'light' | 'dark') {
  // Scripts off: what the server's HTML and the inline stylesheet paint on their own.
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: theme })
  const page = await context.newPage()
  await page.goto('/')
  const painted = await page.evaluate(async () => {
    await document.fonts.ready
    const heading = document.querySelector('h1')
    return {
      style: document.documentElement.dataset.style,
      face: heading ? getComputedStyle(heading).fontFamily.split(',')[0]?.replaceAll('"', '') : '',
      fetched: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => entry.name),
    }
  })
  await context.close()
  return { ...painted, style: painted.style ?? '', theme }
}

for (const style of styles) {
  test(`${style}: the server's HTML carries the style; the first paint has it, the web fonts come after, and nothing rewrites it`, async ({
    request,
    token,
    browser,
  }) => {
    await setStyle(request, token, style)
    const raw = await (await request.get('/')).text()
    expect(/<html\b[^>]*>/.exec(raw)?.[0]).toContain(`data-style="${style}"`)

    const painted = await firstPaint(browser, 'light')
    expect(painted.style).toBe(style)
    expect(painted.face).toBe(`${displayFace[style]} Fallback`)
    expect(painted.fetched).toEqual([])

    // With scripts: the faces are fetched once the page has hydrated (from the site, for a
    // year), never applied to the page that painted without them (`font-display: optional`).
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/')
    await hydrated(page)
    await expect
      .poll(() =>
        page.evaluate(
          (family) =>
            [...document.fonts].some((face) => face.family === family && face.status === 'loaded'),
          displayFace[style],
        ),
      )
      .toBe(true)
    const later = await page.evaluate(async () => {
      const heading = document.querySelector('h1')
      return {
        face: heading
          ? getComputedStyle(heading).fontFamily.split(',')[0]?.replaceAll('"', '')
          : '',
        files: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .map((entry) => new URL(entry.name).pathname),
      }
    })
    expect(later.face).toBe(`${displayFace[style]} Fallback`)
    expect(later.files.length).toBeGreaterThan(0)
    const font = await request.get(later.files[0] ?? '')
    expect(font.status()).toBe(200)
    expect(font.headers()['content-type']).toContain('font/woff2')
    expect(font.headers()['cache-control']).toContain('max-age=31536000')
    // The loader tells the server the fonts are cached (the `fonts` cookie: src/domain/appearance.ts).
    await expect
      .poll(async () =>
        (await context.cookies()).some((c) => c.name === 'fonts' && c.value === '1'),
      )
      .toBe(true)
    // The next page: the server's <html> names the fonts, before any script runs, and it paints in them.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { fontsAtParse: boolean }).fontsAtParse =
          document.documentElement.hasAttribute('data-fonts')
      })
    })
    await page.goto('/projects')
    expect(
      await page.evaluate(() => (window as unknown as { fontsAtParse: boolean }).fontsAtParse),
    ).toBe(true)
    expect(
      await page.evaluate(() => {
        const heading = document.querySelector('h1')
        return heading
          ? getComputedStyle(heading).fontFamily.split(',')[0]?.replaceAll('"', '')
          : ''
      }),
    ).toBe(displayFace[style])
    await context.close()

    for (const theme of themes) {
      const context = await browser.newContext({ colorScheme: theme })
      const page = await context.newPage()
      // Every change to <html data-style>, from the first script on.
      await page.addInitScript(() => {
        const seen: string[] = []
        ;(window as unknown as { styleChanges: string[] }).styleChanges = seen
        new MutationObserver((records) => {
          for (const record of records) {
            if (record.attributeName === 'data-style') seen.push(String(record.oldValue))
          }
        }).observe(document, { attributes: true, attributeOldValue: true, subtree: true })
      })
      await page.goto('/')
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-style', style)
      // No choice made: the device's theme, by CSS (no attribute on a public page).
      await expect(page.locator('html')).toHaveCSS('color-scheme', theme)
      expect(
        await page.evaluate(() => (window as unknown as { styleChanges: string[] }).styleChanges),
      ).toEqual([])
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        paper[style][theme],
      )
      await context.close()
    }
  })

  // Minimal is the site's style unless the owner picks another: themes.e2e.ts runs axe on every
  // public page in it, in both themes.
  for (const theme of style === 'minimal' ? [] : themes) {
    test(`${style}, ${theme}: axe finds nothing on the home page, /projects, a project page and /cv`, async ({
      request,
      token,
      browser,
    }) => {
      // axe on four pages: about 4 s each on a quiet 2-core machine, more beside other work.
      allowUpTo(60_000)
      await setStyle(request, token, style)
      const context = await browser.newContext({ colorScheme: theme })
      const page = await context.newPage()
      for (const path of ['/', '/projects', `/projects/${slug}`, '/cv']) {
        await page.goto(path)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-style', style)
        // The light theme, every rule; the dark one, the same markup in other colours.
        await expectNoAxeViolations(page, theme === 'dark' ? { rules: colourRules } : {})
      }
      await context.close()
    })
  }
}

/**
 * How two screenshots of one page differ: pixels with a channel more than 4 apart (`visible`: a
 * rule missing from the critical CSS changes a colour, a size or a place by far more), and
 * pixels at most 4 apart (`faint`). Chromium, drawing without a GPU on a busy machine, has been
 * seen to rasterise a few pixels of text 1 or 2 apart after a stylesheet was added that changed
 * nothing (13 pixels of one line; 5 of a text box's edge), so a thousandth of the page may be faint.
 */
async function paintDifference(a: Buffer, b: Buffer) {
  // The same pixels make the same PNG: nothing to decode (its size is in the header, IHDR).
  if (a.equals(b)) return { pixels: a.readUInt32BE(16) * a.readUInt32BE(20), visible: 0, faint: 0 }
  const [one, two] = await Promise.all(
    [a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  )
  if (!one || !two) throw new Error('no screenshot')
  const pixels = one.info.width * one.info.height
  if (one.info.width !== two.info.width || one.info.height !== two.info.height) {
    return { pixels, visible: pixels, faint: 0 }
  }
  let visible = 0
  let faint = 0
  for (let i = 0; i < one.data.length; i += 3) {
    let most = 0
    for (let channel = 0; channel < 3; channel++) {
      most = Math.max(most, Math.abs((one.data[i + channel] ?? 0) - (two.data[i + channel] ?? 0)))
    }
    if (most > 4) visible++
    else if (most > 0) faint++
  }
  return { pixels, visible, faint }
}

/** Every image loaded and decoded, lazy ones included, so two screenshots see the same page. */
async function imagesSettled(page: Page) {
  await page.evaluate(async () => {
    const images = [...document.images]
    for (const image of images) image.loading = 'eager'
    await Promise.all(images.map((image) => image.decode().catch(() => {})))
    await document.fonts.ready
  })
}

for (const style of styles) {
  for (const theme of themes) {
    test(`${style}, ${theme}: each public page paints the same with its critical CSS alone as with the whole stylesheet`, async ({
      request,
      token,
      browser,
    }) => {
      allowUpTo(120_000)
      await setStyle(request, token, style)
      for (const width of [390, 1280]) {
        const context = await browser.newContext({
          colorScheme: theme,
          viewport: { width, height: 900 },
        })
        const page = await context.newPage()
        // The page as the server sent it: the app never arrives, the whole stylesheet when added.
        const script = /\/assets\/.+\.js$/
        const stylesheet = /\/assets\/.+\.css$/
        await page.route(script, (route) => route.abort())
        await page.route(stylesheet, (route) => route.abort())
        for (const path of [...publicPagePaths({ project: slug }), notFoundPath]) {
          await test.step(`${width} px ${path}`, async () => {
            await page.goto(path)
            const whole = await wholeStylesheetOf(page)
            expect(whole, 'the whole stylesheet, for browsers without scripts').toMatch(
              /^\/assets\/.+\.css$/,
            )
            const inline = (await page.locator('style[data-tsr-inline-css]').textContent()) ?? ''
            await imagesSettled(page)
            const critical = await page.screenshot({ fullPage: true, animations: 'disabled' })
            await page.unroute(stylesheet)
            // An address of its own (the server reads the path alone): the boot script asks
            // for the whole stylesheet after the largest paint, and its request, aborted
            // above, may still be under way; Chromium gave this link that failed load once.
            await page.addStyleTag({ url: `${whole}?whole` })
            await imagesSettled(page)
            const full = await page.screenshot({ fullPage: true, animations: 'disabled' })
            await page.route(stylesheet, (route) => route.abort())
            const difference = await paintDifference(critical, full)
            if (difference.visible > 0 || difference.faint > difference.pixels / 1000) {
              const name = `${width}${path.replace(/\W+/g, '-')}`
              for (const [kind, body] of [
                ['critical', critical],
                ['whole', full],
              ] as const) {
                const file = test.info().outputPath(`${name}-${kind}.png`)
                writeFileSync(file, body)
                await test
                  .info()
                  .attach(`${name} ${kind}`, { path: file, contentType: 'image/png' })
              }
            }
            expect(
              difference,
              `${path} differs once the whole stylesheet is in (pixels differing visibly, faintly)`,
            ).toEqual({
              pixels: difference.pixels,
              visible: 0,
              faint: Math.min(difference.faint, Math.floor(difference.pixels / 1000)),
            })
            // And it is a part of it: the page does not carry the whole stylesheet.
            const wholeCss = await (await request.get(whole)).text()
            expect(inline.length).toBeGreaterThan(0)
            expect(inline.length).toBeLessThan(wholeCss.length * 0.8)
          })
        }
        await context.close()
      }
    })
  }
}

test('an island takes over only once the whole stylesheet is in', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.+\.css$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  // The loader has run (not `hydrated`: the held stylesheet keeps the network busy).
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'ready')
  const island = page.waitForResponse((response) =>
    /\/assets\/island-header-search-[^/]+\.js$/.test(response.url()),
  )
  // After the page loaded, the stylesheet was only fetched ahead (held here), not applied:
  // nothing is restyled after the first paint...
  await expect(page.locator('link[rel="prefetch"][as="style"]')).toHaveCount(1)
  await expect(page.locator('link[data-site-css]')).toHaveCount(0)
  // ...the box's first focus links it and fetches the search's island...
  await page.getByRole('searchbox', { name: 'Search' }).focus()
  await expect(page.locator('link[data-site-css]')).toHaveCount(1)
  await (await island).finished()
  await page.waitForTimeout(500)
  // ...but it has not taken over: the box is still the plain one.
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0)
  release()
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused()
  const rules = await page.evaluate(
    () =>
      [...document.styleSheets].find((sheet) =>
        (sheet.ownerNode as Element | null)?.hasAttribute('data-site-css'),
      )?.cssRules.length ?? 0,
  )
  expect(rules).toBeGreaterThan(0)
  await context.close()
})

test('Settings → Appearance previews each style and applies the one picked; the home page then has it', async ({
  adminPage: page,
  request,
  token,
}) => {
  await setStyle(request, token, 'minimal')
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Appearance', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible()
  const group = page.getByRole('group', { name: 'Site style' })
  await expect(group.getByRole('radio')).toHaveCount(3)
  await expect(group.getByRole('radio', { name: /Minimal/ })).toBeChecked()
  // Each preview is drawn in its own style, whatever the site's.
  for (const style of styles) {
    const name = page.getByTestId(`preview-${style}`).locator('p.font-display').first()
    await expect(name).toHaveCSS('font-family', new RegExp(`^"${displayFace[style]}"`))
  }
  await expectNoAxeViolations(page)

  await group.getByRole('radio', { name: /Bold/ }).check()
  await page.getByRole('button', { name: 'Apply style' }).click()
  await expect(page.getByText('Bold is the site’s style now.')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-style', 'bold')
  expect((await (await request.get('/api/appearance')).json()).style).toBe('bold')

  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-style', 'bold')
  await expect(page.locator('h1').first()).toHaveCSS(
    'font-family',
    /^"Bricolage Grotesque Variable"/,
  )
})

import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import {
  answerConfirm,
  chooseTheme,
  expect,
  expectNoAxeViolations,
  hydrated,
  test,
  unique,
} from '../fixtures'
import { picture, pictures } from '../support/pictures'

/**
 * The analytics screens as the owner uses them: a share link made in the admin,
 * opened by a visitor in a browser of their own, and the visit seen on the
 * Share links and Analytics screens; the range switch, the CSV export, a
 * refused target path, and the privacy note in the footer. Other journeys
 * count views at the same time: this file asserts on its own link and pages.
 */

/**
 * A visitor: a fresh browser (no token, no cookie) whose User-Agent is a
 * desktop Chrome of its own version, so the server counts it as a person
 * (Playwright's "HeadlessChrome" is a robot to it) and as a visitor apart
 * from every other test's (the visitor hash takes the IP and the User-Agent).
 */
async function visitorPage(browser: Browser): Promise<Page> {
  const build = Math.floor(Math.random() * 9000) + 1000
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${build}.0 Safari/537.36`,
  })
  return context.newPage()
}

const shareLinks = (page: Page) => page.getByRole('region', { name: 'Your links.' })

test('the owner creates a share link, a visitor opens it, the owner sees the visit', async ({
  adminPage: page,
  browser,
  context,
}) => {
  const name = unique('Acme — summer internship')
  await page.goto('/admin/share-links')
  await expect(page.getByRole('heading', { name: 'New share link.' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Leads to').selectOption({ label: 'Projects' })
  await page.getByRole('button', { name: 'Create link' }).click()
  const toasts = page.getByRole('region', { name: 'Notifications' })
  // The site's public address (SITE_URL; the e2e server's is http://localhost:{port}).
  await expect(toasts).toContainText(
    /Share link created: http:\/\/(localhost|127\.0\.0\.1):\d+\/r\//,
  )

  const row = shareLinks(page).getByRole('listitem').filter({ hasText: name })
  await expect(row.getByText('Leads to /projects')).toBeVisible()
  const address = await row.getByRole('textbox', { name: `Address of ${name}` }).inputValue()
  expect(address).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/r\/[A-Za-z0-9_-]{6,}$/)
  await expect(row.getByText('Not yet')).toHaveCount(2)

  // Copy link puts the absolute address on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await row.getByRole('button', { name: 'Copy link' }).click()
  await expect(toasts).toContainText(`Link copied: ${address}`)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

  // The visitor opens the link: it leads to the target page; a second page that day counts for it too.
  const visitor = await visitorPage(browser)
  // From another site (plain http: a page on https would send no referrer to this http server).
  const news = `news-${Date.now().toString(36)}.example`
  await visitor.goto(address, { referer: `http://${news}/jobs` })
  await expect(visitor).toHaveURL(/\/projects\?ref=/)
  await expect(visitor.getByRole('heading', { level: 1, name: 'My Projects.' })).toBeVisible()
  await visitor.goto('/contact-me')
  await expect(visitor.getByRole('heading', { level: 1, name: 'Contact Me.' })).toBeVisible()
  await visitor.context().close()

  await page.reload()
  const seen = shareLinks(page).getByRole('listitem').filter({ hasText: name })
  const stat = (label: string) => seen.locator(`dt:text-is("${label}") + dd`)
  await expect(stat('Views')).toHaveText('2')
  await expect(stat('Visitors')).toHaveText('1')
  await expect(stat('First visit')).not.toHaveText('Not yet')
  await expect(stat('Last visit')).not.toHaveText('Not yet')
  const pages = seen.getByRole('list').last()
  await expect(pages.getByRole('listitem').filter({ hasText: '/projects' })).toContainText('1 view')
  await expect(pages.getByRole('listitem').filter({ hasText: '/contact-me' })).toContainText(
    '1 view',
  )
  await expectNoAxeViolations(page)

  // The Analytics screen lists the link with the same counts, and the pages among the top.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Analytics' })
    .click()
  await expect(page).toHaveURL(/\/admin\/analytics$/)
  await expect(page.getByRole('heading', { name: 'Analytics.' })).toBeVisible()
  const linkRow = page
    .getByRole('region', { name: 'Share links' })
    .getByRole('row')
    .filter({ hasText: name })
  await expect(linkRow.getByRole('cell')).toHaveText([name, '2', '1', /\d/])
  await expect(
    page
      .getByRole('region', { name: 'Top pages' })
      .getByRole('cell', { name: '/contact-me', exact: true }),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Top referrers' }).getByRole('row').filter({ hasText: news }),
  ).toHaveText(new RegExp(`^${news.replace(/\./g, '\\.')}\\s*1$`))
  await expect(
    page.getByRole('region', { name: 'Devices' }).getByRole('cell', { name: 'Desktop' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
  // The chart, drawn by the lazily loaded library, and its words for screen readers.
  await expect(page.getByTestId('views-chart').locator('canvas')).toBeVisible()
  await expect(page.getByRole('figure')).toHaveAccessibleDescription(
    /^Page views and visitors per day from .+: [\d,]+ views? in all; the busiest day was .+\.$/,
  )
  await expectNoAxeViolations(page)
  await page.getByText('Day by day as a table').click()
  await expect(
    page.getByRole('table', { name: 'Views and visitors per day' }).getByRole('row'),
  ).toHaveCount(31)
  await expectNoAxeViolations(page)
})

test('both screens at 390 and 1280 px: the chart drawn, nothing sideways, no axe violation', async ({
  adminPage: page,
  browser,
}) => {
  const visitor = await visitorPage(browser)
  await visitor.goto('/projects')
  await visitor.context().close()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/admin/analytics')
    const chart = page.getByTestId('views-chart').locator('canvas')
    await expect(chart).toBeVisible()
    const box = await chart.boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(width / 2 - 100)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    await expectNoAxeViolations(page)
    // The chart's chunk must not bring the public stylesheet back over the admin's: the
    // menu keeps its wide-screen layout (its "Admin" heading shows from 1024 px).
    const heading = page.getByText('Admin', { exact: true })
    if (width >= 1024) await expect(heading).toBeVisible()
    else await expect(heading).toBeHidden()
    await picture(page, `admin-analytics/analytics-${width}`, { fullPage: true })

    await page.goto('/admin/share-links')
    await expect(page.getByRole('heading', { name: 'Share links.' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    await picture(page, `admin-analytics/share-links-${width}`, { fullPage: true })
  }
})

test('views and visitors are two lines of two colours in each theme, as the legend shows', async ({
  adminPage: page,
  browser,
}) => {
  const visitor = await visitorPage(browser)
  await visitor.goto('/')
  await visitor.context().close()
  for (const theme of ['light', 'dark'] as const) {
    await chooseTheme(page.context(), theme)
    await page.goto('/admin/analytics')
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const canvas = page.getByTestId('views-chart').locator('canvas')
    await expect(canvas).toBeVisible()
    const swatches = page.getByTestId('legend-swatch')
    await expect(swatches).toHaveCount(2)
    const legend = await swatches.evaluateAll((spans) =>
      spans.map((span) => {
        const style = getComputedStyle(span)
        return { colour: style.borderTopColor, line: style.borderTopStyle }
      }),
    )
    expect(legend.map((entry) => entry.line)).toEqual(['solid', 'dashed'])
    expect(legend[0]?.colour).not.toBe(legend[1]?.colour)
    // The canvas holds pixels of both colours: each line is drawn in its legend's colour.
    const drawn = await canvas.evaluate(
      (element, colours) => {
        const chart = element as HTMLCanvasElement
        const pixels = chart.getContext('2d')?.getImageData(0, 0, chart.width, chart.height).data
        const rgb = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number)
        return colours.map((css) => {
          const [r = 0, g = 0, b = 0] = rgb(css)
          let count = 0
          for (let i = 0; pixels && i < pixels.length; i += 4) {
            const near =
              Math.abs((pixels[i] ?? 0) - r) +
              Math.abs((pixels[i + 1] ?? 0) - g) +
              Math.abs((pixels[i + 2] ?? 0) - b)
            if (near < 24 && (pixels[i + 3] ?? 0) > 200) count++
          }
          return count
        })
      },
      legend.map((entry) => entry.colour),
    )
    expect(drawn[0]).toBeGreaterThan(20)
    expect(drawn[1]).toBeGreaterThan(20)
    await expectNoAxeViolations(page)
    await picture(page, `admin-analytics/chart-${theme}`)
  }
})

test('the range switch: 7, 30 and 90 days, in the address', async ({
  adminPage: page,
  browser,
}) => {
  // Something counted today, whatever ran before.
  const visitor = await visitorPage(browser)
  await visitor.goto('/')
  await visitor.context().close()

  await page.goto('/admin/analytics')
  const range = page.getByRole('navigation', { name: 'Range' })
  await range.getByRole('link', { name: '7 days' }).click()
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/)
  await expect(range.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page')
  await expect(range.getByRole('link', { name: '30 days' })).not.toHaveAttribute('aria-current')
  await expect(page.getByText('The last 7 days, today included')).toBeVisible()
  await page.getByText('Day by day as a table').click()
  const days = page.getByRole('table', { name: 'Views and visitors per day' }).getByRole('row')
  await expect(days).toHaveCount(8)

  await range.getByRole('link', { name: '90 days' }).click()
  await expect(page).toHaveURL(/\?days=90$/)
  await expect(page.getByText('The last 90 days, today included')).toBeVisible()
  // The table stays open across the switch, with the new range's days.
  await expect(days).toHaveCount(91)

  // The address alone picks the range (a reload, a bookmark).
  await page.goto('/admin/analytics?days=7')
  await expect(page.getByText('The last 7 days, today included')).toBeVisible()
})

test('the CSV export downloads the range with its header row', async ({ adminPage: page }) => {
  await page.goto('/admin/analytics?days=7')
  await expect(page.getByRole('heading', { name: 'Analytics.' })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-7d\.csv$/)
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
  const [header] = csv.split(/\r?\n/)
  expect(header).toBe(CSV_HEADER)
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Exported as')
})

test("a target path the server refuses shows the server's words under the field", async ({
  adminPage: page,
  request,
  token,
}) => {
  const bad = { name: unique('Bad target'), target_path: 'https://evil.example/phish' }
  const answer = await request.post('/api/share-links', {
    data: bad,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(answer.status()).toBe(400)
  const { error } = (await answer.json()) as { error: string }

  await page.goto('/admin/share-links')
  await page.getByLabel('Name').fill(bad.name)
  await page.getByLabel('Leads to').selectOption({ label: 'Another page (type its path)' })
  const path = page.getByLabel('Path')
  await path.fill(bad.target_path)
  await page.getByRole('button', { name: 'Create link' }).click()
  await expect(path).toHaveAttribute('aria-invalid', 'true')
  await expect(path).toHaveAccessibleDescription(new RegExp(escapeRegExp(error.replace(/\.$/, ''))))
  await expect(page.getByRole('alert')).toContainText(error.replace(/\.$/, ''))
  await expect(shareLinks(page).getByText(bad.name)).toHaveCount(0)
  await expectNoAxeViolations(page)

  // Corrected, it is created.
  await path.fill('/projects?tag=React')
  await expect(path).not.toHaveAttribute('aria-invalid')
  await page.getByRole('button', { name: 'Create link' }).click()
  await expect(
    shareLinks(page)
      .getByRole('listitem')
      .filter({ hasText: bad.name })
      .getByText('Leads to /projects?tag=React'),
  ).toBeVisible()
})

test('a share link is deleted after confirmation', async ({ adminPage: page, request, token }) => {
  const name = unique('Delete me')
  const created = await request.post('/api/share-links', {
    data: { name, target_path: '/' },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(created.status()).toBe(201)
  const { url } = (await created.json()) as { url: string }

  await page.goto('/admin/share-links')
  const row = shareLinks(page).getByRole('listitem').filter({ hasText: name })
  await row.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, false)
  await expect(row).toBeVisible()

  await row.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Share link deleted.',
  )
  await expect(row).toHaveCount(0)
  // Its address leads nowhere now.
  expect((await request.get(url, { maxRedirects: 0 })).status()).toBe(404)
})

test('the privacy note is linked from the footer and passes axe', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy.' })).toBeVisible()
  await expect(page).toHaveTitle('Privacy · Portfolio')
  await expect(page.getByRole('heading', { name: 'What is not collected' })).toBeVisible()
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-analytics/privacy', {
    widths: [390],
    schemes: ['light'],
    fullPage: true,
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The export's first line (README, Analytics). */
const CSV_HEADER = 'section,name,views,visitors'

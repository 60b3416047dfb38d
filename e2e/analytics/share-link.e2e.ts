/**
 * A share link in a real browser: `/r/{code}` lands on the page
 * with `?ref=`, nothing is stored in the browser, and the owner's list
 * counts the page loads through it: a navigation inside the site is a page
 * load (the public pages are documents), and so is a reload of the page it led
 * to (the same visitor that day). A page the browser prepares on a hover
 * (Speculation Rules) is counted when it is shown, not when it is fetched.
 * Headless Chromium says so in its User-Agent and would not be counted as a
 * visitor at all: this journey presents a desktop Chrome's.
 */
import { apiCreate, apiLogin, expect, hydrated, test, unique } from '../fixtures'

test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
})

test('a share link leads to its page and counts the visit, with no tracking cookie and no script of its own', async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request)
  const headers = { authorization: `Bearer ${token}` }
  const name = unique('Acme — summer internship')
  const created = await request.post('/api/share-links', {
    data: { name, target_path: '/projects' },
    headers,
  })
  expect(created.status()).toBe(201)
  const link = (await created.json()) as { id: number; code: string; url: string }

  await page.goto(link.url)
  await expect(page).toHaveURL(new RegExp(`/projects\\?ref=${link.code}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects.' })).toBeVisible()
  await hydrated(page)
  // Navigating inside the site is a page load (a document: docs/decisions/0389), so a view,
  // and one only even when the browser prepared the page on the hover (Speculation Rules).
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home' })
    .click()
  await expect(page).toHaveURL(/\/$/)
  await hydrated(page)
  // A reload is a page load: the same visitor, so it counts for the link too.
  await page.reload()
  await hydrated(page)
  // No cookie that counts or follows the visitor: at most the one saying the fonts are in the
  // browser's cache, which the page may have set by now (src/domain/appearance.ts).
  expect(
    (await context.cookies()).filter(
      (cookie) => !(cookie.name === 'fonts' && cookie.value === '1'),
    ),
  ).toEqual([])

  const list = await request.get('/api/share-links', { headers })
  const entry = ((await list.json()) as { id: number }[]).find((row) => row.id === link.id)
  expect(entry).toMatchObject({
    name,
    views: 3,
    visitors: 1,
    pages: [
      { path: '/', views: 2 },
      { path: '/projects', views: 1 },
    ],
  })
})

test('a page prepared on a hover counts no view; the click that shows it counts one', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request)
  const headers = { authorization: `Bearer ${token}` }
  const title = unique('Prepared Ahead')
  const project = (await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Its page is prerendered on a hover.',
    long_description: 'Long text.',
  })) as { slug: string }
  const path = `/projects/${project.slug}`
  const viewsOf = async () => {
    const summary = await request.get('/api/analytics?days=1', { headers })
    const pages = ((await summary.json()) as { pages: { path: string; views: number }[] }).pages
    return pages.find((row) => row.path === path)?.views ?? 0
  }
  const ahead: string[] = []
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === path && sent.headers()['sec-purpose']) {
      ahead.push(sent.headers()['sec-purpose'] ?? '')
    }
  })

  await page.goto('/projects')
  await hydrated(page)
  const link = page.getByRole('link', { name: title }).first()
  await link.hover()
  // Chromium fetches it ahead (`prefetch;prerender`), and the server does not count that.
  await expect.poll(() => ahead.length).toBeGreaterThan(0)
  await page.waitForTimeout(500)
  expect(await viewsOf()).toBe(0)

  await link.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await hydrated(page)
  await expect.poll(viewsOf).toBe(1)
  await page.waitForTimeout(500)
  expect(await viewsOf()).toBe(1)
})

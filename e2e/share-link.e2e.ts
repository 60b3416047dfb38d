/**
 * A share link in a real browser: `/r/{code}` lands on the page
 * with `?ref=`, nothing is stored in the browser, and the owner's list
 * counts the page loads through it: a navigation inside the site is not a
 * page load, a reload of the page it led to is (the same visitor that day).
 * Headless Chromium says so in its User-Agent and would not be counted as a
 * visitor at all: this journey presents a desktop Chrome's.
 */
import { apiLogin, expect, hydrated, test, unique } from './fixtures'

test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
})

test('a share link leads to its page and counts the visit, with no cookie and no script of its own', async ({
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
  expect(await context.cookies()).toEqual([])

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

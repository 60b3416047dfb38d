/**
 * Search and sharing in the admin: a project's own search description,
 * typed into its form, shows at once in the link preview beside it and,
 * once saved, in the project page's head; Settings → Search & sharing gives
 * the home page its own description and hides the CV from search engines.
 * On the `profile` server of its own (e2e/support/servers.ts): what it saves
 * changes the heads every other journey reads.
 */
import { apiCreate, expect, expectNoAxeViolations, test, unique } from '../fixtures'
import { pictures } from '../support/pictures'

/** A page's head as a crawler reads it: one meta tag's content. */
async function metaOf(
  request: import('@playwright/test').APIRequestContext,
  path: string,
  name: string,
): Promise<string | null> {
  const html = await (await request.get(path)).text()
  const tag = new RegExp(`<meta[^>]*(?:name|property)="${name}"[^>]*>`).exec(html)?.[0]
  return tag ? (/content="([^"]*)"/.exec(tag)?.[1] ?? null) : null
}

test('a project’s own search description: previewed as typed, in its page once saved', async ({
  adminPage: page,
  request,
  token,
}) => {
  const title = unique('Shared Engine')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Made from the short description.',
    long_description: 'Long.',
    is_published: true,
  })
  await page.goto(`/admin/projects/edit/${project.id}`)
  const seo = page.getByRole('group', { name: 'Search and sharing' })
  const preview = seo.getByRole('figure', { name: 'Link preview (Slack, LinkedIn, X)' })
  await expect(preview).toContainText('Made from the short description.')
  await seo.getByLabel('Search description').fill('What recruiters should read first.')
  await expect(preview).toContainText('What recruiters should read first.')
  await seo.getByLabel('Canonical URL').fill('not an address')
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(
    seo.getByText('Canonical URL must be an absolute http(s) URL', { exact: false }).first(),
  ).toBeVisible()
  await seo.getByLabel('Canonical URL').fill('')
  await expectNoAxeViolations(page)
  await pictures(page, 'search-sharing/project-form', { fullPage: true })
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  expect(await metaOf(request, `/projects/${project.slug}`, 'description')).toBe(
    'What recruiters should read first.',
  )
})

test('Settings → Search & sharing: the home page’s description, and the CV hidden from search engines', async ({
  adminPage: page,
  request,
}) => {
  await page.goto('/admin/search-sharing')
  await expect(page.getByRole('heading', { level: 1, name: 'Search & sharing.' })).toBeVisible()
  const home = page.getByRole('form', { name: 'Home (/)' })
  await home.getByLabel('Search description').fill('Ada builds analytical engines.')
  await expect(home.getByRole('figure')).toContainText('Ada builds analytical engines.')
  await home.getByRole('button', { name: 'Save Home' }).click()
  await expect(page.getByText('Home: search and sharing saved.', { exact: false })).toBeVisible()
  expect(await metaOf(request, '/', 'description')).toBe('Ada builds analytical engines.')

  const cv = page.getByRole('form', { name: 'CV (/cv)' })
  await cv.getByLabel('Hide from search engines').check()
  await cv.getByRole('button', { name: 'Save CV' }).click()
  await expect(page.getByText('CV: search and sharing saved.', { exact: false })).toBeVisible()
  expect(await metaOf(request, '/cv', 'robots')).toBe('noindex')
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/cv</loc>')
  await expectNoAxeViolations(page)
  await pictures(page, 'search-sharing/settings', { fullPage: true })

  // Put back: the other journeys of this server read the home page and the CV as made.
  await home.getByLabel('Search description').fill('')
  await home.getByRole('button', { name: 'Save Home' }).click()
  await expect(
    page.getByText('Home: search and sharing saved.', { exact: false }).first(),
  ).toBeVisible()
  await cv.getByLabel('Hide from search engines').uncheck()
  await cv.getByRole('button', { name: 'Save CV' }).click()
  await expect.poll(() => metaOf(request, '/cv', 'robots')).toBeNull()
})

/**
 * The CMS in the browser: a draft saved from the project form is absent
 * for visitors (list and page), shown to the signed-in admin with a Draft
 * notice, then published from the edit form; tag chips lead to the filtered
 * list; the project page shows every image with its alt text, the case
 * study's facts and the next project. Axe on each of those screens.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import {
  apiCreate,
  apiUpload,
  expect,
  expectNoAxeViolations,
  hydrated,
  test,
  unique,
} from '../fixtures'
import { picture, pictures } from '../support/pictures'
import { pngFile } from '../support/png'

/** A visitor: a browser context with no token in its storage. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

interface Row {
  id: number
  slug: string
  title: string
  is_published: boolean
}

async function adminRow(request: APIRequestContext, token: string, title: string): Promise<Row> {
  const response = await request.get('/api/projects', {
    headers: { authorization: `Bearer ${token}` },
  })
  const found = ((await response.json()) as Row[]).find((row) => row.title === title)
  if (!found) throw new Error(`no project titled ${title}`)
  return found
}

test('a draft: saved unpublished, absent for visitors, previewed by the admin, then published', async ({
  adminPage: page,
  browser,
  request,
  token,
}) => {
  const title = unique('Draft Journey')
  await page.goto('/admin/projects/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Short Description').fill('Not ready yet.')
  await page.getByLabel('Long Description').fill('Being written.')
  await page.getByLabel('Repository URL').fill('https://github.com/ada/draft-journey')
  await page.getByLabel('Role').fill('Sole developer')
  await page.getByLabel('Period').fill('Winter 2025')
  const published = page.getByRole('checkbox', { name: 'Published', exact: true })
  // A new project starts as a draft.
  await expect(published).not.toBeChecked()
  await expectNoAxeViolations(page)
  await pictures(page, 'cms/project-form', { schemes: ['light'], fullPage: true })
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  const draft = await adminRow(request, token, title)
  expect(draft.is_published).toBe(false)

  // A visitor: not in the list, its address is the 404 page.
  const outsider = await visitor(browser)
  await outsider.goto('/projects')
  await expect(outsider.getByRole('heading', { name: 'My Projects.' })).toBeVisible()
  await expect(outsider.getByText(title)).toHaveCount(0)
  const response = await outsider.goto(`/projects/${draft.slug}`)
  expect(response?.status()).toBe(404)
  await expect(outsider.getByRole('heading', { name: 'Page Not Found.' })).toBeVisible()
  await hydrated(outsider)
  await expect(outsider.getByText(title)).toHaveCount(0)

  // The admin, loading the same address: the page as it will look, marked as a draft.
  await page.goto(`/projects/${draft.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Draft — not public.')).toBeVisible()
  await expect(page.getByText('Sole developer')).toBeVisible()
  await expect(page.getByText('Winter 2025')).toBeVisible()
  await pictures(page, 'cms/draft-preview', { schemes: ['light'], fullPage: true })
  await expect(page.getByRole('link', { name: /github\.com\/ada\/draft-journey/ })).toHaveAttribute(
    'href',
    'https://github.com/ada/draft-journey',
  )
  await expectNoAxeViolations(page)
  // The admin's own public list still shows what visitors see.
  await page.goto('/projects')
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'My Projects.' })).toBeVisible()
  await expect(page.getByRole('link', { name: title })).toHaveCount(0)

  // Published from the edit form: public at once.
  await page.goto(`/admin/projects/edit/${draft.id}`)
  const box = page.getByRole('checkbox', { name: 'Published', exact: true })
  await expect(box).not.toBeChecked()
  await expect(page.getByLabel('Role')).toHaveValue('Sole developer')
  await box.check()
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect.poll(async () => (await adminRow(request, token, title)).is_published).toBe(true)

  await outsider.goto('/projects')
  await expect(outsider.getByRole('link', { name: title })).toBeVisible()
  expect((await outsider.goto(`/projects/${draft.slug}`))?.status()).toBe(200)
  await expect(outsider.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(outsider.getByText('Draft — not public.')).toHaveCount(0)
  await outsider.context().close()
})

test('a tag chip leads to the list of projects with that tag, and back to all', async ({
  page,
  request,
  token,
}) => {
  const tag = unique('Tagzilla').replaceAll(' ', '-')
  const tagged = await apiCreate(request, token, '/api/projects', {
    title: unique('Tagged Project'),
    description: 'Has the tag.',
    long_description: 'Long text.',
    tags: [tag, 'Shared'],
  })
  const other = await apiCreate(request, token, '/api/projects', {
    title: unique('Untagged Project'),
    description: 'Has no such tag.',
    long_description: 'Long text.',
    tags: ['Shared'],
  })
  await page.goto(`/projects/${tagged.slug}`)
  await hydrated(page)
  await page.getByRole('link', { name: tag, exact: true }).click()
  await expect(page).toHaveURL(`/projects?tag=${encodeURIComponent(tag)}`)
  await expect(page.getByText(`Tagged ${tag}`)).toBeVisible()
  await expect(page.getByRole('link', { name: tagged.title })).toBeVisible()
  await expect(page.getByRole('link', { name: other.title })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await pictures(page, 'cms/tag-filter', { schemes: ['light'], fullPage: true })

  // Shareable: the same address loaded afresh, in another case, lists the same.
  await page.goto(`/projects?tag=${encodeURIComponent(tag.toUpperCase())}`)
  await expect(page.getByRole('link', { name: tagged.title })).toBeVisible()
  await expect(page.getByRole('link', { name: other.title })).toHaveCount(0)
  await hydrated(page)
  await page.getByRole('link', { name: 'Show all projects' }).click()
  await expect(page).toHaveURL('/projects')
  await expect(page.getByRole('link', { name: other.title })).toBeVisible()

  // A chip on a card is its own link, not the card's.
  const card = page.getByRole('article').filter({ hasText: other.title })
  await card.getByRole('link', { name: 'Shared', exact: true }).click()
  await expect(page).toHaveURL('/projects?tag=Shared')
  await page.goto('/projects?tag=no-such-tag-anywhere')
  await expect(page.getByText('No projects are tagged no-such-tag-anywhere.')).toBeVisible()
})

test('the project page: every image with its alt text, the facts, and the next project', async ({
  page,
  request,
  token,
}) => {
  const upload = await apiUpload(
    request,
    token,
    pngFile(`${unique('gallery')}.png`, 64, 36),
    'The settings screen in dark mode',
  )
  const next = await apiCreate(request, token, '/api/projects', {
    title: unique('After Gallery'),
    description: 'Comes next.',
    long_description: 'Long text.',
  })
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Gallery Project'),
    description: 'Many images.',
    long_description: 'Long text.',
    website_url: 'https://example.com/gallery',
    repo_url: 'https://github.com/ada/gallery',
    role: 'Designer and developer',
    period: '2023 – 2024',
    image_urls: ['/profile.svg', upload.url, '/favicon.svg'],
  })
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/projects/${project.slug}`)
    await hydrated(page)
    await expect(page.getByRole('img', { name: `Screenshot of ${project.title}` })).toBeVisible()
    const gallery = page.getByRole('region', { name: 'Gallery.' })
    const links = gallery.getByRole('link')
    await expect(links).toHaveCount(2)
    await expect(links.nth(0)).toHaveAccessibleName('The settings screen in dark mode')
    await expect(links.nth(0)).toHaveAttribute('href', upload.url)
    await expect(links.nth(1)).toHaveAccessibleName(`Screenshot 3 of ${project.title}`)
    await expect(gallery.getByRole('img')).toHaveCount(2)
    await expect(page.getByText('Designer and developer')).toBeVisible()
    await expect(page.getByRole('link', { name: /example\.com\/gallery/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /github\.com\/ada\/gallery/ })).toBeVisible()
    await expect(page.getByRole('link', { name: `Next project: ${next.title}` })).toBeVisible()
    await picture(page, `cms/project-page-${width}`, { fullPage: true })
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
  }
  await expectNoAxeViolations(page)
  // Keyboard: the gallery's links are reachable by Tab.
  await links0Focus(page)
  await page.getByRole('link', { name: `Next project: ${next.title}` }).click()
  await expect(page).toHaveURL(`/projects/${next.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible()
})

/** Tabs from the top of the page until the first gallery link has focus. */
async function links0Focus(page: Page) {
  const first = page.getByRole('region', { name: 'Gallery.' }).getByRole('link').first()
  await page.locator('body').focus()
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    if (await first.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error('the first gallery link never took the focus')
}

/**
 * Traps a new owner or a visitor met: the header names the owner on a
 * phone, the header stays in one place from page to page at 1280 px, the
 * admin has screens of its own for projects and the timeline and its own
 * 404, and a project's address can be chosen in its form (the former one
 * leads to the new one).
 */
import { apiCreate, expect, expectNoAxeViolations, hydrated, test, unique } from '../fixtures'

test('at 390 px a visitor deep-linked to a project sees whose site it is', async ({
  page,
  request,
  token,
}) => {
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Deep Link'),
    description: 'Reached from a link in a message.',
    long_description: 'Long.',
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/projects/${project.slug}`)
  await hydrated(page)
  const banner = page.getByRole('banner')
  const name = banner.getByText('Ada Lovelace', { exact: true })
  await expect(name).toBeVisible()
  const box = await name.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  // The three links are still there, each on one line, and nothing is wider than the screen.
  const nav = banner.getByRole('navigation', { name: 'Main' })
  for (const link of ['Home', 'Projects', 'Contact']) {
    const linkBox = await nav.getByRole('link', { name: link }).boundingBox()
    expect(linkBox?.height ?? 0, link).toBeLessThan(40)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
})

test('at 1280 px the header’s name is at the same place on every public page; /projects has three cards a row', async ({
  page,
  request,
  token,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Frame Check'),
    description: 'One of three cards a row.',
    long_description: 'Long.',
    tags: ['Frame', 'Grid'],
  })
  for (const n of [2, 3]) {
    await apiCreate(request, token, '/api/projects', {
      title: unique(`Frame Check ${n}`),
      description: 'Another card.',
      long_description: 'Long.',
      tags: ['Frame'],
    })
  }
  const paths = [
    '/',
    '/projects',
    `/projects/${project.slug}`,
    '/contact-me',
    '/search?q=frame',
    '/privacy',
    '/no-such-page',
  ]
  const places: Record<string, { x: number; mainWidth: number }> = {}
  for (const path of paths) {
    await page.goto(path)
    const logo = page.getByRole('banner').getByRole('link', { name: 'Ada Lovelace' })
    const box = await logo.boundingBox()
    const main = await page.getByRole('main').boundingBox()
    places[path] = { x: Math.round(box?.x ?? -1), mainWidth: Math.round(main?.width ?? 0) }
  }
  const xs = new Set(Object.values(places).map((place) => place.x))
  expect(xs.size, JSON.stringify(places)).toBe(1)
  const widths = new Set(Object.values(places).map((place) => place.mainWidth))
  expect(widths.size, JSON.stringify(places)).toBe(1)
  expect(places['/']?.mainWidth).toBe(1200)

  await page.goto('/projects')
  // The grid's own items: a card's tags are a list of their own, nested in its item.
  const cards = page.getByRole('main').getByRole('list').first().locator(':scope > li')
  const tops = await cards.evaluateAll((items) =>
    items.slice(0, 3).map((item) => Math.round(item.getBoundingClientRect().top)),
  )
  expect(tops).toHaveLength(3)
  expect(new Set(tops).size, JSON.stringify(tops)).toBe(1)
  await expectNoAxeViolations(page)
})

test('/admin/nope: 404, the admin’s own “Page Not Found.” inside its frame', async ({
  adminPage: page,
}) => {
  const response = await page.goto('/admin/nope')
  expect(response?.status()).toBe(404)
  const main = page.getByRole('main')
  await expect(main.getByRole('navigation', { name: 'Admin' })).toBeVisible()
  await expect(main.getByRole('heading', { level: 1, name: 'Page Not Found.' })).toBeVisible()
  await expect(main.getByText('This address is not a screen of the admin')).toBeVisible()
  // Not the public 404: its "Go back home" is not there.
  await expect(main.getByRole('link', { name: 'Go back home' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await main.getByRole('link', { name: 'Go to the dashboard' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard.' })).toBeVisible()
})

test('Projects and Timeline have screens of their own, reached from the admin menu', async ({
  adminPage: page,
  request,
  token,
}) => {
  const title = unique('Own Screen')
  await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Listed on /admin/projects.',
    long_description: 'Long.',
  })
  const event = unique('Own Event')
  await apiCreate(request, token, '/api/timeline', { title: event, start_date: 'Jan 2025' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/admin')
  const menu = page.getByRole('navigation', { name: 'Admin' })
  await menu.getByRole('link', { name: 'Projects' }).click()
  await expect(page).toHaveURL(/\/admin\/projects$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Projects.' })).toBeVisible()
  await expect(page.getByText(title)).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page')
  await expectNoAxeViolations(page)

  await menu.getByRole('link', { name: 'Timeline' }).click()
  await expect(page).toHaveURL(/\/admin\/timeline$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline.' })).toBeVisible()
  await expect(page.getByText(event)).toBeVisible()
  await expectNoAxeViolations(page)

  // The spec's dashboard keeps its sections.
  await menu.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Manage Timeline.' })).toBeVisible()
})

test('a project’s address is chosen in its form; the former one leads to it, a taken one is refused', async ({
  adminPage: page,
  request,
  token,
}) => {
  const title = unique('Café Finder')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Finds cafés.',
    long_description: 'Long.',
  })
  expect(project.slug).toMatch(/^cafe-finder-/)
  const other = await apiCreate(request, token, '/api/projects', {
    title: unique('Taken Address'),
    description: 'Holds an address.',
    long_description: 'Long.',
  })
  await page.goto(`/admin/projects/edit/${project.id}`)
  const address = page.getByLabel('Address')
  await expect(address).toHaveValue(project.slug)
  await expect(page.getByText(`Published at /projects/${project.slug}.`)).toBeVisible()

  await address.fill(other.slug)
  await page.getByRole('button', { name: 'Save Project' }).click()
  // Under the field, and in the form's summary.
  await expect(page.locator('#project-slug-error')).toHaveText(
    `Address "${other.slug}" is already taken by another project: choose another.`,
  )
  await expect(address).toHaveAttribute('aria-invalid', 'true')

  const chosen = `${project.slug}-mine`
  await address.fill(`${project.slug} Mine`)
  await expect(page.getByText(`Published at /projects/${chosen}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  const moved = await request.get(`/projects/${project.slug}`, { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toBe(`/projects/${chosen}`)
  await page.goto(`/projects/${project.slug}`)
  await expect(page).toHaveURL(new RegExp(`/projects/${chosen}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

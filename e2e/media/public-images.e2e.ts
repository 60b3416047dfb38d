import { apiCreate, expect, hydrated, test, unique } from '../fixtures'

/**
 * An image URL that leads nowhere shows the project's generated cover, never
 * the browser's broken-image icon: whether it failed before the page was
 * hydrated (server-rendered, the error event came before React listened)
 * or after (a client-side navigation, a lazy image scrolled into view).
 */

test('a broken image that fails before hydration is replaced by the generated cover', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Broken Before')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Its image is missing.',
    long_description: 'Long.',
    image_urls: ['/no-such-image-before.png'],
  })
  await apiCreate(request, token, '/api/timeline', {
    title: unique('Broken Icon Job'),
    start_date: 'Jan 2020',
    icon_path: '/no-such-icon.png',
  })
  // Hold the page's script until the image has surely failed.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.goto(`/projects/${project.slug}`)
  await expect
    .poll(() =>
      page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('img[src="/no-such-image-before.png"]')
        return img ? img.complete && img.naturalWidth === 0 : 'gone'
      }),
    )
    .not.toBe(false)
  await hydrated(page)
  await expect(page.locator('img[src="/no-such-image-before.png"]')).toHaveCount(0)
  const cover = page.getByRole('main').locator('img[src^="/covers/"]')
  await expect(cover).toBeVisible()
  await expect(cover).toHaveAttribute('src', new RegExp(`^/covers/projects/${project.slug}\\.svg`))
})

test('a broken image that fails after hydration is replaced too', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Broken After')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Its image is missing too.',
    long_description: 'Long.',
    image_urls: ['/no-such-image-after.png'],
  })
  await page.goto('/projects')
  await hydrated(page)
  const card = page.getByRole('article').filter({ hasText: title })
  await card.scrollIntoViewIfNeeded()
  await expect(card.locator('img[src="/no-such-image-after.png"]')).toHaveCount(0)
  await expect(card.locator('img[src^="/covers/"]')).toBeVisible()
  // A client-side navigation: the page's image is made, and fails, after hydration.
  await card.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.locator('img[src="/no-such-image-after.png"]')).toHaveCount(0)
  await expect(page.getByRole('main').locator('img[src^="/covers/"]')).toBeVisible()
})

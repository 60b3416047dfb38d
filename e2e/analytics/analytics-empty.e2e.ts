import { expect, expectNoAxeViolations, test } from '../fixtures'

/**
 * The Analytics screen of a site nobody has visited yet. Any public page
 * view would fill it, so this runs in a Playwright project of its own
 * (`fresh`) before every other journey, on the server's new data directory.
 */
test('before the first visit the Analytics screen says that nothing is counted yet', async ({
  adminPage: page,
}) => {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url())
  })
  await page.goto('/admin/analytics?days=7')
  await expect(page.getByRole('heading', { name: 'Analytics.' })).toBeVisible()
  await expect(page.getByText('Nothing counted in the last 7 days yet.')).toBeVisible()
  const totals = page.locator('dl').first()
  await expect(totals.locator('dd')).toHaveText(['0', '0'])
  // No chart of zeros, and its library is not fetched.
  await expect(page.getByRole('figure')).toHaveCount(0)
  expect(scripts.some((url) => url.includes('views-chart'))).toBe(false)
  await expect(page.getByRole('region', { name: 'Top pages' })).toContainText(
    'No page views in this range.',
  )
  await expect(page.getByRole('region', { name: 'Share links' })).toContainText(
    'No share links yet.',
  )
  await expectNoAxeViolations(page)
})

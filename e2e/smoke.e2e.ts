import { expect, test } from './fixtures'

test('the home page renders the owner headline', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada Lovelace')
})

import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

/** Texts that only admin screens contain: their presence means admin code was fetched. */
const adminOnly = ['Manage Projects.', 'Save Project', 'Save Event', 'Login failed', 'Sign out']

function recordScripts(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text())
  })
  return bodies
}

test('public pages never fetch admin code', async ({ page }) => {
  const bodies = recordScripts(page)
  for (const path of ['/', '/projects', '/contact-me', '/no-such-page']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  const scripts = await Promise.all(bodies)
  expect(scripts.length).toBeGreaterThan(0)
  for (const text of adminOnly) {
    expect(
      scripts.some((script) => script.includes(text)),
      text,
    ).toBe(false)
  }
})

test('the admin screens arrive in their own chunks', async ({ adminPage: page }) => {
  const bodies = recordScripts(page)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
  const scripts = await Promise.all(bodies)
  expect(scripts.some((script) => script.includes('Manage Projects.'))).toBe(true)
})

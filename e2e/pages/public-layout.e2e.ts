import { expect, test } from '../fixtures'

test.describe('site layout', () => {
  test('the sticky header links home, to projects and to contact, never to /login', async ({
    page,
  }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header).toHaveCSS('position', 'sticky')
    const nav = header.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects')
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-me')
    await expect(page.locator('a[href="/login"], a[href^="/login?"]')).toHaveCount(0)

    await nav.getByRole('link', { name: 'Projects' }).click()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My Projects.' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await nav.getByRole('link', { name: 'Contact' }).click()
    await expect(page).toHaveURL(/\/contact-me$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Me.' })).toBeVisible()
    await expect(page.locator('a[href="/login"]')).toHaveCount(0)

    await nav.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hi, I'm Ada Lovelace!")
  })

  test('on the narrowest phones the header and the timeline tabs fit: each link on one line, nothing wider than the screen', async ({
    page,
  }) => {
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 640 })
      await page.goto('/')
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
      for (const name of ['Home', 'Projects', 'Contact']) {
        const link = nav.getByRole('link', { name })
        // One line of 14 px text with its padding; a word broken in two is twice as tall.
        expect((await link.boundingBox())?.height ?? 0, `${name} at ${width} px`).toBeLessThan(40)
      }
      const widest = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(widest, `page width at ${width} px`).toBeLessThanOrEqual(width)
      // The timeline's two tabs (the spec's long "Projects & Experience") fit in their bar.
      const tabs = await page
        .getByRole('tablist')
        .evaluate((list) => [list.scrollWidth, list.clientWidth])
      expect(tabs[0], `tab bar at ${width} px`).toBeLessThanOrEqual(tabs[1] ?? 0)
    }
  })

  test('the footer names the owner with the current year and links the privacy note on every page', async ({
    page,
  }) => {
    const year = new Date().getFullYear()
    for (const path of ['/', '/projects', '/contact-me', '/privacy', '/no-such-page']) {
      await page.goto(path)
      const footer = page.getByRole('contentinfo')
      // The spec's line, word for word; the privacy link stands beside it.
      await expect(
        footer.getByText(`© ${year} Ada Lovelace. All rights reserved.`, { exact: true }),
      ).toBeVisible()
      await expect(footer.getByRole('link')).toHaveCount(1)
      await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute(
        'href',
        '/privacy',
      )
    }
  })

  test('each page has its own document title', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('Ada Lovelace · Portfolio')
    await page.goto('/projects')
    await expect(page).toHaveTitle('My Projects · Portfolio')
    await page.goto('/contact-me')
    await expect(page).toHaveTitle('Contact Me · Portfolio')
  })

  test('a skip link jumps the keyboard past the header', async ({ page }) => {
    await page.goto('/contact-me')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Me.' })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
  })
})

test.describe('404 and error pages', () => {
  test('an unknown path shows the 404 page inside the layout, and Go back home leads to /', async ({
    page,
  }) => {
    await page.goto('/this/page/does-not-exist')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found.' })).toBeVisible()
    await expect(
      page.getByText('Sorry, the page you are looking for does not exist.', { exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('Ada Lovelace')

    const home = page.getByRole('main').getByRole('link', { name: 'Go back home' })
    await expect(home).toHaveAttribute('href', '/')
    await home.click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hi, I'm Ada Lovelace!")
  })

  // A page whose data fails to load is the server's 500 with the error page (a public page is a
  // document: no load happens in the browser); server/tests/pages/ssr.test.ts renders it.
})

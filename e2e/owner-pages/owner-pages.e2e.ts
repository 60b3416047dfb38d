/**
 * The owner's own pages and the menu: a *Uses* page written in the admin
 * (list layout), added to the header in Settings → Navigation with an
 * outside link, then seen in the header at 1280 px and in the folded menu
 * (a `<details>` disclosure) at 390 px, with and without script, in both
 * themes, axe clean. It runs on a server of its own (`menus`,
 * e2e/support/servers.ts): the menu is on every public page. The menu goes
 * back to its default afterwards.
 */
import type { Browser } from '@playwright/test'
import {
  allowUpTo,
  colourRules,
  e2eAdmin,
  expect,
  expectNoAxeViolations,
  hydrated,
  test,
  unique,
} from '../fixtures'
import { picture, pictures } from '../support/pictures'

test.describe.configure({ mode: 'serial' })

const title = unique('Uses')
let slug = ''

const defaultMenu = {
  header: ['home', 'projects', 'contact', 'notes'].map((screen) => ({ type: 'screen', screen })),
  footer: [],
}

test.afterAll(async ({ browser }) => {
  // The header the other journeys expect; the page to the Trash.
  const context = await browser.newContext()
  const request = context.request
  const login = await request.post('/api/auth/login', { data: e2eAdmin })
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  await request.put('/api/navigation', { headers, data: defaultMenu })
  const page = await request.get(`/api/pages/${encodeURIComponent(slug)}`)
  if (slug && page.ok()) {
    const { id } = (await page.json()) as { id: number }
    await request.delete(`/api/pages/${id}`, { headers })
  }
  await context.close()
})

test('a Uses page is written in the admin, with a list of items', async ({ adminPage: page }) => {
  allowUpTo(60_000)
  await page.goto('/admin/pages')
  await expect(page.getByRole('heading', { level: 1, name: 'Pages.' })).toBeVisible()
  await pictures(page, 'owner-pages/admin-pages')
  await page.getByRole('link', { name: 'New Page' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New Page.' })).toBeVisible()
  await page.getByLabel('Title').fill(title)
  // The site's own addresses are refused with a sentence, under the Address field.
  await page.getByLabel('Address').fill('projects')
  await page.getByLabel('Text', { exact: true }).fill('What I work with, **every day**.')
  await page.getByLabel(/^List:/).check()
  await page.getByRole('button', { name: 'Add item' }).click()
  await page.getByLabel('Item 1 title').fill('Keyboard')
  await page.getByLabel('Item 1 link').fill('https://keys.example/k1')
  await page.getByLabel('Item 1 note').fill('Brown switches, every day.')
  await page.getByRole('button', { name: 'Add item' }).click()
  await page.getByLabel('Item 2 title').fill('Editor')
  await page.getByLabel('Published').check()
  await pictures(page, 'owner-pages/admin-page-editor', { fullPage: true })
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.locator('#page-slug-error')).toHaveText(
    'Address "/projects" belongs to the site itself: choose another.',
  )
  await page.getByLabel('Address').fill('')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Page published.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/pages$/)
  const row = page.getByRole('listitem').filter({ hasText: title })
  await expect(row.getByText('Published')).toBeVisible()
  slug = ((await row.getByText(/^\/uses-/).textContent()) ?? '').slice(1)
  expect(slug).toMatch(/^uses-/)
})

test('Settings → Navigation adds it to the header with an outside link; Home, Projects and Contact stay', async ({
  adminPage: page,
}) => {
  allowUpTo(60_000)
  await page.goto('/admin/navigation')
  await expect(page.getByRole('heading', { level: 1, name: 'Navigation' })).toBeVisible()
  const header = page.getByRole('group', { name: 'Header menu' })
  const list = header.getByRole('list', { name: 'Header menu, in order' })
  // The spec's three cannot be removed, hidden or renamed.
  const homeRow = list.getByRole('listitem').filter({ hasText: /^Home/ })
  await expect(homeRow.getByRole('button', { name: 'Remove' })).toHaveCount(0)
  await expect(homeRow.getByRole('checkbox', { name: 'Shown' })).toBeDisabled()
  await header.getByLabel('Add to the header').selectOption({ label: title })
  await header.getByRole('button', { name: 'Add' }).click()
  const pageRow = list.getByRole('listitem').filter({ hasText: title })
  await pageRow.getByRole('textbox', { name: 'Label' }).fill('Uses')
  await header.getByLabel('Add to the header').selectOption({ label: 'An outside link…' })
  await header.getByLabel('Link address').fill('https://code.example/ada')
  await header.getByLabel('Link label').fill('Code')
  await header.getByRole('button', { name: 'Add' }).click()
  // By keyboard: Move up until the page comes after Projects, the focus staying on the
  // button. How far that is depends on what else the header shows (Notes, once another
  // journey has published one), so it is counted first.
  const texts = await list.getByRole('listitem').allTextContents()
  const start = texts.findIndex((text) => text.includes(title))
  const projects = texts.findIndex((text) => text.startsWith('Projects'))
  expect(start - projects).toBeGreaterThan(1)
  await pageRow.getByRole('button', { name: 'Move up' }).focus()
  for (let at = start - 1; at > projects; at--) {
    await page.keyboard.press('Enter')
    await expect(list.getByRole('listitem').nth(at)).toContainText(title)
  }
  await pictures(page, 'owner-pages/admin-navigation', { fullPage: true })
  await page.getByRole('button', { name: 'Save menus' }).click()
  await expect(page.getByText('Menus saved.')).toBeVisible()
})

async function publicPage(
  browser: Browser,
  options: { width: number; scheme: 'light' | 'dark'; script: boolean },
) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: 900 },
    colorScheme: options.scheme,
    javaScriptEnabled: options.script,
  })
  const page = await context.newPage()
  await page.goto('/')
  if (options.script) await hydrated(page)
  return { context, page }
}

for (const scheme of ['light', 'dark'] as const) {
  for (const script of [true, false]) {
    const how = `${scheme}, ${script ? 'with' : 'without'} script`

    test(`1280 px, ${how}: the header shows the page and the outside link in the owner's order`, async ({
      browser,
    }) => {
      allowUpTo(60_000)
      const { context, page } = await publicPage(browser, { width: 1280, scheme, script })
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
      const row = nav.getByRole('list').first()
      await expect(row).toBeVisible()
      await expect(nav.getByRole('group')).toHaveCount(0)
      const labels = await row.getByRole('link').allTextContents()
      expect(labels.slice(0, 3)).toEqual(['Home', 'Projects', 'Uses'])
      expect(labels).toContain('Contact')
      const code = row.getByRole('link', { name: 'Code (opens in a new tab)' })
      await expect(code).toHaveAttribute('target', '_blank')
      await expect(code).toHaveAttribute('href', 'https://code.example/ada')
      if (script) await expectNoAxeViolations(page, scheme === 'dark' ? { rules: colourRules } : {})
      await picture(page, `owner-pages/header-1280-${scheme}${script ? '' : '-no-script'}`)
      await row.getByRole('link', { name: 'Uses' }).click()
      await expect(page).toHaveURL(new RegExp(`/${slug}$`))
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Keyboard' })).toHaveAttribute(
        'href',
        'https://keys.example/k1',
      )
      await expect(page.getByText('Brown switches, every day.')).toBeVisible()
      if (script) {
        await expect(row.getByRole('link', { name: 'Uses' })).toHaveAttribute(
          'aria-current',
          'page',
        )
        await expectNoAxeViolations(page, scheme === 'dark' ? { rules: colourRules } : {})
      }
      await picture(page, `owner-pages/uses-1280-${scheme}${script ? '' : '-no-script'}`, {
        fullPage: true,
      })
      await context.close()
    })

    test(`390 px, ${how}: the menu folds into a disclosure that opens and leads to the page`, async ({
      browser,
    }) => {
      allowUpTo(60_000)
      const { context, page } = await publicPage(browser, { width: 390, scheme, script })
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
      await expect(nav.getByRole('list').first()).toBeHidden()
      const menu = nav.locator('details')
      const summary = menu.locator('summary')
      await expect(summary).toHaveText(/Menu/)
      await expect(menu.getByRole('link', { name: 'Uses' })).toBeHidden()
      await summary.click()
      await expect(menu).toHaveAttribute('open', '')
      for (const name of ['Home', 'Projects', 'Contact', 'Uses', 'Code (opens in a new tab)']) {
        await expect(menu.getByRole('link', { name })).toBeVisible()
      }
      const widest = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(widest).toBeLessThanOrEqual(390)
      if (script) await expectNoAxeViolations(page, scheme === 'dark' ? { rules: colourRules } : {})
      await picture(page, `owner-pages/header-390-${scheme}${script ? '' : '-no-script'}-open`)
      await menu.getByRole('link', { name: 'Uses' }).click()
      await expect(page).toHaveURL(new RegExp(`/${slug}$`))
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      // With script the page changed in place: the disclosure closed behind the link.
      await expect(nav.locator('details')).not.toHaveAttribute('open', '')
      await picture(page, `owner-pages/uses-390-${scheme}${script ? '' : '-no-script'}`, {
        fullPage: true,
      })
      await context.close()
    })
  }
}

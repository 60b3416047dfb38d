import type { Page } from '@playwright/test'
import { screenPaths } from '../../scripts/screenshots-core'
import { notFoundPath, publicPagePaths } from '../../scripts/site-pages'
import {
  apiCreate,
  apiLogin,
  apiUpload,
  chooseTheme,
  colourRules,
  expect,
  expectNoAxeViolations,
  hydrated,
  sendRealMessage,
  signInPage,
  storedTheme,
  test,
  unique,
  wholeStylesheetOf,
} from '../fixtures'
import { pngFile } from '../support/png'

/**
 * The themes in the browser: every public page and the admin screens
 * pass axe in the light theme (every rule) and in the dark theme (the rules
 * on colour: contrast, and links told apart from text), whether the theme
 * comes from the device (prefers-color-scheme) or from the visitor's stored
 * choice (the `theme` cookie, which the server renders onto <html>); the
 * header's control cycles system → light → dark, in place with script and as
 * a form without, remembers the choice across reloads and never paints the
 * wrong theme first. These
 * journeys have a server of their own (e2e/support/servers.ts): its screens
 * hold what they make, one of each kind, rather than what every journey made.
 */

/** The themes' page backgrounds (styles.css: --color-surface). */
const background = { light: 'rgb(248, 250, 252)', dark: 'rgb(2, 6, 23)' } as const
type Theme = keyof typeof background

let slug = ''

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request)
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Night Owl'),
    description: 'Readable by day and by night.',
    long_description:
      'A paragraph with a [link](https://example.com) and `code`.\n\n```ts\nconst theme: string = "dark" // a comment\n```',
    website_url: 'https://owl.example',
    image_urls: ['/profile.svg'],
    tags: ['Themes'],
    is_featured: true,
  })
  slug = project.slug
  await apiCreate(request, token, '/api/timeline', {
    title: unique('Observatory'),
    start_date: 'Jan 2022',
    position: 'Astronomer',
    description: ['Watched the dark sky'],
    event_type: 'experience',
  })
  // Something on each admin screen: an image in the library, a message in the inbox.
  await apiUpload(request, token, pngFile('night-sky.png', 320, 200), 'The night sky')
  await sendRealMessage(request, {
    name: 'Stargazer',
    email: 'stargazer@example.com',
    message: 'Is the site as readable at night as by day?',
  })
})

/**
 * The theme the page shows. On a public page <html> carries `data-theme` only
 * for a visitor's choice (design.css follows the device otherwise); the app's
 * head script always sets it: the colours and the scheme are what tell.
 */
async function expectTheme(page: Page, theme: Theme) {
  await expect(page.locator('body')).toHaveCSS('background-color', background[theme])
  await expect(page.locator('html')).toHaveCSS('color-scheme', theme)
}

/** The public pages by name: `slug` is only known once beforeAll has run. */
const publicPageNames = [...publicPagePaths({ project: ':project' }), notFoundPath, '/login']
const publicPath = (name: string) => name.replace(':project', slug)
/** The admin screens `bun run screenshots` takes: each in both themes, with axe. */
const adminPages = screenPaths('').admin.filter((path) => path.startsWith('/admin'))

// One test per page: the pages share the workers, and each has a limit of its own.
test.describe.configure({ mode: 'parallel' })

for (const theme of ['light', 'dark'] as const) {
  test.describe(`the ${theme} theme from the device`, () => {
    test.use({ colorScheme: theme })
    // The light theme, every rule; the dark one, the same markup in other colours.
    const rules = theme === 'dark' ? { rules: colourRules } : {}

    for (const name of publicPageNames) {
      test(`${name} applies it and axe finds no violation`, async ({ page }) => {
        await page.goto(publicPath(name))
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        await page.waitForFunction(() => !('$_TSR' in window))
        await expectTheme(page, theme)
        await expectNoAxeViolations(page, rules)
      })
    }

    for (const path of adminPages) {
      test(`the admin's ${path} applies it and axe finds no violation`, async ({ page, token }) => {
        await signInPage(page, token)
        await page.goto(path)
        await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible()
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached()
        await page.waitForLoadState('networkidle')
        await expectTheme(page, theme)
        await expectNoAxeViolations(page, rules)
      })
    }
  })
}

test.describe('a stored choice wins over the device', () => {
  test.use({ colorScheme: 'light' })

  // The dark pages above ran the rules of the device's scheme on the public pages and those of a
  // choice on the app's (whose head script always sets <html data-theme>). What could still
  // differ is a dark rule written for one of the two alone: the stylesheets say whether there is
  // one. Then one page, chosen dark on a light device, shows the choice at work.
  test('each dark rule of every stylesheet applies from a stored choice as from the device, and only without a choice from the device', async ({
    page,
    token,
  }) => {
    const sheets = new Set<string>()
    await signInPage(page, token)
    for (const path of ['/', '/admin']) {
      await page.goto(path)
      await hydrated(page)
      for (const href of await page
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href)))
        sheets.add(href)
      const whole = await wholeStylesheetOf(page)
      if (whole) sheets.add(new URL(whole, page.url()).href)
    }
    expect(sheets.size).toBeGreaterThanOrEqual(2)
    let compared = 0
    for (const href of sheets) {
      const css = await (await page.request.get(href)).text()
      const found = await page.evaluate((text) => {
        const sheet = new CSSStyleSheet()
        sheet.replaceSync(text)
        const device: string[] = []
        const stored: string[] = []
        const deviceOnly: string[] = []
        const walk = (rules: CSSRuleList, underDevice: boolean) => {
          for (const rule of rules) {
            if (rule instanceof CSSMediaRule) {
              walk(
                rule.cssRules,
                underDevice || rule.conditionText.includes('prefers-color-scheme: dark'),
              )
            } else if (rule instanceof CSSLayerBlockRule || rule instanceof CSSSupportsRule) {
              walk(rule.cssRules, underDevice)
            } else if (rule instanceof CSSStyleRule) {
              const block = `${rule.selectorText} { ${rule.style.cssText} }`
              if (underDevice) {
                device.push(
                  block.replaceAll(':root:not([data-theme="light"])', '[data-theme="dark"]'),
                )
                const selectors = rule.selectorText.split(',')
                if (
                  selectors.some(
                    (selector) => !selector.includes(':root:not([data-theme="light"])'),
                  )
                )
                  deviceOnly.push(rule.selectorText)
              } else if (rule.selectorText.includes('[data-theme="dark"]')) {
                stored.push(block)
              }
              if (rule.cssRules.length > 0) walk(rule.cssRules, underDevice)
            }
          }
        }
        walk(sheet.cssRules, false)
        return { device, stored, deviceOnly }
      }, css)
      compared += found.device.length
      const name = new URL(href).pathname
      expect(
        found.deviceOnly,
        `${name}: rules the device's scheme applies over a stored choice`,
      ).toEqual([])
      expect(
        found.device.filter((block) => !found.stored.includes(block)),
        `${name}: dark rules a stored choice does not apply`,
      ).toEqual([])
      expect(
        found.stored.filter((block) => !found.device.includes(block)),
        `${name}: dark rules the device's scheme does not apply`,
      ).toEqual([])
    }
    // The dark tokens of :root, of each site style and of the Markdown prose, in each stylesheet.
    expect(compared, 'dark rules compared').toBeGreaterThanOrEqual(10)
  })

  test('dark chosen on a light device: a project page (prose, code, images) is dark and its contrast passes axe', async ({
    page,
  }) => {
    await chooseTheme(page.context(), 'dark')
    await page.goto(publicPath(`/projects/:project`))
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await page.waitForFunction(() => !('$_TSR' in window))
    await expectTheme(page, 'dark')
    await expectNoAxeViolations(page, { rules: ['color-contrast'] })
  })
})

test.describe('the theme control', () => {
  test.use({ colorScheme: 'light' })

  const control = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Theme:/ })

  test('cycles system → light → dark → system, names the current and the next, and remembers the choice across reloads', async ({
    page,
  }) => {
    await page.goto('/')
    await hydrated(page)
    await expect(control(page)).toHaveAccessibleName('Theme: system. Switch to light')
    await expectTheme(page, 'light')
    expect(await storedTheme(page.context())).toBeNull()
    // Pressed with script, it is handled in place: the same document all along.
    await page.evaluate(() => {
      ;(window as unknown as { samePage: boolean }).samePage = true
    })

    await control(page).click()
    await expect(control(page)).toHaveAccessibleName('Theme: light. Switch to dark')
    await expectTheme(page, 'light')
    expect(await storedTheme(page.context())).toBe('light')

    await control(page).click()
    await expect(control(page)).toHaveAccessibleName('Theme: dark. Switch to system')
    await expectTheme(page, 'dark')
    expect(await storedTheme(page.context())).toBe('dark')
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    )
    // Its icon is the moon alone (shown by CSS from <html data-theme-choice>).
    await expect(control(page).locator('.theme-option-dark svg')).toBeVisible()
    await expect(control(page).locator('svg:visible')).toHaveCount(1)

    await page.reload()
    await expectTheme(page, 'dark')
    await hydrated(page)
    await expect(control(page)).toHaveAccessibleName('Theme: dark. Switch to system')

    // Another page of the site, reached by a link: still dark.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Projects' })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects.')
    await expectTheme(page, 'dark')

    await control(page).click()
    await expect(control(page)).toHaveAccessibleName('Theme: system. Switch to light')
    await expectTheme(page, 'light')
    expect(await storedTheme(page.context())).toBeNull()
  })

  test('the stored theme is in the HTML the server sends: no script sets it, and it never changes on the way', async ({
    page,
  }) => {
    await chooseTheme(page.context(), 'dark')
    const sent = await (await page.request.get('/')).text()
    expect(/<html\b[^>]*>/.exec(sent)?.[0]).toContain('data-theme="dark"')
    await page.addInitScript(() => {
      // Every value <html data-theme> takes after the parser made it.
      const seen: string[] = []
      ;(window as unknown as { themesSeen: string[] }).themesSeen = seen
      new MutationObserver(() => {
        seen.push(document.documentElement.dataset.theme ?? 'none')
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-theme'] })
    })
    // No script file at all (the inline boot then adds one that fails): the theme is the page's own.
    await page.route(/\.js(\?|$)/, (route) => route.abort())
    await page.goto('/')
    await expectTheme(page, 'dark')
    await expect(control(page).locator('.theme-option-dark svg')).toBeVisible()
    await expect(control(page)).toHaveAccessibleName('Theme: dark. Switch to system')

    // With the island loader: nothing changes it either.
    await page.unroute(/\.js(\?|$)/)
    await page.reload()
    await hydrated(page)
    await expectTheme(page, 'dark')
    expect(
      await page.evaluate(() => (window as unknown as { themesSeen: string[] }).themesSeen),
    ).toEqual([])
  })

  test('without any script the control is a form: each press comes back as the same page in the next theme', async ({
    page,
  }) => {
    await page.route(/\.js(\?|$)/, (route) => route.abort())
    await page.goto('/projects')
    await expectTheme(page, 'light')
    await control(page).click()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(control(page)).toHaveAccessibleName('Theme: light. Switch to dark')
    await control(page).click()
    await expect(control(page)).toHaveAccessibleName('Theme: dark. Switch to system')
    await expectTheme(page, 'dark')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects.')
    expect(await storedTheme(page.context())).toBe('dark')
    await page.reload()
    await expectTheme(page, 'dark')
    await control(page).click()
    await expect(control(page)).toHaveAccessibleName('Theme: system. Switch to light')
    await expectTheme(page, 'light')
    expect(await storedTheme(page.context())).toBeNull()
  })

  test('a choice an earlier version kept in the browser’s storage is moved into the cookie', async ({
    page,
  }) => {
    await page.goto('/privacy')
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await hydrated(page)
    // After the page has painted and loaded: moved, and shown.
    await expect.poll(() => storedTheme(page.context()), { timeout: 10_000 }).toBe('dark')
    await expectTheme(page, 'dark')
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('the app’s pages take the same cookie: a choice made on the sign-in page shows on the public pages', async ({
    page,
  }) => {
    await page.goto('/login')
    await hydrated(page)
    await expectTheme(page, 'light')
    await control(page).click()
    await control(page).click()
    await expect(control(page)).toHaveAccessibleName('Theme: dark. Switch to system')
    await expectTheme(page, 'dark')
    expect(await storedTheme(page.context())).toBe('dark')
    await page.goto('/')
    await expectTheme(page, 'dark')
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'dark')
  })

  test('on "system" the page follows the device when its setting changes', async ({ page }) => {
    await page.goto('/projects')
    await expectTheme(page, 'light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectTheme(page, 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expectTheme(page, 'light')

    // A stored choice does not follow it.
    await chooseTheme(page.context(), 'light')
    await page.reload()
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true)
    await expectTheme(page, 'light')
  })

  test('Markdown code blocks turn dark with the theme', async ({ page }) => {
    await chooseTheme(page.context(), 'dark')
    await page.goto(`/projects/${slug}`)
    await expect(page.locator('.prose-md pre')).toHaveCSS('background-color', 'rgb(13, 17, 23)')
  })
})

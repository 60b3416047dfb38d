import type { APIRequestContext, Locator, Page } from '@playwright/test'
import {
  answerConfirm,
  apiCreate,
  apiUpload,
  expect,
  expectNoAxeViolations,
  sendRealMessage,
  signInPage,
  test,
  unique,
} from '../fixtures'
import { picture, pictures } from '../support/pictures'
import { pngFile, sha256 } from '../support/png'

/**
 * The admin area: its own wide layout and navigation,
 * every row's actions within reach from a phone to a wide screen, toasts
 * after saves and deletes, the sign-in page saying why after a 401, long
 * unbroken text wrapping on every page, and the live Markdown preview.
 */

/** Text that cannot break at a space: what used to widen the page. */
const unbroken = (prefix: string, length: number) =>
  `${prefix.replace(/\s/g, '-')}${'x'.repeat(Math.max(0, length - prefix.length))}`

async function seedLongContent(request: APIRequestContext, token: string) {
  const title = unbroken(unique('Longtitle'), 200)
  const url = `https://example.com/${'a'.repeat(180)}`
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: unbroken('Shortdescription', 200),
    long_description: `See ${url} and [this](${url}).\n\n${unbroken('Paragraph', 200)}`,
    website_url: url,
    image_urls: ['/profile.svg'],
    tags: [unbroken('tag', 50), 'React'],
    is_featured: true,
  })
  const event = await apiCreate(request, token, '/api/timeline', {
    title: unbroken(unique('Longevent'), 200),
    start_date: unbroken('Jan', 100),
    position: unbroken('Position', 200),
    icon_path: '/favicon.svg',
    description: [`Read ${url}`, unbroken('Bullet', 300)],
    event_type: 'experience',
  })
  // As the form sends it: the table lists messages that are not spam.
  const message = await sendRealMessage(request, {
    name: unbroken(unique('Visitor'), 120),
    email: `${'v'.repeat(60)}@${'long-domain-'.repeat(5)}example.com`,
    message: `${unbroken('Message', 400)}\nSecond line ${url}`,
  })
  return { project, event, message }
}

/** Nothing sticks out sideways: the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth).toBeLessThanOrEqual(width)
}

/** Every control in `scope` lies fully inside the screen's width. */
async function expectControlsInView(scope: Locator, width: number) {
  const controls = scope.locator('a, button')
  const count = await controls.count()
  expect(count).toBeGreaterThan(0)
  for (let index = 0; index < count; index += 1) {
    const box = await controls.nth(index).boundingBox()
    const name = await controls.nth(index).evaluate((element) => element.outerHTML.slice(0, 120))
    expect(box, name).not.toBeNull()
    expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0)
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(width)
  }
}

for (const width of [1280, 390]) {
  test(`at ${width} px the dashboard shows every row's actions, nothing cut off, no axe violation`, async ({
    adminPage: page,
    request,
    token,
  }) => {
    const seeded = await seedLongContent(request, token)
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/admin')
    await expect(page.getByRole('heading', { name: 'Manage Contacts.' })).toBeVisible()
    // The admin draws with the whole public stylesheet (the page's own <style> holds only
    // the frame's rules): the admin's guard against a second copy of it leaves it on.
    const whole = page.locator('link[data-site-css]')
    await expect(whole).toHaveCount(1)
    expect(await whole.getAttribute('media')).toBeNull()
    expect(
      await whole.evaluate((link: HTMLLinkElement) =>
        link.sheet && !link.sheet.disabled ? link.sheet.cssRules.length : 0,
      ),
    ).toBeGreaterThan(0)

    const project = page.getByRole('article').filter({ hasText: seeded.project.title })
    const event = page.getByRole('listitem').filter({ hasText: seeded.event.title })
    const message = page.getByRole('row').filter({ hasText: seeded.message.name })
    for (const row of [project, event]) {
      for (const name of ['Edit', 'Move up', 'Move down', 'Reorder']) {
        await expect(row.getByRole(name === 'Edit' ? 'link' : 'button', { name })).toBeVisible()
      }
      await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible()
    }
    await expect(message.getByRole('button', { name: 'Delete' })).toBeVisible()
    // The status and the last change, with a thumbnail.
    await expect(project.getByText('Published', { exact: true })).toBeVisible()
    await expect(project.getByText('Featured', { exact: true })).toBeVisible()
    await expect(project.locator('time')).toHaveAttribute(
      'datetime',
      seeded.project.updated_at as string,
    )
    await expect(project.locator('img')).toHaveAttribute('src', '/profile.svg')
    await expect(event.locator('img')).toHaveAttribute('src', '/favicon.svg')

    for (const row of [project, event, message]) await expectControlsInView(row, width)
    await expectNoSidewaysScroll(page, width)
    await picture(page, `admin-layout/dashboard-${width}`, { fullPage: true })
    await picture(page, `admin-layout/dashboard-top-${width}`)
    for (const [name, row] of Object.entries({ project, event, message })) {
      await picture(row, `admin-layout/${name}-row-${width}`)
    }
    await expectNoAxeViolations(page)
  })
}

/** The admin navigation's groups, in order: a list each, named by its visible heading. */
const navGroups: [string | null, string[]][] = [
  [null, ['Dashboard', 'Projects', 'Timeline', 'Messages', 'Conversations']],
  [
    'Content',
    [
      'Profile',
      'Notes',
      'Pages',
      'Publications',
      'Talks',
      'Teaching',
      'Media',
      'CV',
      'Import',
      'GitHub',
      'Trash',
    ],
  ],
  ['Insights', ['Analytics', 'Share links', 'Newsletter']],
  [
    'Settings',
    [
      'Appearance',
      'Search & sharing',
      'Navigation',
      'Security',
      'Notifications',
      'Fediverse',
      'Backup',
      'Audit log',
    ],
  ],
]

async function expectNavGroups(nav: Locator) {
  await expect(nav.getByRole('link')).toHaveText(navGroups.flatMap(([, links]) => links))
  for (const [name, links] of navGroups) {
    if (!name) continue
    await expect(nav.getByText(name, { exact: true })).toBeVisible()
    await expect(nav.getByRole('list', { name, exact: true }).getByRole('link')).toHaveText(links)
  }
}

test('the navigation, in named groups, marks the current screen and leads to each section', async ({
  adminPage: page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
  // Beside the screens every group shows; there is no menu button to press.
  await expect(nav.getByRole('button', { name: /Menu/ })).toBeHidden()
  await expectNavGroups(nav)
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  // Every link in view (the hidden menu button aside).
  await expectControlsInView(nav.locator('#admin-nav-groups'), 1280)
  await pictures(page, 'admin-layout/nav', { widths: [1280] })

  // From the keyboard: the links are in the tab order. Projects and Timeline
  // have screens of their own (the dashboard keeps the spec's sections);
  // Messages is the inbox, a screen of its own.
  await nav.getByRole('link', { name: 'Dashboard' }).focus()
  await page.keyboard.press('Tab')
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/projects$/)
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
  await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeInViewport()

  await nav.getByRole('link', { name: 'Messages' }).click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await expect(page.getByRole('heading', { name: 'Messages.' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Projects' })).not.toHaveAttribute('aria-current')

  await nav.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/admin\/profile$/)
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')

  const settings = nav.getByRole('list', { name: 'Settings' })
  await settings.getByRole('link', { name: 'Notifications' }).click()
  await expect(page).toHaveURL(/\/admin\/notifications$/)
  await expect(settings.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // The frame's whole width, not the public pages' 704 px reading column.
  const main = await page.getByRole('main').boundingBox()
  expect(main?.width).toBeGreaterThan(1100)
})

for (const width of [360, 390]) {
  test(`at ${width} px the navigation is a menu that opens, leads to a screen and closes`, async ({
    adminPage: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Admin' })
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/admin')
    await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
    const menu = nav.getByRole('button', { name: /^Menu/ })
    // Closed: one bar with the menu button and Sign out, the screen right under it.
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    const bar = await menu.boundingBox()
    const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox()
    expect(Math.abs((bar?.y ?? 0) - (signOut?.y ?? 100))).toBeLessThan(4)
    await picture(page, `admin-layout/nav-closed-${width}`)

    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expectNavGroups(nav)
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expectControlsInView(nav, width)
    await expectNoSidewaysScroll(page, width)
    await picture(page, `admin-layout/nav-open-${width}-light`)
    await expectNoAxeViolations(page)
    // The dark theme (following the device's setting) passes too.
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await picture(page, `admin-layout/nav-open-${width}-dark`)
    await expectNoAxeViolations(page)
    await page.emulateMedia({ colorScheme: 'light' })

    // Escape closes it and gives the focus back to the button.
    await nav.getByRole('link', { name: 'CV' }).focus()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeFocused()

    // Choosing a screen goes there and closes the menu.
    await menu.click()
    await nav
      .getByRole('list', { name: 'Settings' })
      .getByRole('link', { name: 'Security' })
      .click()
    await expect(page).toHaveURL(/\/admin\/security$/)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Security' })).toBeHidden()
  })
}

test('saves and deletes are confirmed by a toast that can be dismissed', async ({
  adminPage: page,
}) => {
  const notifications = page.getByRole('region', { name: 'Notifications' })
  const title = unique('Toast project')
  await page.goto('/admin/projects/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Short Description').fill('Short')
  await page.getByLabel('Long Description').fill('Long')
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(notifications).toContainText('Project added.')
  await picture(page, 'admin-layout/toast-1280')
  await notifications.getByRole('button', { name: 'Dismiss' }).first().click()
  await expect(notifications).not.toContainText('Project added.')

  const card = page.getByRole('article').filter({ hasText: title })
  await card.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('Short Description').fill('Shorter')
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(notifications).toContainText('Project saved.')

  await card.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(card).toHaveCount(0)
  await expect(notifications).toContainText('Project deleted.')

  const event = unique('Toast event')
  await page.getByRole('link', { name: 'Add Event' }).click()
  await page.getByLabel('Title', { exact: true }).fill(event)
  await page.getByLabel('Start Date').fill('Jan 2024')
  await page.getByRole('button', { name: 'Save Event' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(notifications).toContainText('Timeline event added.')

  const eventRow = page
    .getByRole('list', { name: 'Timeline events, in the order the site shows them' })
    .getByRole('listitem')
    .filter({ hasText: event })
  await eventRow.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('Position / Degree').fill('Engineer')
  await page.getByRole('button', { name: 'Save Event' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(notifications).toContainText('Timeline event saved.')

  await eventRow.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(eventRow).toHaveCount(0)
  await expect(notifications).toContainText('Timeline event deleted.')
})

test('deleting a message or an image is confirmed by a toast', async ({
  adminPage: page,
  request,
  token,
}) => {
  const notifications = page.getByRole('region', { name: 'Notifications' })
  const name = unique('Toast visitor')
  await sendRealMessage(request, {
    name,
    email: 'toast@example.com',
    message: `Hello from ${name}`,
  })
  await page.goto('/admin')
  const row = page.getByRole('row').filter({ hasText: name })
  await row.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(row).toHaveCount(0)
  await expect(notifications).toContainText('Message deleted.')

  const file = pngFile('toast.png', 64, 48)
  await apiUpload(request, token, file)
  await page.goto('/admin/media')
  // An opaque PNG is kept as a JPEG named by the upload's hash.
  const image = page.getByRole('listitem').filter({ hasText: `${sha256(file.bytes)}.jpg` })
  await image.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(image).toHaveCount(0)
  await expect(notifications).toContainText('Image deleted.')
})

test('a save the server refuses keeps the form and gives no success toast', async ({
  adminPage: page,
}) => {
  await page.route('**/trpc/projects.create**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            message: 'Something went wrong on our side. Please try again later.',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
          },
        },
      ]),
    }),
  )
  await page.goto('/admin/projects/new')
  await page.getByLabel('Title', { exact: true }).fill(unique('Refused'))
  await page.getByLabel('Short Description').fill('Short')
  await page.getByLabel('Long Description').fill('Long')
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong on our side. Please try again later.',
  )
  await expect(page).toHaveURL(/\/admin\/projects\/new$/)
  await expect(page.getByRole('region', { name: 'Notifications' })).not.toContainText('added')
})

test.describe('after a 401 the sign-in page says the session ended', () => {
  const ended = 'Your session has ended. Please sign in again.'

  test('a session revoked elsewhere, met by a delete', async ({ page, request, token }) => {
    const project = await apiCreate(request, token, '/api/projects', {
      title: unique('Revoked session'),
      description: 'Short',
      long_description: 'Long',
    })
    // A session of its own, so revoking it leaves the other journeys signed in.
    const own = await request.post('/api/auth/login', {
      data: { username: 'e2e-owner', password: 'e2e password 1234' },
    })
    const ownToken = (await own.json()).token as string
    await signInPage(page, ownToken)
    await page.goto('/admin')
    const card = page.getByRole('article').filter({ hasText: project.title })
    await expect(card).toBeVisible()

    const logout = await request.post('/api/auth/logout', {
      headers: { authorization: `Bearer ${ownToken}` },
    })
    expect(logout.status()).toBeLessThan(300)
    await card.getByRole('button', { name: 'Delete' }).click()
    await answerConfirm(page, true)

    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('status').filter({ hasText: ended })).toBeVisible()
    await picture(page, 'admin-layout/login-session-ended-1280')
    // Read once: the next visit to /login starts plain (the page's init script would sign
    // it in again on a reload, so the stored notice itself is checked).
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('session-ended')))
      .toBeNull()
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull()
  })

  test('an invalid token on the dashboard load', async ({ page }) => {
    await signInPage(page, 'not-a-real-token')
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText(ended)).toBeVisible()
  })

  test('not after signing out', async ({ adminPage: page }) => {
    await page.goto('/admin')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Admin Login.' })).toBeVisible()
    await expect(page.getByText(ended)).toHaveCount(0)
  })
})

test('long unbroken titles and URLs wrap on every page at 390 px', async ({
  adminPage: page,
  request,
  token,
}) => {
  const { project, event } = await seedLongContent(request, token)
  await page.setViewportSize({ width: 390, height: 844 })
  const pages = [
    { path: '/', text: event.title as string },
    { path: '/projects', text: project.title as string },
    { path: `/projects/${project.slug}`, text: project.title as string },
    { path: '/admin', text: project.title as string },
    { path: '/admin/messages', text: 'Messages.' },
    { path: `/admin/projects/edit/${project.id}`, text: 'Edit Project.' },
    { path: `/admin/timeline/edit/${event.id}`, text: 'Edit Timeline Event.' },
  ]
  for (const { path, text } of pages) {
    await test.step(path, async () => {
      await page.goto(path)
      if (path.startsWith('/admin/'))
        await expect(page.getByRole('heading', { name: text })).toBeVisible()
      else await expect(page.getByText(text).first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoSidewaysScroll(page, 390)
      if (path.startsWith('/projects/')) {
        await picture(page, 'admin-layout/project-long-title-390', { fullPage: true })
      }
    })
  }
})

test('the project form previews the Markdown beside the editor, as the page will show it', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin/projects/new')
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview).toContainText('The rendered description shows here.')

  await page
    .getByLabel('Long Description')
    .fill(
      '## Stack\n\n- Bun\n- React\n\n```ts\nconst answer = 42\n```\n\n<script>alert(1)</script>',
    )
  await expect(preview.getByRole('heading', { name: 'Stack' })).toBeVisible()
  await expect(preview.getByRole('listitem')).toHaveText(['Bun', 'React'])
  const code = preview.locator('pre code')
  await expect(code).toHaveText('const answer = 42')
  await expect(code.locator('.hljs-keyword')).toHaveText('const')
  // Raw script is removed, as on the page: neither run nor shown.
  await expect(preview).not.toContainText('alert(1)')
  await expect(preview.locator('script')).toHaveCount(0)

  // Beside the editor on a wide screen, below it on a phone.
  const editor = await page.getByLabel('Long Description').boundingBox()
  const box = await preview.boundingBox()
  expect(box?.x ?? 0).toBeGreaterThan((editor?.x ?? 0) + (editor?.width ?? 0) - 1)
  await picture(page, 'admin-layout/project-form-preview-1280', { fullPage: true })
  await expectNoAxeViolations(page)

  await page.setViewportSize({ width: 390, height: 844 })
  const below = await preview.boundingBox()
  const editorBelow = await page.getByLabel('Long Description').boundingBox()
  expect(below?.y ?? 0).toBeGreaterThan(editorBelow?.y ?? 0)
  await expectNoSidewaysScroll(page, 390)
  await picture(page, 'admin-layout/project-form-preview-390', { fullPage: true })
})

import {
  apiCreate,
  apiLogin,
  apiUpload,
  dropFiles,
  expect,
  expectNoAxeViolations,
  hydrated,
  test,
  unique,
} from '../fixtures'
import { pngFile } from '../support/png'

/**
 * axe-core on every public page (with content in it: a project with images
 * and tags, timeline events of both kinds) and on the login page, once the
 * page is hydrated. Every rule axe runs by default must pass: WCAG 2.x A and
 * AA plus its best practices.
 */

let slug = ''

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request)
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Accessible Atlas'),
    description: 'A map anyone can read.',
    long_description: 'Contrast, landmarks and labels.\nTwo paragraphs of detail.',
    website_url: 'https://atlas.example',
    image_urls: ['/profile.svg'],
    tags: ['a11y', 'React'],
    is_featured: true,
  })
  slug = project.slug
  await apiCreate(request, token, '/api/timeline', {
    title: unique('Lighthouse Keeper'),
    start_date: 'Jan 2023',
    end_date: 'Dec 2023',
    position: 'Keeper',
    icon_path: '/favicon.svg',
    description: ['Kept the light on'],
    event_type: 'experience',
  })
  await apiCreate(request, token, '/api/timeline', {
    title: unique('Harbour School'),
    start_date: 'Sep 2020',
    position: 'Student',
    description: ['Navigation'],
    event_type: 'education',
  })
})

const publicPages = () => [
  { path: '/', heading: "Hi, I'm Ada Lovelace!" },
  { path: '/projects', heading: 'My Projects.' },
  { path: `/projects/${slug}`, heading: null },
  { path: '/contact-me', heading: 'Contact Me.' },
  { path: '/cv', heading: 'Ada Lovelace' },
  { path: '/privacy', heading: 'Privacy.' },
  { path: '/no-such-page', heading: 'Page Not Found.' },
]

// axe on each of these pages in the light and the dark theme: themes.e2e.ts.
test('each public page has its heading', async ({ page }) => {
  for (const { path, heading } of publicPages()) {
    await test.step(path, async () => {
      await page.goto(path)
      const h1 = page.getByRole('heading', { level: 1 })
      if (heading) await expect(h1).toHaveText(heading)
      else await expect(h1).toBeVisible()
    })
  }
})

test('axe finds no violation on a phone-sized screen either', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  for (const { path } of publicPages()) {
    await test.step(path, async () => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})

test('axe finds no violation on the Education tab of the timeline', async ({ page }) => {
  await page.goto('/')
  // The tabs work once the page is hydrated, which starts after its largest paint.
  await hydrated(page)
  await page.getByRole('tab', { name: 'Education' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Education' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('axe finds no violation on the login page, empty and with an error', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login.' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByLabel('Username').fill('nobody')
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('axe finds no violation on the profile editor, the media library and the image picker', async ({
  adminPage: page,
  request,
  token,
}) => {
  for (const alt of ['', unique('A test pattern')]) {
    await apiUpload(request, token, pngFile('pattern.png', 480, 320), alt)
  }

  await page.goto('/admin/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile.' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto('/admin/media')
  await expect(page.getByRole('heading', { level: 1, name: 'Media Library.' })).toBeVisible()
  await expect(page.getByRole('list').filter({ hasText: 'Alt text' }).first()).toBeVisible()
  await expectNoAxeViolations(page)
  // With an upload in the list, and one refused.
  await dropFiles(page.locator('[data-dropzone]'), [
    { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not an image') },
  ])
  await expect(page.getByRole('list', { name: 'Uploads' }).getByRole('alert')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto('/admin/projects/new')
  // The images' (Search and sharing's share image has one too, further down).
  await page.getByRole('button', { name: 'Choose from library' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Choose images' })
  await expect(dialog.getByRole('button', { pressed: false }).first()).toBeVisible()
  await dialog.getByRole('button', { pressed: false }).first().click()
  await expectNoAxeViolations(page)

  // The dialog keeps focus inside: Tab from its last control goes back to its first.
  // (The search box is its first control, the Add button its last.)
  const controls = dialog.locator('button:not([disabled]), input:not([disabled])')
  await controls.last().focus()
  await page.keyboard.press('Tab')
  await expect(controls.first()).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(controls.last()).toBeFocused()
})

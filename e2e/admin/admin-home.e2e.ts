/**
 * The admin home on a new site: the overview's figures and the "Get
 * started" checklist, which ticks itself as the owner completes each step
 * through the screens (a photo uploaded, a project published, a backup
 * downloaded), can be put away and brought back. Every file input is a
 * button with the chosen file's name beside it. The server runs on its own
 * here, on a fresh data directory, so the site is new whatever the other
 * journeys do (as e2e/profile/github.e2e.ts runs its own).
 */
import { type Page, request, test } from '@playwright/test'
import { allowUpTo, expect, expectNoAxeViolations } from '../fixtures'
import { type OwnServer, signInOnOwnServer, startOwnServer } from '../support/own-server'
import { pictures } from '../support/pictures'
import { pngFile } from '../support/png'

const OWNER = { username: 'home-owner', password: 'home owner password' }
/** A visitor's browser (the headless one is a bot, whose views are not counted). */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

let server: OwnServer | undefined
let base = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  allowUpTo(90_000)
  server = await startOwnServer({
    name: 'portfolio-admin-home',
    env: {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      OWNER_NAME: 'Ada Lovelace',
      OWNER_EMAIL: 'ada@example.com',
      // Messages sent by the test at once are not taken for a bot's.
      CONTACT_MIN_FILL_TIME: '1ms',
      GITHUB_API_URL: 'http://127.0.0.1:9',
    },
  })
  base = server.base
})

test.afterAll(() => server?.stop())

const signIn = (page: Page) => signInOnOwnServer(page, base, OWNER)

const checklist = (page: Page) => page.getByRole('region', { name: 'Get started' })
const step = (page: Page, title: string) =>
  checklist(page).getByRole('listitem').filter({ hasText: title })

async function expectDone(page: Page, title: string, done: boolean) {
  await expect(step(page, title)).toContainText(done ? '(done)' : '(to do)')
}

/** The figure of a tile of the overview, as the owner reads it. */
function tile(page: Page, label: RegExp) {
  return page.getByRole('region', { name: 'Overview' }).getByRole('link', { name: label })
}

/** A screen's heading: the screen itself shown, not the pending indicator before it. */
const screenHeading = (page: Page) => page.getByRole('heading', { level: 1 })

test('a new site: nothing to read yet, every step to do, no axe violation', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard.' })).toBeVisible()
  await expect(tile(page, /Unread messages/)).toContainText('0')
  await expect(tile(page, /Views, last 7 days/)).toContainText('0')
  await expect(tile(page, /Drafts/)).toContainText('0 projects, 0 notes')
  await expect(checklist(page)).toContainText('0 of 7 done')
  for (const title of [
    'Complete your profile',
    'Upload your photo',
    'Publish your first project',
    'Set the site’s address',
    'Turn on two-factor sign-in',
    'Get alerts for new messages',
    'Download a backup',
  ]) {
    await expectDone(page, title, false)
  }
  // The spec's sections stay under the overview.
  for (const name of ['Manage Projects.', 'Manage Timeline.', 'Manage Contacts.']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expectNoAxeViolations(page)
  await expect(screenHeading(page)).toBeVisible()
  await pictures(page, 'admin-home/dashboard-new', { fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page)
})

test('the checklist ticks itself as the owner completes the steps', async ({ page }) => {
  await signIn(page)

  // A photo, uploaded on the profile screen from the step's own link.
  await step(page, 'Upload your photo').getByRole('link').click()
  await expect(page).toHaveURL(/\/admin\/profile$/)
  const photo = pngFile('portrait.png', 400, 400)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Upload image' }).click()
  await (await chooser).setFiles({ name: photo.name, mimeType: photo.type, buffer: photo.bytes })
  // The button shows the chosen file's name.
  await expect(page.getByRole('button', { name: 'Upload image' })).toHaveAccessibleDescription(
    'portrait.png',
  )
  await expect(page.getByLabel('Photo URL')).toHaveValue(/^\/media\//)
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile saved')
  await page.goto(`${base}/admin`)
  await expectDone(page, 'Upload your photo', true)
  await expectDone(page, 'Publish your first project', false)
  await expect(checklist(page)).toContainText('1 of 7 done')

  // The first project, published.
  await step(page, 'Publish your first project').getByRole('link').click()
  await page.getByLabel('Title').fill('Analytical Engine')
  await page.getByLabel('Short Description').fill('A general-purpose computer.')
  await page.getByLabel('Long Description').fill('Designed, never built.')
  await page.getByLabel('Published').check()
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expectDone(page, 'Publish your first project', true)

  // A backup, downloaded.
  await step(page, 'Download a backup').getByRole('link').click()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download backup' }).click()
  await download
  await page.goto(`${base}/admin`)
  await expectDone(page, 'Download a backup', true)
  await expect(checklist(page)).toContainText('3 of 7 done')
  await expectDone(page, 'Complete your profile', false)
})

test('the overview counts unread messages, last week’s views and drafts', async ({ page }) => {
  const visitor = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { 'user-agent': VISITOR_AGENT },
  })
  for (const path of ['/', '/projects', '/']) {
    expect((await visitor.get(path)).status()).toBe(200)
  }
  for (const name of ['Grace', 'Alan']) {
    const token = (await (await visitor.get('/api/contact/form-token')).json()) as {
      token: string
    }
    const sent = await visitor.post('/api/contact', {
      data: { name, email: 'x@example.com', message: 'Hello there!', form_token: token.token },
    })
    expect(sent.status()).toBe(201)
  }
  await visitor.dispose()

  await signIn(page)
  // A draft project, added from the dashboard.
  await page.getByRole('link', { name: 'Add Project' }).click()
  await page.getByLabel('Title').fill('Difference Engine')
  await page.getByLabel('Short Description').fill('Tables of polynomials.')
  await page.getByLabel('Long Description').fill('A draft.')
  const published = page.getByRole('checkbox', { name: /Published/ })
  if (await published.isChecked()) await published.uncheck()
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.reload()

  await expect(tile(page, /Unread messages/)).toContainText('2')
  await expect(tile(page, /Views, last 7 days/)).toContainText('3')
  await expect(tile(page, /Drafts/)).toContainText('1 project, 0 notes')
  await tile(page, /Unread messages/).click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await page.goto(`${base}/admin`)
  await expect(screenHeading(page)).toBeVisible()
  await pictures(page, 'admin-home/dashboard-filled', { fullPage: true })
})

test('the checklist can be put away and brought back', async ({ page }) => {
  await signIn(page)
  await checklist(page).getByRole('button', { name: 'Hide checklist' }).click()
  await expect(checklist(page)).toHaveCount(0)
  await page.reload()
  await expect(page.getByText('The Get started checklist is hidden.')).toBeVisible()
  await page.getByRole('button', { name: 'Show it again' }).click()
  await expect(checklist(page)).toContainText('3 of 7 done')
})

test('a file input shows the chosen file’s name beside its button', async ({ page }) => {
  await signIn(page)
  await page.goto(`${base}/admin/import`)
  const button = page.getByRole('button', { name: 'Choose file' })
  await expect(button).toHaveAccessibleDescription('JSON Resume file No file chosen')
  await page.getByLabel('JSON Resume file').setInputFiles({
    name: 'my-resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ basics: { name: 'Ada Lovelace' } })),
  })
  await expect(button).toHaveAccessibleDescription('JSON Resume file my-resume.json')
  await expect(page.getByText('my-resume.json', { exact: true })).toBeVisible()
  await expect(screenHeading(page)).toBeVisible()
  await pictures(page, 'admin-home/import', { fullPage: true })
  await page.goto(`${base}/admin/backup`)
  await expect(screenHeading(page)).toBeVisible()
  await pictures(page, 'admin-home/backup', { fullPage: true })
})

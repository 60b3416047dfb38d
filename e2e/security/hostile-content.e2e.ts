/**
 * Hostile content written straight into the database (script tags, onerror
 * attributes, javascript: and data: links) must render as inert text on
 * every public page and in the admin. This suite runs its own server on a
 * data directory seeded by e2e/support/seed-hostile.ts.
 */
import { execFileSync } from 'node:child_process'
import { expect, type Page, test } from '@playwright/test'
import { allowUpTo } from '../fixtures'
import { type OwnServer, startOwnServer } from '../support/own-server'
import { pngFile } from '../support/png'

const png = pngFile('hostile-placeholder.png', 64, 48)
const HOSTILE_ADMIN = { username: 'hostile-admin', password: 'hostile admin password' }

let server: OwnServer | undefined
let base = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // A seeded data directory, then a server of its own: longer than a test on a busy machine.
  allowUpTo(90_000)
  server = await startOwnServer({
    name: 'portfolio-hostile',
    prepare: (dataDir) =>
      execFileSync('bun', ['e2e/support/seed-hostile.ts', dataDir], { stdio: 'inherit' }),
  })
  base = server.base
})

test.afterAll(async () => {
  await server?.stop()
})

async function expectInert(page: Page, path: string, visibleText: string) {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`${base}${path}`)
  // The markup shows up as literal text…
  await expect(page.getByText(visibleText).first()).toBeVisible()
  // …and nothing ran.
  const pwned = await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)
  expect(pwned, `script ran on ${path}`).toBeUndefined()
  expect(dialogs).toEqual([])
  const dangerous = page.locator(
    [
      'a[href^="javascript:" i]',
      'a[href^="data:" i]',
      '[src^="javascript:" i]',
      '[src^="data:" i]',
      'iframe',
      'object',
      'embed',
      '[onerror]',
      '[onload]',
      '[onmouseover]',
    ].join(', '),
  )
  expect(await dangerous.count(), `dangerous element on ${path}`).toBe(0)
  // JSON-LD blocks are data, never executed; they may quote the hostile text,
  // but must stay valid JSON that cannot close the block.
  const scripts = await page
    .locator('script')
    .evaluateAll((elements) =>
      elements.map((s) => ({ type: s.getAttribute('type') ?? '', text: s.textContent ?? '' })),
    )
  const injected = scripts.filter(
    (s) => s.type !== 'application/ld+json' && s.text.includes('__pwned'),
  )
  expect(injected, `injected <script> on ${path}`).toEqual([])
  for (const data of scripts.filter((s) => s.type === 'application/ld+json')) {
    expect(() => JSON.parse(data.text)).not.toThrow()
  }
  expect(await page.content()).not.toContain('<script>window.__pwned')
  // Every external link opens safely.
  for (const link of await page.locator('a[target="_blank"]').all()) {
    expect(await link.getAttribute('rel')).toContain('noopener')
  }
}

test('public pages render hostile content as text', async ({ page }) => {
  await expectInert(page, '/', 'Hostile job <script>window.__pwned=1</script>')
  await page.getByRole('tab', { name: 'Education' }).click()
  await expect(page.getByText('Hostile school <script>').first()).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined()
})

test('the projects list renders hostile content as text', async ({ page }) => {
  await expectInert(page, '/projects', 'Hostile project <script>window.__pwned=1</script>')
})

test('a project page renders hostile content as text and drops unsafe links', async ({ page }) => {
  // The short description is text; the Markdown's raw iframe and script are removed.
  await expectInert(page, '/projects/hostile-project', 'Short <script>window.__pwned=1</script>')
  await expect(page.locator('.prose-md')).toContainText('Long')
  await expect(page.locator('.prose-md')).not.toContainText('__pwned')
  await expect(page.getByRole('heading', { name: 'Visit Website.' })).toHaveCount(0)
})

test('the contact page renders the hostile owner name as text', async ({ page }) => {
  await expectInert(page, '/contact-me', 'Mallory <script>')
})

test('the admin renders hostile content as text', async ({ page, request }) => {
  const login = await request.post(`${base}/api/auth/login`, { data: HOSTILE_ADMIN })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token)
  await expectInert(page, '/admin', 'Hostile message <script>window.__pwned=1</script>')
  await expect(page.getByText('Hostile project <script>').first()).toBeVisible()
  await expect(page.getByText('Hostile job <script>').first()).toBeVisible()
  await page.getByRole('link', { name: 'Edit' }).first().click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(/Hostile/)
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined()
})

test("the admin's image library dialog never writes a stored placeholder into CSS as it is", async ({
  page,
  request,
}) => {
  const login = await request.post(`${base}/api/auth/login`, { data: HOSTILE_ADMIN })
  const { token } = (await login.json()) as { token: string }
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token)
  // An upload, then its stored placeholder answered as a hostile value would be stored (an old
  // row, a hand edit): one that ends its CSS url("…") and loads another address.
  const upload = await request.post(`${base}/api/media`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'hostile-placeholder.png', mimeType: 'image/png', buffer: png.bytes },
    },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const hostile = 'data:image/png;base64,AAAA"), url("/placeholder-canary.png'
  await page.route(/\/(api\/)?trpc\/[^?]*media|\/api\/media/, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(
      /"placeholder":"data:image\/[a-z]+;base64,[A-Za-z0-9+/=]*"/g,
      `"placeholder":${JSON.stringify(hostile)}`,
    )
    await route.fulfill({ response, body })
  })
  const canaryRequests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('placeholder-canary')) canaryRequests.push(r.url())
  })
  await page.goto(`${base}/admin/projects/new`)
  // The images' (Search and sharing's share image has one too, further down).
  await page.getByRole('button', { name: 'Choose from library' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Choose images' })
  const thumbnail = dialog.locator('img').first()
  await expect(thumbnail).toBeVisible()
  // No background at all: the value is not a placeholder, so nothing of it reaches the CSS.
  expect(await thumbnail.evaluate((img) => (img as HTMLElement).style.backgroundImage)).toBe('')
  await page.waitForLoadState('networkidle')
  expect(canaryRequests).toEqual([])
})

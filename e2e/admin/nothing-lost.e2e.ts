/**
 * Nothing typed or deleted is lost: leaving a form with changes asks first
 * (a link in the admin, and closing the tab); a save that meets an ended
 * session keeps the input, and after signing in again the owner is back on
 * the form with it; a delete's toast offers Undo; the Trash screen restores;
 * the History of a project brings an earlier version back. Pictures of
 * the Trash and the History at 390 and 1280 px in both themes (tagged
 * @pictures: not on CI, e2e/support/pictures.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test'
import {
  allowUpTo,
  answerConfirm,
  apiCreate,
  e2eAdmin,
  expect,
  expectNoAxeViolations,
  test,
  unique,
} from '../fixtures'
import { picture } from '../support/pictures'

const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?'

interface ProjectRow {
  id: number
  slug: string
  title: string
}

function seedProject(request: APIRequestContext, token: string, title = unique('Kept project')) {
  return apiCreate(request, token, '/api/projects', {
    title,
    description: 'The first short line',
    long_description: 'The first story.',
    tags: ['One'],
  }) as Promise<ProjectRow>
}

async function updateProject(
  request: APIRequestContext,
  token: string,
  id: number,
  body: Record<string, unknown>,
) {
  const response = await request.put(`/api/projects/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { long_description: 'The first story.', ...body },
  })
  expect(response.status()).toBe(200)
}

/** The first dialog's message, answered `accept` or not. */
function nextDialog(page: Page, accept: boolean): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      const seen = { type: dialog.type(), message: dialog.message() }
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(seen))
    })
  })
}

test('leaving a form with changes through an admin link asks first', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  await page.goto(`/admin/projects/edit/${project.id}`)
  const title = page.getByLabel('Title', { exact: true })
  await expect(title).toHaveValue(project.title)

  // Unchanged: the link just goes.
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  await page.goto(`/admin/projects/edit/${project.id}`)
  await title.fill(`${project.title} (edited)`)
  const refused = nextDialog(page, false)
  await page.getByRole('link', { name: 'Cancel' }).click()
  expect(await refused).toEqual({ type: 'confirm', message: LEAVE_QUESTION })
  await expect(page).toHaveURL(new RegExp(`/admin/projects/edit/${project.id}$`))
  await expect(title).toHaveValue(`${project.title} (edited)`)

  const accepted = nextDialog(page, true)
  await page.getByRole('link', { name: 'Cancel' }).click()
  await accepted
  await expect(page).toHaveURL(/\/admin$/)

  // A save is not a change to warn about: it goes back to the dashboard without a question.
  await page.goto(`/admin/projects/edit/${project.id}`)
  await title.fill(`${project.title} saved`)
  let asked = false
  page.on('dialog', (dialog) => {
    asked = true
    void dialog.dismiss()
  })
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  expect(asked).toBe(false)
})

test('closing the tab with changes in a form asks first (beforeunload)', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/projects/new')
  const title = page.getByLabel('Title', { exact: true })
  // A press first: Chromium shows a beforeunload dialog only on a page the user has touched.
  await title.click()
  await title.fill('Typed, not saved')
  await expect(title).toHaveValue('Typed, not saved')
  // One frame, so React has rendered the form as changed before the tab closes.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
  // Accepted, so the tab does close: a dismissed one stayed open with its changes, and
  // closing the test's browser context over it now and then failed ("Test ended").
  const dialog = nextDialog(page, true)
  const closed = page.waitForEvent('close')
  await page.close({ runBeforeUnload: true })
  expect((await dialog).type).toBe('beforeunload')
  await closed
})

test('a save that meets an ended session keeps the input until the owner is back', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  await page.goto(`/admin/projects/edit/${project.id}`)
  const title = page.getByLabel('Title', { exact: true })
  await expect(title).toHaveValue(project.title)
  await title.fill(`${project.title} after sign-in`)
  await page.getByLabel('Short Description').fill('Typed while the session ended')

  // The session ends elsewhere (signed out in another tab).
  const out = await request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(out.status()).toBe(204)

  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/login$/)
  // The sign-in page's own status (the form's upload statuses may not be gone yet).
  await expect(page.getByRole('status').filter({ hasText: 'session has ended' })).toHaveText(
    'Your session has ended. Please sign in again.',
  )
  await page.getByLabel('Username').fill(e2eAdmin.username)
  await page.getByLabel('Password').fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()

  await expect(page).toHaveURL(new RegExp(`/admin/projects/edit/${project.id}$`))
  await expect(page.getByRole('status').first()).toHaveText(
    'Your unsaved changes were restored after you signed in again. Review them, then save.',
  )
  await expect(title).toHaveValue(`${project.title} after sign-in`)
  await expect(page.getByLabel('Short Description')).toHaveValue('Typed while the session ended')
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  const saved = await request.get(`/api/projects/${project.slug}-after-sign-in`)
  expect(saved.status()).toBe(200)
  expect(((await saved.json()) as { description: string }).description).toBe(
    'Typed while the session ended',
  )
})

test('a delete offers Undo, which puts the project back in its place', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  await page.goto('/admin')
  const card = page.getByRole('article').filter({ hasText: project.title })
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  const toast = page.getByRole('region', { name: 'Notifications' })
  await expect(toast).toContainText('Project deleted.')
  await expect(card).toHaveCount(0)
  expect((await request.get(`/api/projects/${project.slug}`)).status()).toBe(404)

  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(toast).toContainText('Restored.')
  await expect(card).toBeVisible()
  expect((await request.get(`/api/projects/${project.slug}`)).status()).toBe(200)
})

test('the Trash screen lists a deleted item and restores it', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  const removed = await request.delete(`/api/projects/${project.id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(removed.status()).toBe(204)
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Trash' }).first().click()
  await expect(page.getByRole('heading', { name: 'Trash.' })).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: project.title })
  await expect(row).toContainText('Project')
  await expect(row).toContainText('removed for good in 30 days')
  await expectNoAxeViolations(page)
  await row.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Restored: ${project.title}`,
  )
  await expect(row).toHaveCount(0)
  expect((await request.get(`/api/projects/${project.slug}`)).status()).toBe(200)
})

test('the History of a project shows what each save changed and brings a version back', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  await updateProject(request, token, project.id, {
    title: `${project.title} renamed`,
    description: 'A second short line',
    tags: ['One', 'Two'],
  })
  await page.goto(`/admin/projects/edit/${project.id}`)
  const history = page.getByRole('region', { name: 'History.' })
  const entry = history.getByRole('listitem').first()
  await expect(entry).toContainText('Changed: Title, Short description, Tags')
  await entry.getByText('Show changes').click()
  await expect(entry.getByRole('definition').first()).toContainText(project.title)
  await expect(entry.getByRole('definition').first()).toContainText(`${project.title} renamed`)
  await expectNoAxeViolations(page)

  page.once('dialog', (dialog) => void dialog.accept())
  await entry.getByRole('button', { name: 'Restore the version before' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Restored the version from before',
  )
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(project.title)
  await expect(page.getByLabel('Short Description')).toHaveValue('The first short line')
  // The restore is a save of its own: the newest entry of the History.
  await expect(history.getByRole('listitem')).toHaveCount(2)
  const restored = await request.get(`/api/projects/${project.slug}`)
  expect(((await restored.json()) as ProjectRow).title).toBe(project.title)
})

test('screenshots: the Trash and the History, 390 and 1280 px, light and dark', {
  tag: '@pictures',
}, async ({ browser, token, request, baseURL }) => {
  allowUpTo(120_000)
  const project = await seedProject(request, token, unique('Pictured history'))
  await updateProject(request, token, project.id, {
    title: `${project.title} v2`,
    description: 'A longer short description that wraps on a phone screen, to see it wrap.',
    tags: ['React', 'Node.js'],
  })
  const binned = await seedProject(request, token, unique('Pictured in the Trash'))
  await request.delete(`/api/projects/${binned.id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme })
      await context.addInitScript((value) => localStorage.setItem('token', value), token)
      const page = await context.newPage()
      await page.goto(`${baseURL}/admin/trash`, { waitUntil: 'networkidle' })
      await expect(page.getByRole('heading', { name: 'Trash.' })).toBeVisible()
      await picture(page, `nothing-lost/trash-${width}-${colorScheme}`, { fullPage: true })
      await page.goto(`${baseURL}/admin/projects/edit/${project.id}`, { waitUntil: 'networkidle' })
      const history = page.getByRole('region', { name: 'History.' })
      await history.getByText('Show changes').first().click()
      await history.scrollIntoViewIfNeeded()
      await picture(history, `nothing-lost/history-${width}-${colorScheme}`)
      await context.close()
    }
  }
})

/**
 * Traps a new owner met in the admin, each as the owner meets it: a delete
 * asks in a dialog of the page that names the Trash; a title over its limit
 * is counted and refused, never cut; the dashboard's contacts table keeps
 * spam apart behind a filter; a note is scheduled in the owner's time zone,
 * named beside the field; creating a share link leaves nothing "unsaved".
 */
import type { Page } from '@playwright/test'
import {
  allowUpTo,
  apiCreate,
  expect,
  expectNoAxeViolations,
  sendRealMessage,
  test,
  unique,
} from '../fixtures'

const auth = (token: string) => ({ authorization: `Bearer ${token}` })

/** A dialog the browser itself raised (confirm, beforeunload): none is expected here. */
function browserDialogs(page: Page): string[] {
  const seen: string[] = []
  page.on('dialog', (dialog) => {
    seen.push(dialog.message())
    void dialog.dismiss()
  })
  return seen
}

const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title })

test('a delete asks in the page: Cancel keeps the project, Move to Trash puts it in the Trash', async ({
  adminPage: page,
  token,
  request,
}) => {
  const native = browserDialogs(page)
  const project = (await apiCreate(request, token, '/api/projects', {
    title: unique('Dialog project'),
    description: 'A short line',
    long_description: 'A longer story',
  })) as { id: number; slug: string; title: string }
  await page.goto('/admin')
  const row = card(page, project.title)
  const deleteButton = row.getByRole('button', { name: 'Delete' })
  await deleteButton.click()

  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this project?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAccessibleDescription(
    'It goes to the Trash for 30 days: you can restore it from there until then, after which it is deleted for good.',
  )
  // The safe choice has the focus, and Tab goes round inside the dialog.
  const cancel = dialog.getByRole('button', { name: 'Cancel' })
  await expect(cancel).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Move to Trash' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(cancel).toBeFocused()
  await expectNoAxeViolations(page)

  // Cancel: the project stays, the focus is back on its Delete button.
  await cancel.click()
  await expect(dialog).toBeHidden()
  await expect(deleteButton).toBeFocused()
  await expect(row).toBeVisible()
  expect((await request.get(`/api/projects/${project.slug}`)).status()).toBe(200)

  // Escape cancels too.
  await deleteButton.click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(row).toBeVisible()

  // Confirmed: gone from the dashboard and the site, waiting in the Trash.
  await deleteButton.click()
  await dialog.getByRole('button', { name: 'Move to Trash' }).click()
  await expect(row).toHaveCount(0)
  expect((await request.get(`/api/projects/${project.slug}`)).status()).toBe(404)
  await page.goto('/admin/trash')
  await expect(page.getByRole('listitem').filter({ hasText: project.title })).toBeVisible()
  expect(native).toEqual([])
})

test('Delete forever in the Trash says it is for good', async ({
  adminPage: page,
  token,
  request,
}) => {
  const native = browserDialogs(page)
  const event = (await apiCreate(request, token, '/api/timeline', {
    title: unique('Forever event'),
    start_date: 'Jan 2020',
  })) as { id: number; title: string }
  const removed = await request.delete(`/api/timeline/${event.id}`, { headers: auth(token) })
  expect(removed.status()).toBe(204)
  await page.goto('/admin/trash')
  const entry = page.getByRole('listitem').filter({ hasText: event.title })
  await entry.getByRole('button', { name: 'Delete forever' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this for good?' })
  await expect(dialog).toHaveAccessibleDescription('It is deleted for good: this cannot be undone.')
  await dialog.getByRole('button', { name: 'Delete for good' }).click()
  await expect(entry).toHaveCount(0)
  expect(native).toEqual([])
})

test('the title counts near its limit, says when it is over, and is refused rather than cut', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/projects/new')
  const title = page.getByLabel('Title')
  await title.fill('t'.repeat(150))
  await expect(page.locator('#project-title-count')).toHaveText('')
  await title.fill('t'.repeat(199))
  const count = page.locator('#project-title-count')
  await expect(count).toHaveText('199 of 200 characters')
  await expect(count).toHaveAttribute('aria-live', 'polite')
  await expect(title).toHaveAccessibleDescription(/199 of 200 characters/)

  // Typed past the limit: kept whole, counted, and said.
  await title.press('End')
  await title.pressSequentially('ab')
  await expect(title).toHaveValue(`${'t'.repeat(199)}ab`)
  await expect(count).toHaveText('1 character too many')
  await expect(page.getByText('Title must be at most 200 characters.')).toBeVisible()
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Short Description').fill('A short line')
  await page.getByLabel('Long Description').fill('A longer story')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin\/projects\/new$/)
  await expect(page.getByRole('alert')).toContainText('Title must be at most 200 characters.')
  // One character less, and it saves.
  await title.fill('t'.repeat(200))
  await expect(count).toHaveText('200 of 200 characters')
  await expect(page.locator('#project-title-error')).toHaveCount(0)
  await expect(title).not.toHaveAttribute('aria-invalid', 'true')
})

test('a new project and a new note start as drafts, and the buttons say so', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/projects/new')
  await expect(page.getByLabel('Published')).not.toBeChecked()
  const save = page.getByRole('button', { name: 'Save Project' })
  await expect(save).toHaveAccessibleDescription('Saves it as a draft: only you see it.')
  await page.getByLabel('Published').check()
  await expect(save).toHaveAccessibleDescription('Saves and publishes it: visitors see it.')

  await page.goto('/admin/notes/new')
  await expect(page.getByLabel('Draft')).toBeChecked()
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible()
  await page.getByLabel('Published').check()
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible()
})

test('the dashboard lists messages without spam; a filter shows the spam, marked', async ({
  adminPage: page,
  request,
  token,
}) => {
  // A message as the form sends it waits a person's few seconds; axe runs twice.
  allowUpTo(60_000)
  const real = unique('Real sender')
  const spammer = unique('Spam sender')
  // Without the page's token: filed as spam (answered as sent).
  const spam = await request.post('/api/contact', {
    data: { name: spammer, email: 'bot@example.com', message: 'Cheap SEO services' },
  })
  expect(spam.status()).toBe(201)
  await sendRealMessage(request, {
    name: real,
    email: 'real@example.com',
    message: 'A real question.',
  })

  await page.goto('/admin')
  const section = page.getByRole('region', { name: 'Manage Contacts.' })
  await expect(section.getByRole('heading', { name: 'Manage Contacts.' })).toBeVisible()
  const table = section.getByRole('table')
  const messages = section.getByRole('button', { name: /^Messages \(\d+\)$/ })
  const spamFilter = section.getByRole('button', { name: /^Spam \(\d+\)$/ })
  await expect(messages).toHaveAttribute('aria-pressed', 'true')
  await expect(table.getByRole('row').filter({ hasText: real })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: spammer })).toHaveCount(0)

  // The counts agree with the messages the API lists. Other journeys on the same server add
  // and delete messages meanwhile: the list is read again and the page reloaded until the two
  // are taken between the same changes.
  const counts = async () => {
    const all = (await (await request.get('/api/contact', { headers: auth(token) })).json()) as {
      status: string
    }[]
    const spam = all.filter((m) => m.status === 'spam').length
    const unread = all.filter((m) => m.status === 'unread').length
    return { messages: all.length - spam, spam, unread }
  }
  await expect(async () => {
    const expected = await counts()
    await page.reload()
    await expect(messages).toHaveText(`Messages (${expected.messages})`, { timeout: 2_000 })
    await expect(spamFilter).toHaveText(`Spam (${expected.spam})`, { timeout: 2_000 })
    await expect(page.getByRole('link', { name: /Unread messages/ })).toContainText(
      String(expected.unread),
      { timeout: 2_000 },
    )
  }).toPass({ timeout: 30_000 })
  await expectNoAxeViolations(page)

  await spamFilter.click()
  await expect(spamFilter).toHaveAttribute('aria-pressed', 'true')
  const spamRow = table.getByRole('row').filter({ hasText: spammer })
  await expect(spamRow).toBeVisible()
  await expect(spamRow.getByText('Spam', { exact: true })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: real })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await expect(async () => {
    const expected = await counts()
    await page.goto('/admin/messages')
    await expect(page.getByRole('button', { name: /^Spam \(/ })).toHaveText(
      `Spam (${expected.spam})`,
      { timeout: 2_000 },
    )
  }).toPass({ timeout: 30_000 })
})

test('a note is scheduled in the owner’s time zone, named beside the field', async ({
  adminPage: page,
  request,
  token,
}) => {
  const before = (await (
    await request.get('/api/settings/time-zone', { headers: auth(token) })
  ).json()) as { time_zone: string; chosen: boolean }
  try {
    await page.goto('/admin/notes/new')
    const zone = page.getByLabel('Time zone')
    const shown = await zone.inputValue()
    await expect(page.getByLabel(`Publish at (${shown})`)).toBeVisible()

    await zone.selectOption('Asia/Tokyo')
    const publishAt = page.getByLabel('Publish at (Asia/Tokyo)')
    await expect(publishAt).toBeVisible()
    const title = unique('Tokyo note')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Summary').fill('Scheduled for a morning in Tokyo.')
    await page.getByLabel('Body').fill('Text.')
    await page.getByLabel('Published').check()
    await publishAt.fill('2099-01-01T09:00')
    await expect(page.getByText('Scheduled: it goes live on its own at this time.')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Schedule' }).click()
    await expect(page).toHaveURL(/\/admin\/notes$/)

    // Stored as the instant: 09:00 in Tokyo is midnight UTC; the zone is now the owner's.
    const notes = (await (await request.get('/api/notes', { headers: auth(token) })).json()) as {
      id: number
      title: string
      published_at: string
    }[]
    const note = notes.find((p) => p.title === title)
    expect(note?.published_at).toBe('2099-01-01T00:00:00.000Z')
    const setting = await request.get('/api/settings/time-zone', { headers: auth(token) })
    expect(await setting.json()).toEqual({ time_zone: 'Asia/Tokyo', chosen: true })

    // Opened again: the same wall time, in the same zone.
    await page.goto(`/admin/notes/edit/${note?.id}`)
    await expect(page.getByLabel('Publish at (Asia/Tokyo)')).toHaveValue('2099-01-01T09:00')
  } finally {
    await request.put('/api/settings/time-zone', {
      headers: auth(token),
      data: { time_zone: before.chosen ? before.time_zone : 'UTC' },
    })
  }
})

test('creating a share link leaves nothing unsaved: leaving asks nothing', async ({
  adminPage: page,
}) => {
  const native = browserDialogs(page)
  await page.goto('/admin/share-links')
  const name = unique('Acme application')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Leads to').selectOption({ label: 'Projects' })
  await page.getByRole('button', { name: 'Create link' }).click()
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('')

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
  expect(native).toEqual([])
})

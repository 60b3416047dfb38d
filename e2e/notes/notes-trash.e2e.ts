/**
 * A deleted note goes to the Trash: the Notes screen's delete offers Undo,
 * the Trash screen lists the note by its title and brings it back at its
 * address; pictures of the Trash holding a note at 390 and 1280 px in
 * both themes (tagged @pictures: not on CI, e2e/support/pictures.ts).
 */
import type { APIRequestContext } from '@playwright/test'
import { allowUpTo, answerConfirm, expect, expectNoAxeViolations, test, unique } from '../fixtures'
import { picture } from '../support/pictures'

interface NoteRow {
  id: number
  slug: string
  title: string
}

async function seedNote(request: APIRequestContext, token: string, title: string) {
  const created = await request.post('/api/notes', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      summary: 'A note that goes to the Trash and comes back.',
      body: 'Some text.',
      tags: ['Trash'],
      status: 'published',
    },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as NoteRow
}

test('a deleted note: Undo from the toast, then the Trash screen lists it as a note and restores it', async ({
  adminPage: page,
  token,
  request,
}) => {
  const note = await seedNote(request, token, unique('Binned note'))
  await page.goto('/admin/notes')
  const item = page.getByRole('listitem').filter({ hasText: note.title })
  await expect(item).toBeVisible()
  await item.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  const toast = page.getByRole('region', { name: 'Notifications' })
  await expect(toast).toContainText('Note deleted.')
  await expect(item).toHaveCount(0)
  expect((await request.get(`/api/notes/${note.slug}`)).status()).toBe(404)
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(toast).toContainText('Restored.')
  await expect(item).toBeVisible()
  expect((await request.get(`/api/notes/${note.slug}`)).status()).toBe(200)

  const removed = await request.delete(`/api/notes/${note.id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(removed.status()).toBe(204)
  await page.goto('/admin/trash')
  await expect(page.getByRole('heading', { name: 'Trash.' })).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: note.title })
  await expect(row).toContainText('Note')
  await expect(row).toContainText('removed for good in 30 days')
  await expectNoAxeViolations(page)
  await row.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Restored: ${note.title}`,
  )
  await expect(row).toHaveCount(0)
  const back = await request.get(`/api/notes/${note.slug}`)
  expect(back.status()).toBe(200)
  expect(((await back.json()) as NoteRow).id).toBe(note.id)
})

test('screenshots: the Trash holding a note, 390 and 1280 px, light and dark', {
  tag: '@pictures',
}, async ({ browser, token, request, baseURL }) => {
  allowUpTo(90_000)
  const note = await seedNote(request, token, unique('Pictured note in the Trash'))
  await request.delete(`/api/notes/${note.id}`, { headers: { authorization: `Bearer ${token}` } })
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme })
      await context.addInitScript((value) => localStorage.setItem('token', value), token)
      const page = await context.newPage()
      await page.goto(`${baseURL}/admin/trash`, { waitUntil: 'networkidle' })
      await expect(page.getByRole('listitem').filter({ hasText: note.title })).toContainText('Note')
      await picture(page, `notes-trash/trash-note-${width}-${colorScheme}`, { fullPage: true })
      await context.close()
    }
  }
})

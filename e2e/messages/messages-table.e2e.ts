import type { APIRequestContext, Page } from '@playwright/test'
import { answerConfirm, expect, sendRealMessage, test, unique } from '../fixtures'

interface MessageRow {
  id: number
  name: string
  email: string
  message: string
}

/** A message as the form sends it (not spam: the table lists those by default). */
async function sendMessage(request: APIRequestContext): Promise<MessageRow> {
  const name = unique('Visitor')
  return sendRealMessage(request, {
    name,
    email: 'visitor@example.com',
    message: `Hello from ${name}`,
  })
}

async function listMessages(request: APIRequestContext, token: string): Promise<MessageRow[]> {
  const response = await request.get('/api/contact', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as MessageRow[]
}

const tableRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })

test('the dashboard shows its three sections and the messages table', async ({
  adminPage: page,
  request,
}) => {
  const message = await sendMessage(request)
  await page.goto('/admin')
  for (const name of ['Manage Projects.', 'Manage Timeline.', 'Manage Contacts.']) {
    await expect(page.getByRole('heading', { name })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Add Project' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add Event' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()

  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Message', 'Actions'])
  const item = tableRow(page, message.name)
  await expect(item.getByRole('cell')).toHaveText([
    message.name,
    'visitor@example.com',
    `Hello from ${message.name}`,
    'Delete',
  ])
})

test('deleting a message asks first: dismissed keeps it, accepted removes it', async ({
  adminPage: page,
  token,
  request,
}) => {
  const message = await sendMessage(request)
  await page.goto('/admin')
  const item = tableRow(page, message.name)

  const questions: string[] = []
  await item.getByRole('button', { name: 'Delete' }).click()
  questions.push(await answerConfirm(page, false))
  await expect.poll(() => questions).toEqual(['Are you sure you want to delete this contact?'])
  await expect(item).toBeVisible()
  expect((await listMessages(request, token)).some((row) => row.id === message.id)).toBe(true)

  await item.getByRole('button', { name: 'Delete' }).click()
  questions.push(await answerConfirm(page, true))
  await expect(item).toHaveCount(0)
  expect(questions[1]).toBe('Are you sure you want to delete this contact?')
  expect((await listMessages(request, token)).some((row) => row.id === message.id)).toBe(false)
})

test('a dashboard that cannot load says so inline and can retry', async ({ adminPage: page }) => {
  await page.route('**/trpc/*messages.list*', (route) => route.abort('connectionrefused'))
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again later.')
  // Only a 401 signs the visitor out; a failed load keeps the session.
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).not.toBeNull()

  await page.unroute('**/trpc/*messages.list*')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Manage Contacts.' })).toBeVisible()
})

import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, hydrated, test, unique } from './fixtures'

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.passes.length).toBeGreaterThan(10)
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })),
  ).toEqual([])
}

/** Sends a message as a visitor does: the page, then (a person types) a few seconds, then Send. */
async function sendFromContactPage(page: Page, name: string, text: string) {
  await page.goto('/contact-me')
  await hydrated(page)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('recruiter@example.com')
  await page.getByLabel('Message').fill(text)
  // Sooner than 3 s after the form was shown, the server files it as spam.
  await page.waitForTimeout(3_200)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('status')).toHaveText('Message sent successfully!')
}

const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' })
const item = (page: Page, name: string) =>
  messageList(page).getByRole('listitem').filter({ hasText: name })

test('a message from /contact-me arrives unread with its date, is read, archived, found and exported', async ({
  adminPage: page,
  request,
  token,
}) => {
  const name = unique('Recruiter')
  const text = `An internship offer for you, ${name}.`
  await sendFromContactPage(page, name, text)

  await page.goto('/admin/messages')
  await expect(page.getByRole('heading', { name: 'Messages.' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await expect(nav.getByRole('link', { name: 'Messages' })).toHaveAccessibleDescription(
    /\d+ unread/,
  )
  const row = item(page, name)
  await expect(row.getByText('Unread')).toBeVisible()
  const time = row.locator('time')
  const stamp = await time.getAttribute('datetime')
  expect(Date.now() - Date.parse(stamp ?? '')).toBeLessThan(10 * 60_000)
  await expect(time).not.toHaveText('')
  await expectNoViolations(page)

  // Opening it shows it whole, with Reply, and marks it read.
  await row.getByRole('button', { name: new RegExp(name) }).click()
  await expect(row.getByText(text)).toBeVisible()
  const reply = row.getByRole('link', { name: 'Reply' })
  const href = (await reply.getAttribute('href')) ?? ''
  expect(href.startsWith('mailto:recruiter@example.com?')).toBe(true)
  const params = new URLSearchParams(href.slice(href.indexOf('?') + 1))
  expect(params.get('subject')).toMatch(/^Re: Your message on /)
  expect(params.get('body')).toContain(`> ${text}`)
  await expect(row.getByText('Unread')).toHaveCount(0)
  const list = async () =>
    (await (
      await request.get('/api/contact', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { name: string; status: string }[]
  await expect.poll(async () => (await list()).find((m) => m.name === name)?.status).toBe('read')
  await expectNoViolations(page)

  // Archived: out of the inbox, into Archived.
  await row.getByRole('button', { name: 'Archive' }).click()
  await expect(item(page, name)).toHaveCount(0)
  await page.getByRole('button', { name: /^Archived \(/ }).click()
  await expect(item(page, name)).toBeVisible()
  expect((await list()).find((m) => m.name === name)?.status).toBe('archived')

  // Search finds it by a word of its text, and nothing for a word it lacks.
  const search = page.getByLabel('Search messages')
  await search.fill('no-such-word-anywhere')
  await expect(page.getByText('No message matches the search.')).toBeVisible()
  await search.fill(name)
  await expect(messageList(page).getByRole('listitem')).toHaveCount(1)
  await expect(item(page, name)).toBeVisible()

  // The export holds what is shown.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^messages-archived-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await file.path()) ?? '', 'utf8')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe('id,date,status,name,email,message')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`"archived","${name}","recruiter@example.com","${text}"`)
})

test('spam waits in Spam; not spam brings it back; delete asks first; several at once', async ({
  adminPage: page,
  request,
}) => {
  // Posted without the page's form token: filed as spam, answered as sent.
  const name = unique('Spammer')
  const posted = await request.post('/api/contact', {
    data: { name, email: 'bot@example.com', message: 'Cheap SEO services' },
  })
  expect(posted.status()).toBe(201)
  await page.goto('/admin/messages')
  await expect(page.getByRole('heading', { name: 'Messages.' })).toBeVisible()
  await expect(item(page, name)).toHaveCount(0)
  await page.getByRole('button', { name: /^Spam \(/ }).click()
  await item(page, name)
    .getByRole('button', { name: new RegExp(name) })
    .click()
  await item(page, name).getByRole('button', { name: 'Not spam' }).click()
  await expect(item(page, name)).toHaveCount(0)
  await page.getByRole('button', { name: /^Inbox \(/ }).click()
  await expect(item(page, name)).toBeVisible()

  // Two more, then both selected and deleted after the spec's question.
  const others = [unique('Bulk'), unique('Bulk')]
  for (const other of others) {
    await request.post('/api/contact', {
      data: { name: other, email: 'bulk@example.com', message: 'hello' },
    })
  }
  await page.reload()
  await page.getByRole('button', { name: /^Spam \(/ }).click()
  for (const other of others) {
    await page.getByLabel(`Select the message from ${other}`).check()
  }
  await expect(page.getByText('2 selected')).toBeVisible()
  const questions: string[] = []
  page.once('dialog', (dialog) => {
    questions.push(dialog.message())
    void dialog.accept()
  })
  await page.getByRole('button', { name: 'Delete selected' }).click()
  for (const other of others) await expect(item(page, other)).toHaveCount(0)
  expect(questions).toEqual(['Are you sure you want to delete this contact?'])
})

test('Settings → Notifications says whether alerts are configured', async ({ adminPage: page }) => {
  await page.goto('/admin/notifications')
  await expect(page.getByRole('heading', { level: 2, name: 'Message alerts' })).toBeVisible()
  await expect(page.getByText('Email', { exact: true })).toBeVisible()
  await expect(page.getByText('Not configured').first()).toBeVisible()
  await expect(page.getByText('None yet')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send test' })).toBeDisabled()
  await expectNoViolations(page)
})

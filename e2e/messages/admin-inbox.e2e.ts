import { readFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { APIRequestContext, Page } from '@playwright/test'
import { SMTPServer } from 'smtp-server'
import {
  allowUpTo,
  answerConfirm,
  e2eAdmin,
  expect,
  expectNoAxeViolations,
  hydrated,
  signInPage,
  test,
  unique,
} from '../fixtures'
import { freePort } from '../support/free-port'
import { type OwnServer, startOwnServer } from '../support/own-server'
import { picture, pictures } from '../support/pictures'

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
  await expectNoAxeViolations(page)

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
  await expectNoAxeViolations(page)

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
  await page.getByRole('button', { name: 'Delete selected' }).click()
  questions.push(await answerConfirm(page, true))
  for (const other of others) await expect(item(page, other)).toHaveCount(0)
  expect(questions).toEqual(['Are you sure you want to delete this contact?'])
})

test('Settings → Notifications says whether alerts are configured', async ({ adminPage: page }) => {
  await page.goto('/admin/notifications')
  const status = page.getByRole('region', { name: 'Message alerts' })
  await expect(status.getByRole('heading', { level: 2, name: 'Message alerts' })).toBeVisible()
  await expect(status.getByText('Email', { exact: true })).toBeVisible()
  await expect(status.getByText('Not configured').first()).toBeVisible()
  await expect(status.getByText('None yet')).toBeVisible()
  await expect(status.getByRole('button', { name: 'Send test' })).toBeDisabled()
  await expectNoAxeViolations(page)
})

/** The stored status of each message, by name, as the API lists them. */
async function statuses(request: APIRequestContext, token: string) {
  const response = await request.get('/api/contact', {
    headers: { authorization: `Bearer ${token}` },
  })
  const list = (await response.json()) as { name: string; status: string }[]
  return new Map(list.map((m) => [m.name, m.status]))
}

/**
 * Messages as people send them, through the API: the contact page's form
 * token for each, then (longer than a person needs to type) the notes.
 */
async function sendAsPeople(request: APIRequestContext, names: string[]) {
  const tokens: string[] = []
  for (const _ of names) {
    tokens.push(
      ((await (await request.get('/api/contact/form-token')).json()) as { token: string }).token,
    )
  }
  await new Promise((resolve) => setTimeout(resolve, 3_200))
  for (const [index, name] of names.entries()) {
    const posted = await request.post('/api/contact', {
      data: {
        name,
        email: 'people@example.com',
        message: `Hello from ${name}.`,
        form_token: tokens[index],
      },
    })
    expect(posted.status()).toBe(201)
  }
}

test('Archive selected, Move to inbox, Mark as spam and Delete, one message at a time', async ({
  adminPage: page,
  request,
  token,
}) => {
  const [first, second, third, fourth] = [1, 2, 3, 4].map((n) => unique(`Person ${n}`)) as [
    string,
    string,
    string,
    string,
  ]
  await sendAsPeople(request, [first, second, third, fourth])
  const notifications = page.getByRole('region', { name: 'Notifications' })
  await page.goto('/admin/messages')
  await expect(page.getByRole('heading', { name: 'Messages.' })).toBeVisible()
  for (const name of [first, second, third, fourth]) {
    await expect(item(page, name).getByText('Unread')).toBeVisible()
  }

  // Two selected, archived at once.
  await page.getByLabel(`Select the message from ${first}`).check()
  await page.getByLabel(`Select the message from ${second}`).check()
  await expect(page.getByText('2 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Archive selected' }).click()
  await expect(notifications).toContainText('2 archived.')
  await expect(item(page, first)).toHaveCount(0)
  await expect(item(page, second)).toHaveCount(0)
  await expect(item(page, third)).toBeVisible()
  let stored = await statuses(request, token)
  expect([stored.get(first), stored.get(second), stored.get(third)]).toEqual([
    'archived',
    'archived',
    'unread',
  ])

  // One archived message back to the inbox, read.
  await page.getByRole('button', { name: /^Archived \(/ }).click()
  await expect(item(page, second)).toBeVisible()
  await item(page, first)
    .getByRole('button', { name: new RegExp(first) })
    .click()
  await item(page, first).getByRole('button', { name: 'Move to inbox' }).click()
  await expect(notifications).toContainText('Moved to the inbox.')
  await expect(item(page, first)).toHaveCount(0)
  await expect(item(page, second)).toBeVisible()
  await page.getByRole('button', { name: /^Inbox \(/ }).click()
  await expect(item(page, first)).toBeVisible()
  await expect(item(page, first).getByText('Unread')).toHaveCount(0)
  expect((await statuses(request, token)).get(first)).toBe('read')

  // One marked as spam: out of the inbox, into Spam.
  await item(page, third)
    .getByRole('button', { name: new RegExp(third) })
    .click()
  await item(page, third).getByRole('button', { name: 'Mark as spam' }).click()
  await expect(notifications).toContainText('Marked as spam.')
  await expect(item(page, third)).toHaveCount(0)
  expect((await statuses(request, token)).get(third)).toBe('spam')
  await page.getByRole('button', { name: /^Spam \(/ }).click()
  await expect(item(page, third)).toBeVisible()

  // One deleted: the spec's question first; "Cancel" keeps it, "OK" deletes it.
  await page.getByRole('button', { name: /^Inbox \(/ }).click()
  await item(page, fourth)
    .getByRole('button', { name: new RegExp(fourth) })
    .click()
  const questions: string[] = []
  await item(page, fourth).getByRole('button', { name: 'Delete', exact: true }).click()
  questions.push(await answerConfirm(page, false))
  await expect.poll(() => questions.length).toBe(1)
  await expect(item(page, fourth)).toBeVisible()
  expect((await statuses(request, token)).has(fourth)).toBe(true)
  await item(page, fourth).getByRole('button', { name: 'Delete', exact: true }).click()
  questions.push(await answerConfirm(page, true))
  await expect(notifications).toContainText('Message deleted.')
  await expect(item(page, fourth)).toHaveCount(0)
  expect(questions).toEqual([
    'Are you sure you want to delete this contact?',
    'Are you sure you want to delete this contact?',
  ])
  stored = await statuses(request, token)
  expect(stored.has(fourth)).toBe(false)
  expect(stored.get(second)).toBe('archived')
})

/**
 * Settings → Notifications with alerts configured: a server of its own
 * (the journeys' server has none), its SMTP URL and webhook pointing at
 * receivers this file starts. The webhook first answers 503, so the panel
 * shows an error, then 204.
 */
test.describe('Settings → Notifications with alerts configured', () => {
  test.describe.configure({ mode: 'serial' })

  let server: OwnServer | undefined
  let smtp: SMTPServer | undefined
  let hook: Server | undefined
  let base = ''
  const mails: string[] = []
  const notes: { type: string; answered: number }[] = []
  let hookStatus = 503

  test.beforeAll(async () => {
    // A mail server and a server of its own: longer than a test on a busy machine.
    allowUpTo(90_000)
    const smtpPort = await freePort()
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp?.listen(smtpPort, '127.0.0.1', resolve))
    hook = createHttpServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      request.on('end', () => {
        const { type } = JSON.parse(body) as { type: string }
        notes.push({ type, answered: hookStatus })
        response.writeHead(hookStatus).end()
      })
    })
    const hookPort = await freePort()
    await new Promise<void>((resolve) => hook?.listen(hookPort, '127.0.0.1', resolve))

    server = await startOwnServer({
      name: 'portfolio-alerts-e2e',
      env: {
        LOG_LEVEL: 'error',
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_PASSWORD: e2eAdmin.password,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        NOTIFY_EMAIL_TO: 'owner@example.com',
        NOTIFY_EMAIL_FROM: 'Portfolio <portfolio@localhost>',
        NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/secret-topic?tpl=yes`,
        NOTIFY_RETRY_BASE: '500ms',
        NOTIFY_RETRY_MAX: '1s',
        NOTIFY_POLL: '500ms',
      },
    })
    base = server.base
  })

  test.afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
    await new Promise<void>((resolve) => (hook ? hook.close(() => resolve()) : resolve()))
  })

  test('Send test delivers, and the panel shows the last delivery and the last error', async ({
    page,
  }) => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    })
    const { token } = (await login.json()) as { token: string }
    await signInPage(page, token)
    await page.goto(`${base}/admin/notifications`)
    const panel = page.getByRole('region', { name: 'Message alerts' })
    /** The value beside a label of the panel's list. */
    const row = (label: string) =>
      panel
        .locator('dl > div')
        .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
        .locator('dd')
    await expect(panel.getByRole('heading', { name: 'Message alerts' })).toBeVisible()
    await expect(row('Email')).toHaveText('Configured, to owner@example.com')
    await expect(row('Webhook')).toHaveText(/^Configured \(127\.0\.0\.1:\d+\)$/)
    // The webhook's secret path and query are never shown.
    await expect(panel).not.toContainText('secret-topic')
    await expect(row('Last delivery')).toHaveText('None yet')
    await expect(row('Last error')).toHaveText('None')

    // The webhook is down: the email goes, the webhook's failure is shown.
    await panel.getByRole('button', { name: 'Send test' }).click()
    await expect(panel.getByRole('alert')).toContainText(
      'The test could not be sent yet: webhook answered 503',
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('Subject: Test alert from')
    // Retried every second or so while it is down, never answered yet.
    expect(notes[0]).toEqual({ type: 'test', answered: 503 })
    expect(notes.every((note) => note.answered === 503)).toBe(true)
    await expect(row('Last delivery').locator('time')).toHaveAttribute('datetime', /^\d{4}-/)
    await expect(row('Last error')).toContainText('webhook answered 503')
    await expect(row('Last error').locator('time')).toHaveAttribute('datetime', /^\d{4}-/)
    await expect(row('Waiting to be sent')).toHaveText('1')
    await picture(page, 'admin-inbox/notifications-error-1280', { fullPage: true })
    await expectNoAxeViolations(page)

    // The webhook is back: the worker retries on its own; a reload shows nothing waiting.
    hookStatus = 204
    await expect
      .poll(() => notes.filter((note) => note.answered === 204).length, {
        timeout: 15_000,
      })
      .toBe(1)
    await page.reload()
    await expect(row('Waiting to be sent')).toHaveText('0')

    // A second test goes out on both channels at once and says so.
    await panel.getByRole('button', { name: 'Send test' }).click()
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Test alert sent.',
    )
    expect(mails).toHaveLength(2)
    const delivered = notes.filter((note) => note.answered === 204)
    expect(delivered).toEqual([
      { type: 'test', answered: 204 },
      { type: 'test', answered: 204 },
    ])
    await expect(row('Waiting to be sent')).toHaveText('0')
    await pictures(page, 'admin-inbox/notifications', { widths: [390], fullPage: true })
  })
})

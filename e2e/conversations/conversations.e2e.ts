/**
 * A reply from another site, end to end: a Webmention sent to a server of its own (loopback
 * fetches allowed for its fake remote site), verified by the job, waiting in the admin's
 * Conversations until the owner approves it, then shown under the note, rendered by the server,
 * in the light and the dark theme (axe in each). The note's own link to that site is sent a
 * Webmention by the job; the Webmentions panel lists the one received and the one sent, with
 * their statuses and answers, at 390 and 1280 px in both themes.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { allowUpTo, colourRules, expect, expectNoAxeViolations, test } from '../fixtures'
import { type OwnServer, signInOnOwnServer, startOwnServer } from '../support/own-server'
import { pictures } from '../support/pictures'

const OWNER = { username: 'social-owner', password: 'social owner password' }
const REPLY = 'What a thoughtful note about the social web.'

let server: OwnServer | undefined
let remote: Server | undefined
let base = ''
let remoteBase = ''
let target = ''
/** What the remote site's Webmention endpoint received. */
const endpointReceived: { source: string; target: string }[] = []

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  allowUpTo(90_000)
  // Someone's own site: one reply, with an h-card author, linking to the note.
  remote = createServer((request, response) => {
    // A page the note links to, with an endpoint that accepts what this site sends.
    if (request.url === '/essays/quiet-web' && request.method === 'GET') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        link: '</webmention-endpoint>; rel="webmention"',
      })
      response.end('<!doctype html><title>The quiet web</title><p>An essay.</p>')
      return
    }
    if (request.url === '/webmention-endpoint' && request.method === 'POST') {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      request.on('end', () => {
        const form = new URLSearchParams(body)
        endpointReceived.push({
          source: form.get('source') ?? '',
          target: form.get('target') ?? '',
        })
        response.writeHead(202)
        response.end()
      })
      return
    }
    if (request.url === '/replies/1') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(`<!doctype html><title>Reply</title>
<article class="h-entry">
  <a class="p-author h-card" href="${remoteBase}/">Grace Remote</a>
  <p>In reply to <a class="u-in-reply-to" href="${target}">this note</a>.</p>
  <div class="e-content"><p>${REPLY}</p></div>
  <time class="dt-published" datetime="2026-12-01T08:00:00Z">1 December</time>
</article>`)
      return
    }
    response.writeHead(404)
    response.end()
  })
  await new Promise<void>((resolve) => remote?.listen(0, '127.0.0.1', resolve))
  remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`
  server = await startOwnServer({
    name: 'portfolio-conversations',
    siteUrl: true,
    env: {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      OWNER_NAME: 'Ada Social',
      OUTBOUND_ALLOW_LOOPBACK: 'on',
      WEBMENTION_POLL: '1s',
      WEBMENTION_SEND_POLL: '1s',
    },
  })
  base = server.base
  target = `${base}/notes/replies-welcome`
})

test.afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => remote?.close(resolve))
})

async function apiToken(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  })
  return ((await response.json()) as { token: string }).token
}

/** Axe on the page as it is, in the light theme and (its colours) in the dark one. */
async function axeInBothThemes(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    // The theme shown: a public page follows the device by CSS, with no attribute.
    await expect(page.locator('html')).toHaveCSS('color-scheme', colorScheme)
    await expectNoAxeViolations(page, colorScheme === 'dark' ? { rules: colourRules } : {})
  }
  await page.emulateMedia({ colorScheme: null })
}

/** Scrolled back to the top, so that a whole-page picture has its sticky parts in place. */
async function atTheTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0))
}

const reply = (page: Page) =>
  page.getByRole('list', { name: 'Replies' }).getByRole('listitem').filter({ hasText: REPLY })

test('a verified reply waits for approval, then shows under the note in both themes', async ({
  page,
}) => {
  const token = await apiToken()
  const note = await fetch(`${base}/api/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: 'Replies welcome',
      summary: 'A note to answer.',
      body: `Answer it from your own site, as [the quiet web](${remoteBase}/essays/quiet-web) asks.`,
      status: 'published',
    }),
  })
  expect(note.status).toBe(201)

  // The other site sends its Webmention; the endpoint answers at once, the job verifies it.
  const sent = await fetch(`${base}/webmention`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ source: `${remoteBase}/replies/1`, target }).toString(),
  })
  expect(sent.status).toBe(202)
  const statusUrl = `${base}${sent.headers.get('location')}`
  await expect
    .poll(async () => ((await (await fetch(statusUrl)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('accepted')

  // Not on the page until approved.
  await page.goto(target)
  await expect(page.getByRole('heading', { name: 'Replies welcome' })).toBeVisible()
  await expect(page.getByText(REPLY)).toHaveCount(0)

  await signInOnOwnServer(page, base, OWNER)
  await page.getByRole('link', { name: 'Conversations', exact: true }).first().click()
  await expect(page.getByRole('heading', { name: 'Conversations.' })).toBeVisible()
  const item = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({
    hasText: REPLY,
  })
  await expect(item).toContainText('Grace Remote')
  await expect(item).toContainText('Reply · Webmention · on Replies welcome')
  await expectNoAxeViolations(page)
  await pictures(page, 'conversations/admin-pending')
  await item.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Approved: it is shown on the page.')).toBeVisible()
  await page.getByRole('button', { name: /^Approved/ }).click()
  await expect(
    page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('listitem')
      .filter({ hasText: REPLY }),
  ).toBeVisible()

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.goto(target)
    // The theme shown: a public page follows the device by CSS, with no attribute.
    await expect(page.locator('html')).toHaveCSS('color-scheme', colorScheme)
    const shown = reply(page)
    await expect(shown).toBeVisible()
    await expect(shown.getByRole('link', { name: 'Grace Remote' })).toHaveAttribute(
      'href',
      `${remoteBase}/`,
    )
    await expect(shown.getByRole('link', { name: 'Ask to remove this' })).toBeVisible()
    await expectNoAxeViolations(page, colorScheme === 'dark' ? { rules: colourRules } : {})
  }
  await page.emulateMedia({ colorScheme: null })
  await page.getByRole('heading', { name: 'Responses' }).scrollIntoViewIfNeeded()
  await pictures(page, 'conversations/note-with-reply')
})

test('the Webmentions panel lists what was received and sent, a removal too, at both widths and in both themes', async ({
  page,
}) => {
  const essay = `${remoteBase}/essays/quiet-web`
  // The job (every second here) has told the page the note links to.
  await expect.poll(() => endpointReceived.length, { timeout: 30_000 }).toBeGreaterThan(0)
  expect(endpointReceived[0]).toEqual({ source: target, target: essay })

  // A second note linking there, then moved to the Trash: its page is gone (410) and the essay
  // is told once more, so that its site removes the mention.
  const token = await apiToken()
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const created = await fetch(`${base}/api/notes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'Short lived',
      summary: 'Here for a moment.',
      body: `A thought on [the quiet web](${essay}).`,
      status: 'published',
    }),
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  const shortLived = `${base}/notes/short-lived`
  const fromShortLived = () => endpointReceived.filter((m) => m.source === shortLived).length
  await expect.poll(fromShortLived, { timeout: 30_000 }).toBe(1)
  const trashed = await fetch(`${base}/api/notes/${id}`, { method: 'DELETE', headers })
  expect(trashed.status).toBe(204)
  expect((await fetch(shortLived)).status).toBe(410)
  await expect.poll(fromShortLived, { timeout: 30_000 }).toBe(2)

  await signInOnOwnServer(page, base, OWNER)
  await page.getByRole('link', { name: 'Conversations', exact: true }).first().click()
  const panel = page.getByRole('region', { name: 'Webmentions.' })
  await expect(panel).toBeVisible()
  const received = panel
    .getByRole('list', { name: 'Received Webmentions' })
    .getByRole('listitem')
    .filter({ hasText: '/replies/1' })
  await expect(received).toContainText('Accepted')
  await expect(received).toContainText('Verified; it will be shown once the owner approves it.')
  const from = received.getByRole('link', { name: /\/replies\/1$/ })
  await expect(from).toHaveAttribute('href', `${remoteBase}/replies/1`)
  await expect(from).toHaveAttribute('target', '_blank')
  await expect(from).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(received.getByRole('link', { name: /\/notes\/replies-welcome$/ })).toHaveAttribute(
    'href',
    target,
  )
  await axeInBothThemes(page)
  await atTheTop(page)
  await pictures(page, 'conversations/admin-webmentions-received', { fullPage: true })

  await panel.getByRole('button', { name: /^Sent/ }).click()
  const sent = panel.getByRole('list', { name: 'Sent Webmentions' }).getByRole('listitem')
  const update = sent.filter({ hasText: '/notes/replies-welcome' })
  await expect(update).toContainText('Sent')
  await expect(update).toContainText('Accepted (202).')
  await expect(update).toContainText(`${remoteBase.replace('http://', '')}/webmention-endpoint`)
  await expect(update.getByRole('link', { name: /\/essays\/quiet-web$/ })).toHaveAttribute(
    'href',
    essay,
  )
  await expect(update).not.toContainText('Removal')
  const removal = sent.filter({ hasText: '/notes/short-lived' }).filter({ hasText: 'Removal' })
  await expect(removal).toHaveCount(1)
  await expect(removal).toContainText('Accepted (202).')

  await axeInBothThemes(page)
  // Nothing sideways on a phone.
  await page.setViewportSize({ width: 390, height: 900 })
  await expect(update).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await atTheTop(page)
  await pictures(page, 'conversations/admin-webmentions-sent', { fullPage: true })
  // While the lists are read, the admin's loading line; a read that fails says so in words.
  await page.route(/\/trpc\/[^?]*webmentions\./, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.fulfill({ status: 503, contentType: 'text/plain', body: 'down for a moment' })
  })
  await page.reload()
  await expect(panel.getByRole('status')).toHaveText('Gathering data…')
  await expect(panel.getByRole('alert')).toHaveText('The received Webmentions could not be read.')
  await page.unroute(/\/trpc\/[^?]*webmentions\./)
})

/**
 * A reply from another site, end to end: a Webmention sent to a server of its own (loopback
 * fetches allowed for its fake remote site), verified by the job, waiting in the admin's
 * Conversations until the owner approves it, then shown under the note, rendered by the server,
 * in the light and the dark theme (axe in each).
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

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  allowUpTo(90_000)
  // Someone's own site: one reply, with an h-card author, linking to the note.
  remote = createServer((request, response) => {
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
      body: 'Answer it from your own site.',
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
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
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

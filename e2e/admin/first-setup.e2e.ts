/**
 * A fresh install with no admin: the server prints a one-time set-up
 * address; opening it asks for a username and the password twice, creates
 * the admin and signs in. This suite runs its own server on a new data
 * directory with no ADMIN_* variables.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { allowUpTo, expectNoAxeViolations } from '../fixtures'
import { type OwnServer, startOwnServer } from '../support/own-server'

let server: OwnServer | undefined
let dataDir = ''
let base = ''
let setupUrl = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // A server of its own on a new data directory: longer than a test on a busy machine.
  allowUpTo(90_000)
  server = await startOwnServer({
    name: 'portfolio-setup-e2e',
    env: { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined },
    siteUrl: true,
    stderr: 'keep',
  })
  ;({ base, dataDir } = server)
  // The banner is a warning line on stderr, after "listening".
  for (let i = 0; i < 150 && !setupUrl; i++) {
    const match = /"setup_url":"([^"]+)"/.exec(server.stderr())
    if (match?.[1]) setupUrl = match[1]
    else await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (!setupUrl) throw new Error(`the server printed no set-up address:\n${server.stderr()}`)
})

test.afterAll(async () => {
  await server?.stop()
})

test('the printed address opens the set-up screen; it creates the admin and signs in', async ({
  page,
}) => {
  expect(setupUrl).toMatch(new RegExp(`^${base}/setup\\?token=[A-Za-z0-9_-]{43}$`))
  expect(existsSync(join(dataDir, 'setup-token'))).toBe(true)

  await page.goto(setupUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your site.' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByLabel('Username').fill('ada')
  await page.getByLabel('Password', { exact: true }).fill('a long passphrase')
  await page.getByLabel('Repeat the password').fill('a different one')
  await page.getByRole('button', { name: 'Create admin and sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('The two passwords differ.')

  await page.getByLabel('Repeat the password').fill('a long passphrase')
  await page.getByRole('button', { name: 'Create admin and sign in' }).click()
  await expect(page).toHaveURL(`${base}/admin`)
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible()
  expect(existsSync(join(dataDir, 'setup-token'))).toBe(false)
})

test('once used, the link points to the sign-in page', async ({ page }) => {
  await page.goto(setupUrl)
  await expect(page.getByText('The admin account already exists.')).toBeVisible()
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Admin Login.' })).toBeVisible()
})

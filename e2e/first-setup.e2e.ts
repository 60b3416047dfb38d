/**
 * A fresh install with no admin: the server prints a one-time set-up
 * address; opening it asks for a username and the password twice, creates
 * the admin and signs in. This suite runs its own server on a new data
 * directory with no ADMIN_* variables.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './fixtures'
import { freePort } from './support/free-port'

let server: ChildProcess | undefined
let dataDir = ''
let base = ''
let setupUrl = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portfolio-setup-e2e-'))
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    SKIP_CLIENT_BUILD: '1',
    LOG_LEVEL: 'warn',
  }
  delete env.ADMIN_USERNAME
  delete env.ADMIN_PASSWORD
  server = spawn('bun', ['server/index.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  // The banner is a warning line on stderr, after "listening".
  let printed = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString()
  })
  for (let i = 0; i < 150 && !setupUrl; i++) {
    const match = /"setup_url":"([^"]+)"/.exec(printed)
    if (match?.[1]) setupUrl = match[1]
    else await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (!setupUrl) throw new Error(`the server printed no set-up address:\n${printed}`)
})

test.afterAll(async () => {
  server?.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 500))
  server?.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
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

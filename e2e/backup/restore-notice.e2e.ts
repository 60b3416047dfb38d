/**
 * A restore from a backup is noticed by every open admin tab: its next
 * action lands on the sign-in page saying when the site was restored, and
 * once signed in again the header shows the restored profile. A restore
 * changes all data, so this suite runs its own server on a fresh data
 * directory (as hostile-content.e2e.ts does).
 */
import { expect, test } from '@playwright/test'
import { allowUpTo } from '../fixtures'
import { type OwnServer, startOwnServer } from '../support/own-server'

const ADMIN = { username: 'restore-admin', password: 'restore admin password' }

let server: OwnServer | undefined
let base = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // A server of its own on a new data directory: longer than a test on a busy machine.
  allowUpTo(90_000)
  server = await startOwnServer({
    name: 'portfolio-restore-notice',
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      OWNER_NAME: 'Restored Owner',
    },
  })
  base = server.base
})

test.afterAll(async () => {
  await server?.stop()
})

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  }
}

test('a restore from a backup is noticed by an open admin tab on its next action', async ({
  browser,
}) => {
  const login = await api('/api/auth/login', { method: 'POST', body: ADMIN })
  const token = String(login.json.token)
  const backup = await api('/api/backup', { token })
  expect(backup.status).toBe(200)

  // After the backup, the owner renames themself.
  const profile = (await api('/api/profile', { token })).json
  // What the answer computes (its age, greeting, rendered About) is no field of a save.
  const { age: _age, photo: _photo, greeting: _greeting, bio_html: _bioHtml, ...fields } = profile
  const renamed = await api('/api/profile', {
    method: 'PUT',
    token,
    body: { ...fields, name: 'Renamed Meanwhile' },
  })
  expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', value)
      sessionStorage.setItem('seeded', '1')
    }
  }, token)
  const tab = await context.newPage()
  await tab.goto(`${base}/admin/profile`)
  await expect(tab.getByLabel('Name', { exact: true })).toHaveValue('Renamed Meanwhile')
  await expect(tab.getByRole('banner').getByRole('link').first()).toContainText('Renamed Meanwhile')

  // Another tab (here: the API) restores the backup taken before the rename.
  const restored = await api('/api/restore', {
    method: 'POST',
    token,
    body: { password: ADMIN.password, backup: backup.json },
  })
  expect(restored.status).toBe(200)

  // The open tab's next action: a screen of the admin.
  await tab.getByRole('link', { name: 'Trash' }).first().click()
  await expect(tab).toHaveURL(/\/login$/)
  await expect(tab.getByRole('status')).toHaveText(
    /^The site was restored from a backup at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Sign in again\.$/,
  )
  await tab.getByLabel('Username').fill(ADMIN.username)
  await tab.getByLabel('Password').fill(ADMIN.password)
  await tab.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(tab).toHaveURL(/\/admin$/)
  await expect(tab.getByRole('banner').getByRole('link').first()).toContainText('Restored Owner')
  await tab.goto(`${base}/admin/profile`)
  await expect(tab.getByLabel('Name', { exact: true })).toHaveValue('Restored Owner')
  await context.close()
})

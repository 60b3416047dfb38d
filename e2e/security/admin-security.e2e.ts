/**
 * Settings → Security and the audit log, through the screens: two-factor
 * sign-in turned on from /admin/security (the code made here, from the key
 * the screen shows, as an authenticator app would), then a sign-in with a
 * code; a session revoked; the audit screen showing the sign-in. axe on
 * each state, pictures at 390 and 1280 px in both themes (e2e/support/pictures.ts).
 *
 * The site has one owner, and every other journey signs in with the
 * password alone: this file runs in a Playwright project of its own, after
 * the others, and turns two-factor sign-in off again at the end.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { allowUpTo, e2eAdmin, expect, expectNoAxeViolations, test } from '../fixtures'
import { pictures } from '../support/pictures'

test.describe.configure({ mode: 'serial' })
// Each sign-in with a code needs a new 30-second step: some tests wait for the clock.
allowUpTo(90_000)

function codeAt(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  })
}

/**
 * A code the server has not seen: the server accepts the step before and
 * after now, but each step once and only later ones, so take the current
 * step or the next, and wait for the clock otherwise.
 */
let lastStep = 0
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now()
    const step = Math.floor(now / 30_000)
    for (const candidate of [step, step + 1]) {
      if (candidate > lastStep) {
        lastStep = candidate
        return codeAt(secret, candidate * 30_000 + 1_000)
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

async function signInWithPassword(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(e2eAdmin.username)
  await page.getByLabel('Password').fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

let secret = ''

/** Turns two-factor sign-in off through the API whatever happened, so later runs start clean. */
async function turnOff(request: APIRequestContext) {
  if (!secret) return
  const first = await request.post('/api/auth/login', { data: e2eAdmin })
  const body = await first.json()
  let token: string | undefined = body.token
  if (!token && body.challenge) {
    const second = await request.post('/api/auth/login/2fa', {
      data: { challenge: body.challenge, code: await freshCode(secret) },
    })
    token = (await second.json()).token
  }
  if (!token) return
  await request.post('/api/auth/2fa/disable', {
    data: { password: e2eAdmin.password },
    headers: { authorization: `Bearer ${token}` },
  })
}

test.afterAll(async ({ request }) => {
  await turnOff(request)
})

test('two-factor sign-in: turn it on, sign out, sign in with a generated code', async ({
  page,
}) => {
  // Signed in through the form (a token put in storage by a script would come back after sign-out).
  await signInWithPassword(page)
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/security')
  await expect(page.getByRole('heading', { name: 'Security.' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  await expect(page.getByText('Off.')).toBeVisible()
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-security/security-off', { fullPage: true })

  // The password first: a wrong one is an inline error and no secret is shown. The passkeys card
  // has a password field of its own, so this one is found inside the two-factor card.
  const twoFactorCard = page.getByRole('region', { name: 'Two-factor sign-in' })
  await twoFactorCard.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByRole('alert')).toHaveText('That password is not right.')
  await expect(page.getByTestId('totp-secret')).toHaveCount(0)
  await twoFactorCard.getByLabel('Password', { exact: true }).fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-security/security-setup', { fullPage: true })

  // A wrong code first: the error shows inline and nothing is turned on.
  const right = await freshCode(secret)
  await page.getByLabel('Authentication code').fill(right === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Confirm and turn on' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Enter the 6-digit code your app shows now.',
  )
  await page.getByLabel('Authentication code').fill(right)
  await page.getByRole('button', { name: 'Confirm and turn on' }).click()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const recovery = (await codes.allTextContents()).map((code) => code.trim())
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-security/security-recovery-codes', { fullPage: true })
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible()
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-security/security-on', { fullPage: true })

  // Sign out, then sign in: the password alone is no longer enough.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signInWithPassword(page)
  const codeField = page.getByLabel('Authentication code')
  await expect(codeField).toBeVisible()
  await expect(codeField).toBeFocused()
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-security/login-code', { fullPage: true })
  await codeField.fill('000000' === codeAt(secret) ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid authentication code.')
  await codeField.fill(await freshCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  // A recovery code works in the same field, once.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await signInWithPassword(page)
  await page.getByLabel('Authentication code').fill(recovery[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/security')
  await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible()
})

test('sessions: another sign-in is listed and revoked; its token stops working', async ({
  page,
  request,
}) => {
  // Signed in in the browser (with a code), and elsewhere through the API.
  await signInWithPassword(page)
  await page.getByLabel('Authentication code').fill(await freshCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  const first = await (await request.post('/api/auth/login', { data: e2eAdmin })).json()
  const other = await (
    await request.post('/api/auth/login/2fa', {
      data: { challenge: first.challenge, code: await freshCode(secret) },
      headers: { 'user-agent': 'curl/8.5.0' },
    })
  ).json()
  const auth = { authorization: `Bearer ${other.token}` }
  expect((await request.get('/api/auth/me', { headers: auth })).status()).toBe(200)

  await page.goto('/admin/security')
  const sessions = page.getByRole('listitem').filter({ hasText: 'last used' })
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1)
  const curl = sessions.filter({ hasText: 'curl' }).first()
  await expect(curl).toBeVisible()
  await expectNoAxeViolations(page)
  await curl.getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Signed out curl.' })).toBeVisible()
  expect((await request.get('/api/auth/me', { headers: auth })).status()).toBe(401)

  // Sign out everywhere else: only this device is left.
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /Signed out \d+ other session/ }),
  ).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()
  await pictures(page, 'admin-security/security-sessions', { fullPage: true })
})

test('the audit screen lists the sign-ins, and filters them', async ({ page }) => {
  await signInWithPassword(page)
  await page.getByLabel('Authentication code').fill(await freshCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/audit')
  await expect(page.getByRole('heading', { name: 'Audit Log.' })).toBeVisible()
  const rows = page.getByRole('row')
  await expect(rows.filter({ hasText: 'Signed in' }).first()).toContainText('authentication code')
  await expect(rows.filter({ hasText: 'Two-factor sign-in turned on' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Session revoked' })).toHaveCount(1)
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-security/audit', { fullPage: true })

  await page.getByLabel('Kind').selectOption({ label: 'Two-factor' })
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(rows.filter({ hasText: 'Signed in' })).toHaveCount(0)
  await expect(rows.filter({ hasText: 'Two-factor sign-in turned on' })).toHaveCount(1)
  const today = new Date().toISOString().slice(0, 10)
  await page.getByLabel('From').fill('2000-01-01')
  await page.getByLabel('To').fill('2000-01-31')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Nothing recorded for this filter.')).toBeVisible()
  await page.getByLabel('To').fill(today)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(rows.filter({ hasText: 'Two-factor sign-in turned on' })).toHaveCount(1)
})

test('new recovery codes, then turning it off: both take the password', async ({ page }) => {
  await signInWithPassword(page)
  await page.getByLabel('Authentication code').fill(await freshCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/security')
  await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible()
  await page.getByLabel('Password or 6-digit code').fill('not the password')
  await page.getByRole('button', { name: 'Make new recovery codes' }).click()
  await expect(page.getByRole('alert')).toHaveText('That password is not right.')
  await page.getByLabel('Password or 6-digit code').fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Make new recovery codes' }).click()
  await expect(
    page.getByText('New recovery codes made: the old ones no longer work.'),
  ).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible()

  await page.getByLabel('Password or 6-digit code').fill('not the password')
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
  await expect(page.getByRole('alert')).toHaveText('That password is not right.')
  await page.getByLabel('Password or 6-digit code').fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Two-factor sign-in is off.' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible()
  secret = ''
})

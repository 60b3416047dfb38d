/**
 * Passkeys through the screens, with Chromium's virtual authenticator (CDP
 * WebAuthn domain) standing in for a fingerprint reader: one added in
 * Settings → Security, a sign-out, a sign-in through the autofill prompt
 * and one through the "Sign in with a passkey" button, and its removal
 * (after which it no longer signs in). axe and pictures at 390 and
 * 1280 px in both themes, of Settings → Security and of /login.
 *
 * On a server of its own, at http://localhost:<port> with SITE_URL naming
 * it (a relying party is a domain, never an IP address): the passkeys and
 * the sign-ins here never touch the shared server's one owner.
 */
import type { CDPSession, Page } from '@playwright/test'
import { allowUpTo, expect, expectNoAxeViolations, test } from '../fixtures'
import { type OwnServer, signInOnOwnServer, startOwnServer } from '../support/own-server'
import { pictures } from '../support/pictures'

test.describe.configure({ mode: 'serial' })
allowUpTo(90_000)

const owner = { username: 'passkey-owner', password: 'passkey owner password 1' }
let server: OwnServer

test.beforeAll(async () => {
  server = await startOwnServer({
    name: 'portfolio-passkeys',
    siteUrl: 'localhost',
    env: { ADMIN_USERNAME: owner.username, ADMIN_PASSWORD: owner.password },
  })
})
test.afterAll(async () => {
  await server?.stop()
})

/** A platform authenticator with user verification (a fingerprint reader), always touched. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, id: authenticatorId }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
}

test('a passkey is added in Settings, signs in through autofill and the button, and is removed', async ({
  page,
}) => {
  const base = server.base
  const authenticator = await virtualAuthenticator(page)
  await signInOnOwnServer(page, base, owner)

  // Settings → Security: none yet; one added after the password.
  await page.goto(`${base}/admin/security`)
  const card = page.getByRole('region', { name: 'Passkeys' })
  await expect(card.getByText('No passkeys yet.')).toBeVisible()
  await card.getByLabel('Passkey name').fill('This laptop')
  await card.getByLabel('Password').fill(owner.password)
  await card.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(card.getByRole('status')).toHaveText(
    'Passkey “This laptop” added. You can sign in with it on the login page.',
  )
  const list = card.getByRole('list', { name: 'Your passkeys' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('listitem').first()).toContainText('This laptop')
  await expect(list.getByRole('listitem').first()).toContainText('never used')
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]?.isResidentCredential).toBe(true)
  await expectNoAxeViolations(page)
  await pictures(page, 'passkeys/passkeys-settings', { fullPage: true })

  // Autofill: /login asks for a passkey with conditional mediation as it opens. Chromium's
  // virtual authenticator answers such a request at once (there is no dropdown to pick from),
  // so signing out lands back in the admin with nothing clicked.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Dashboard.' })).toBeVisible()

  // The button, in a browser without passkey autofill: the browser's own passkey dialog.
  const withoutAutofill = () => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false
  }
  // This document (the sign-out goes to /login without a new one) and any later one.
  await page.evaluate(withoutAutofill)
  await page.addInitScript(withoutAutofill)
  await signOut(page)
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn')
  await expectNoAxeViolations(page)
  await pictures(page, 'passkeys/passkeys-login', { fullPage: true })
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  // Used now; renamed; removed, after which it no longer signs in.
  await page.goto(`${base}/admin/security`)
  const row = list.getByRole('listitem').first()
  await expect(row).toContainText('last used')
  await row.getByRole('button', { name: 'Rename' }).click()
  await row.getByLabel('New name').fill('Work laptop')
  await row.getByRole('button', { name: 'Save name' }).click()
  await expect(card.getByRole('status')).toHaveText('Passkey renamed to “Work laptop”.')
  // Read at once, not waited for: the notice and the row say the same name together.
  expect(await row.textContent()).toContain('Work laptop')
  await row.getByRole('button', { name: 'Remove' }).click()
  await expect(row).toContainText('Your password still does, so you cannot lock yourself out')
  await row.getByRole('button', { name: 'Remove passkey' }).click()
  await expect(card.getByRole('status')).toHaveText('Passkey “Work laptop” removed.')
  await expect(card.getByText('No passkeys yet.')).toBeVisible()

  await signOut(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('alert')).toHaveText('This passkey could not sign you in.')
  await expect(page).toHaveURL(/\/login$/)
  // The password still signs in.
  await page.getByLabel('Username').fill(owner.username)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)
})

/**
 * Settings → Notifications set in the browser, on a server whose environment
 * sets no alerts: the owner types a mail server that asks for a login (a real
 * SMTP server this file starts), saves, and "Send test" delivers at once with
 * no restart. The password is never shown again; a bad port is refused under
 * its field; the webhook's address is shown only by its host.
 */
import { SMTPServer } from 'smtp-server'
import { allowUpTo, e2eAdmin, expect, expectNoAxeViolations, signInPage, test } from '../fixtures'
import { freePort } from '../support/free-port'
import { type OwnServer, startOwnServer } from '../support/own-server'
import { pictures } from '../support/pictures'

const PASSWORD = 'mail-server-password-9317'

test.describe('alert settings typed in the admin', () => {
  test.describe.configure({ mode: 'serial' })

  let server: OwnServer | undefined
  let smtp: SMTPServer | undefined
  let smtpPort = 0
  const mails: string[] = []
  const logins: string[] = []

  test.beforeAll(async () => {
    allowUpTo(90_000)
    smtpPort = await freePort()
    smtp = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'alerts' && auth.password === PASSWORD) {
          logins.push(auth.username)
          callback(null, { user: auth.username })
        } else callback(new Error('Invalid username or password'))
      },
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
    server = await startOwnServer({
      name: 'portfolio-alert-settings-e2e',
      env: {
        LOG_LEVEL: 'error',
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_PASSWORD: e2eAdmin.password,
        NOTIFY_POLL: '500ms',
      },
    })
  })

  test.afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
  })

  test('a mail server saved in the form delivers the test at once; its password never shows', async ({
    page,
  }) => {
    const base = server?.base ?? ''
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    })
    const { token } = (await login.json()) as { token: string }
    await signInPage(page, token)
    await page.goto(`${base}/admin/notifications`)

    const status = page.getByRole('region', { name: 'Message alerts' })
    const form = page.getByRole('form', { name: 'Where alerts go' })
    await expect(status.getByRole('button', { name: 'Send test' })).toBeDisabled()
    await expect(form.getByText('No password is saved.')).toBeVisible()

    await form.getByLabel('Mail server').fill('127.0.0.1')
    await form.getByLabel('Port').fill('port 25')
    await form.getByLabel('Security').selectOption('none')
    await form.getByLabel('User name').fill('alerts')
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await form.getByLabel('Recipient').fill('owner@example.com')
    await form.getByRole('button', { name: 'Save alert settings' }).click()
    // Refused in the browser, under its field, before anything is sent.
    await expect(
      form.getByText('Port must be a whole number from 1 to 65535.').first(),
    ).toBeVisible()
    await expect(form.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true')

    await form.getByLabel('Port').fill(String(smtpPort))
    await form.getByRole('button', { name: 'Save alert settings' }).click()
    await expect(
      page.getByText('Alert settings saved. They apply to the next alert.'),
    ).toBeVisible()
    // The password field is empty again, and says one is saved.
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('')
    await expect(
      form.getByText('A password is saved; it is never shown. Leave this empty to keep it.'),
    ).toBeVisible()

    // No restart: the status says email is on, and the test goes through the saved server.
    await page.reload()
    await expect(status.getByText('Configured, to owner@example.com')).toBeVisible()
    await status.getByRole('button', { name: 'Send test' }).click()
    await expect(page.getByText('Test alert sent.')).toBeVisible()
    await expect.poll(() => mails.length).toBe(1)
    expect(logins).toEqual(['alerts'])
    expect(mails[0]).toContain('Subject: Test alert from')

    // The page never holds the password, not even in a field.
    expect(await page.content()).not.toContain(PASSWORD)
    await expect(form.getByLabel('Mail server')).toHaveValue('127.0.0.1')
    await expectNoAxeViolations(page)
    await pictures(page, 'alert-settings/notifications', { fullPage: true })
  })
})

/**
 * Settings → Notifications set in the admin: a mail server saved through the
 * API delivers the next alert to a real SMTP server that asks for that login,
 * with no restart; the password never comes back (no answer, log line, audit
 * entry, database row or backup holds it in clear); the environment's
 * `SMTP_URL` wins when set; a value sealed under another key is shown as
 * unreadable and sends nothing; bad input is a 400 naming the field. On
 * PostgreSQL, a save on one instance is in effect on another at once.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { AlertSettings } from '../../config'
import { migrateDatabase, openDatabase } from '../../db/client'
import { auditLog, notificationOutbox, notificationSettings } from '../../db/schema'
import type { Logger } from '../../log'
import { createSecretBox } from '../../secret-box'
import { startSmtpReceiver, startWebhookReceiver, until } from '../support/alert-receivers'
import { cleanupChildren, freePort, freshPostgresUrl } from '../support/child-server'
import { ADMIN, createTestApp, type TestApp, usingPostgres } from '../support/harness'

setDefaultTimeout(60_000)

const timing = {
  retryBaseMs: 100,
  retryMaxMs: 400,
  pollMs: 100,
  leaseMs: 30_000,
  sendTimeoutMs: 5_000,
}
const PASSWORD = 'correct-horse-battery-staple-4711'
const WEBHOOK_TOKEN = 'T000/B000/XXXXsecretwebhooktoken'

const open: { close(): Promise<void> }[] = []
const receivers: { stop(): Promise<void> }[] = []
afterAll(async () => {
  for (const item of open.splice(0)) await item.close()
  for (const receiver of receivers.splice(0)) await receiver.stop()
  await cleanupChildren()
})

/** Every log line the app writes, as text. */
function recordingLog(): { log: Logger; text: () => string } {
  const lines: string[] = []
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    lines.push(JSON.stringify({ level, msg, ...fields }))
  return {
    log: { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') },
    text: () => lines.join('\n'),
  }
}

const noSpamRules = { minFillMs: 0, maxTokenAgeMs: 86_400_000, maxLinks: 3 }

async function appWith(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({ alertWorker: true, ...options })
  open.push(t)
  return t
}

async function sendAsPerson(t: TestApp, name: string, message: string) {
  const token = await t.request('GET', '/api/contact/form-token')
  const r = await t.request('POST', '/api/contact', {
    body: { name, email: 'grace@example.com', message, form_token: token.body.token },
  })
  expect(r.status).toBe(201)
}

const mailServer = (port: number) => ({
  smtp_host: '127.0.0.1',
  smtp_port: port,
  smtp_security: 'none',
  smtp_user: 'portfolio',
  smtp_password: PASSWORD,
  email_from: 'Portfolio <alerts@example.com>',
  email_to: 'owner@example.com',
})

describe('a mail server saved in the admin', () => {
  test('delivers the next alert with its login, no restart; the password is never shown', async () => {
    const receiver = await startSmtpReceiver(freePort(), {
      auth: { user: 'portfolio', pass: PASSWORD },
    })
    receivers.push(receiver)
    const recorded = recordingLog()
    const t = await appWith({
      log: recorded.log,
      config: { alerts: { ...timing }, spam: noSpamRules },
    })
    const token = await t.login()

    const before = await t.request('GET', '/api/notifications/settings', { token })
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({
      smtp_host: '',
      smtp_password: 'none',
      webhook: { state: 'none', host: null },
      environment: { email: false, webhook: false },
    })

    const saved = await t.request('PUT', '/api/notifications/settings', {
      token,
      body: mailServer(receiver.port),
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      smtp_host: '127.0.0.1',
      smtp_port: receiver.port,
      smtp_user: 'portfolio',
      smtp_password: 'set',
      email_to: 'owner@example.com',
    })

    // The same running app: the next message's alert goes through the saved server.
    await sendAsPerson(t, 'Grace Hopper', 'Hello through the saved server')
    await until('the mail', () => receiver.mails.length >= 1)
    expect(receiver.logins).toEqual([{ user: 'portfolio', pass: PASSWORD }])
    expect(receiver.mails[0]?.to).toEqual(['owner@example.com'])
    expect(receiver.mails[0]?.headers.from).toBe('Portfolio <alerts@example.com>')
    expect(receiver.mails[0]?.body).toContain('Hello through the saved server')

    // "Send test" uses it too, and the status says email is configured.
    const tested = await t.request('POST', '/api/notifications/test', { token })
    expect(tested.status).toBe(200)
    expect(tested.body).toMatchObject({ email: { configured: true, to: 'owner@example.com' } })
    await until('the test mail', () => receiver.mails.length >= 2)

    // Nowhere in clear: answers, the row, the audit log, a backup, the log lines.
    const answers = [
      saved.text,
      tested.text,
      (await t.request('GET', '/api/notifications/settings', { token })).text,
      (await t.request('GET', '/api/notifications', { token })).text,
    ]
    for (const text of answers) expect(text).not.toContain(PASSWORD)
    const [row] = await t.db.select().from(notificationSettings)
    expect(row?.smtp_password).toMatch(/^v1\./)
    expect(row?.smtp_password).not.toContain(PASSWORD)
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notifications.saveSettings'))
    expect(audit).toHaveLength(1)
    expect(JSON.stringify(audit)).not.toContain(PASSWORD)
    const backup = await t.request('GET', '/api/backup', { token })
    expect(backup.status).toBe(200)
    expect(backup.text).toContain(String(row?.smtp_password))
    expect(backup.text).not.toContain(PASSWORD)
    expect(recorded.text()).not.toContain(PASSWORD)
  })

  test('a password left out is kept, null removes it; a changed server is used at once', async () => {
    const first = await startSmtpReceiver(freePort(), {
      auth: { user: 'portfolio', pass: PASSWORD },
    })
    const second = await startSmtpReceiver(freePort())
    receivers.push(first, second)
    const t = await appWith({ config: { alerts: { ...timing }, spam: noSpamRules } })
    const token = await t.login()
    await t.request('PUT', '/api/notifications/settings', { token, body: mailServer(first.port) })

    const { smtp_password: _left, ...withoutPassword } = mailServer(first.port)
    const kept = await t.request('PUT', '/api/notifications/settings', {
      token,
      body: { ...withoutPassword, email_to: 'other@example.com' },
    })
    expect(kept.body).toMatchObject({ smtp_password: 'set', email_to: 'other@example.com' })
    await sendAsPerson(t, 'Alan Turing', 'First server')
    await until('the first server’s mail', () => first.mails.length >= 1)
    expect(first.mails[0]?.to).toEqual(['other@example.com'])

    const moved = await t.request('PUT', '/api/notifications/settings', {
      token,
      body: { ...mailServer(second.port), smtp_user: '', smtp_password: null },
    })
    expect(moved.body).toMatchObject({ smtp_password: 'none', smtp_port: second.port })
    await sendAsPerson(t, 'Alan Turing', 'Second server')
    await until('the second server’s mail', () => second.mails.length >= 1)
    expect(second.mails[0]?.body).toContain('Second server')
    expect(first.mails).toHaveLength(1)
  })

  test('a webhook saved in the admin gets the alert; its address is shown only by its host', async () => {
    const receiver = startWebhookReceiver()
    receivers.push(receiver)
    const t = await appWith({ config: { alerts: { ...timing }, spam: noSpamRules } })
    const token = await t.login()
    const url = `${receiver.url}/${WEBHOOK_TOKEN}`
    const saved = await t.request('PUT', '/api/notifications/settings', {
      token,
      body: { ...mailServer(25), smtp_host: '', smtp_password: undefined, webhook_url: url },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.webhook).toEqual({ state: 'set', host: new URL(receiver.url).host })
    expect(saved.text).not.toContain(WEBHOOK_TOKEN)
    await sendAsPerson(t, 'Ada', 'To the hook')
    await until('the webhook call', () => receiver.bodies.length >= 1)
    expect(receiver.bodies[0]).toMatchObject({ type: 'contact_message' })
    const [row] = await t.db.select().from(notificationSettings)
    expect(row?.webhook_url).not.toContain(WEBHOOK_TOKEN)
  })

  test('an error that names the webhook’s address is stored and shown without it', async () => {
    const t = await appWith({ config: { alerts: { ...timing }, spam: noSpamRules } })
    const token = await t.login()
    // A redirect, which alerts never follow: Bun's error names the whole URL it fetched.
    const redirecting = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => new Response(null, { status: 302, headers: { location: '/elsewhere' } }),
    })
    receivers.push({ stop: async () => redirecting.stop(true) })
    const url = `http://127.0.0.1:${redirecting.port}/${WEBHOOK_TOKEN}`
    await t.request('PUT', '/api/notifications/settings', {
      token,
      body: { ...mailServer(25), smtp_host: '', smtp_password: undefined, webhook_url: url },
    })
    await sendAsPerson(t, 'Ada', 'Nobody listens')
    await until('a failed attempt', async () => {
      const [row] = await t.db.select().from(notificationOutbox)
      return Boolean(row?.last_error)
    })
    const status = await t.request('GET', '/api/notifications', { token })
    expect(status.body.last_error).toContain('[hidden]')
    expect(status.text).not.toContain(WEBHOOK_TOKEN)
    const rows = await t.db.select().from(notificationOutbox)
    expect(JSON.stringify(rows)).not.toContain(WEBHOOK_TOKEN)
  })
})

describe('the environment wins', () => {
  test('with SMTP_URL set, the screen says so and alerts go through it, not the saved server', async () => {
    const fromEnvironment = await startSmtpReceiver(freePort())
    const saved = await startSmtpReceiver(freePort(), {
      auth: { user: 'portfolio', pass: PASSWORD },
    })
    receivers.push(fromEnvironment, saved)
    const alerts: AlertSettings = {
      ...timing,
      email: {
        smtpUrl: `smtp://127.0.0.1:${fromEnvironment.port}`,
        from: 'Portfolio <portfolio@localhost>',
      },
    }
    const t = await appWith({ config: { alerts, spam: noSpamRules } })
    const token = await t.login()
    const put = await t.request('PUT', '/api/notifications/settings', {
      token,
      body: mailServer(saved.port),
    })
    expect(put.body).toMatchObject({ environment: { email: true, webhook: false } })
    const tested = await t.request('POST', '/api/notifications/test', { token })
    expect(tested.status).toBe(200)
    await until('the environment server’s mail', () => fromEnvironment.mails.length >= 1)
    expect(saved.mails).toHaveLength(0)
  })
})

describe('another key', () => {
  test('a password sealed under another key is unreadable: shown so, and no mail is tried', async () => {
    const receiver = await startSmtpReceiver(freePort(), {
      auth: { user: 'portfolio', pass: PASSWORD },
    })
    receivers.push(receiver)
    const t = await appWith({ config: { alerts: { ...timing }, spam: noSpamRules } })
    const token = await t.login()
    // As a backup from another server would bring it: sealed under that server's key.
    const elsewhere = createSecretBox({ key: 'another server’s secrets key, also 32 characters' })
    await t.request('PUT', '/api/notifications/settings', {
      token,
      body: { ...mailServer(receiver.port), smtp_password: undefined },
    })
    await t.db
      .update(notificationSettings)
      .set({ smtp_password: elsewhere.seal(PASSWORD) })
      .where(eq(notificationSettings.id, 1))

    const read = await t.request('GET', '/api/notifications/settings', { token })
    expect(read.body).toMatchObject({ smtp_password: 'unreadable' })
    const status = await t.request('GET', '/api/notifications', { token })
    expect(status.body).toMatchObject({ email: { configured: false } })
    await sendAsPerson(t, 'Ada', 'No alert for this one')
    expect(await t.db.select().from(notificationOutbox)).toHaveLength(0)

    // Typed again, it works.
    await t.request('PUT', '/api/notifications/settings', {
      token,
      body: mailServer(receiver.port),
    })
    await sendAsPerson(t, 'Ada', 'Alerted again')
    await until('the mail', () => receiver.mails.length >= 1)
    expect(receiver.mails[0]?.body).toContain('Alerted again')
  })
})

describe('backups', () => {
  test('a restore on a server with another key says to type the secrets again; with the same key, they work', async () => {
    const receiver = await startSmtpReceiver(freePort(), {
      auth: { user: 'portfolio', pass: PASSWORD },
    })
    receivers.push(receiver)
    const source = await appWith({ config: { alerts: { ...timing }, spam: noSpamRules } })
    const sourceToken = await source.login()
    await source.request('PUT', '/api/notifications/settings', {
      token: sourceToken,
      body: { ...mailServer(receiver.port), webhook_url: 'https://hooks.example.com/T1/B2/abc' },
    })
    const file = (await source.request('GET', '/api/backup', { token: sourceToken })).body

    const elsewhere = await appWith({
      config: {
        alerts: { ...timing },
        spam: noSpamRules,
        secrets: createSecretBox({ key: 'another server’s secrets key, also 32 characters' }),
      },
    })
    const restored = await elsewhere.request('POST', '/api/restore', {
      token: await elsewhere.login(),
      body: { password: ADMIN.password, backup: file },
    })
    expect(restored.status).toBe(200)
    expect(restored.body.notice).toContain(
      "The saved mail password and webhook address came sealed with another server's key, so this server cannot read them: type them again in Settings → Notifications, or set SECRETS_KEY to that server's key.",
    )
    const token = await elsewhere.login()
    const read = await elsewhere.request('GET', '/api/notifications/settings', { token })
    expect(read.body).toMatchObject({
      smtp_host: '127.0.0.1',
      smtp_password: 'unreadable',
      webhook: { state: 'unreadable', host: null },
    })

    // The same key (this suite's default): the restored password opens and is used.
    const same = await appWith({ config: { alerts: { ...timing }, spam: noSpamRules } })
    const again = await same.request('POST', '/api/restore', {
      token: await same.login(),
      body: { password: ADMIN.password, backup: file },
    })
    expect(again.status).toBe(200)
    expect(again.body.notice).not.toContain('Settings → Notifications')
    await sendAsPerson(same, 'Ada', 'After the restore')
    await until('the mail', () => receiver.mails.length >= 1)
    expect(receiver.logins).toEqual([{ user: 'portfolio', pass: PASSWORD }])
  })
})

describe('bad input', () => {
  test('is a 400 naming the field, and changes nothing', async () => {
    const t = await appWith()
    const token = await t.login()
    const good = mailServer(2525)
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, smtp_port: 0 }, 'smtp_port'],
      [{ ...good, smtp_port: 70_000 }, 'smtp_port'],
      [{ ...good, smtp_host: 'smtp example.com' }, 'smtp_host'],
      [{ ...good, smtp_security: 'ssl' }, 'smtp_security'],
      [{ ...good, smtp_password: '' }, 'smtp_password'],
      [{ ...good, email_to: 'not an address' }, 'email_to'],
      [{ ...good, email_from: 'Portfolio <nobody>' }, 'email_from'],
      [{ ...good, webhook_url: 'ftp://hooks.example.com/x' }, 'webhook_url'],
      [{ ...good, smtp_password_plain: 'x' }, 'smtp_password_plain'],
    ]
    for (const [body, field] of cases) {
      const r = await t.request('PUT', '/api/notifications/settings', { token, body })
      expect(r.status, field).toBe(400)
      expect(JSON.stringify(r.body), field).toContain(field)
    }
    expect(await t.db.select().from(notificationSettings)).toEqual([])
    expect((await t.request('PUT', '/api/notifications/settings', { body: good })).status).toBe(401)
  })
})

describe.skipIf(!usingPostgres)('two instances on one PostgreSQL database', () => {
  test('a mail server saved on one is in effect on the other at once', async () => {
    const receiver = await startSmtpReceiver(freePort(), {
      auth: { user: 'portfolio', pass: PASSWORD },
    })
    receivers.push(receiver)
    const url = await freshPostgresUrl()
    const first = await openDatabase({ kind: 'postgres', url, max: 5 })
    await migrateDatabase(first)
    const second = await openDatabase({ kind: 'postgres', url, max: 5 })
    open.push(first, second)
    const config = { alerts: { ...timing }, spam: noSpamRules }
    const a = await createTestApp({ database: first, config })
    const b = await createTestApp({ database: second, config, alertWorker: true })
    open.push(a, b)
    const saved = await a.request('PUT', '/api/notifications/settings', {
      token: await a.login(),
      body: mailServer(receiver.port),
    })
    expect(saved.status).toBe(200)
    const tested = await b.request('POST', '/api/notifications/test', { token: await b.login() })
    expect(tested.status).toBe(200)
    await until('the mail through the other instance', () => receiver.mails.length >= 1)
    expect(receiver.logins).toEqual([{ user: 'portfolio', pass: PASSWORD }])
  })
})

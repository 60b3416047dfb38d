/**
 * Alerts reach the owner, each exactly once: a real SMTP server and a real
 * webhook receiver on loopback, the outbox worker as the server runs it.
 * SMTP down delays alerts without losing them; two instances on one
 * PostgreSQL database send each alert once.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { isNull } from 'drizzle-orm'
import type { AlertSettings } from '../config'
import { migrateDatabase, openDatabase } from '../db/client'
import { notificationOutbox } from '../db/schema'
import { createLogger } from '../log'
import { createAlertWorker } from '../notify/worker'
import {
  type SmtpReceiver,
  startSmtpReceiver,
  startWebhookReceiver,
  until,
  type WebhookReceiver,
} from './alert-receivers'
import { cleanupChildren, freePort, freshPostgresUrl } from './child-server'
import { createTestApp, type TestApp, usingPostgres } from './harness'

// Real sockets and retries on a busy machine: more than the suite's default.
setDefaultTimeout(60_000)

const timing = {
  retryBaseMs: 100,
  retryMaxMs: 400,
  pollMs: 100,
  leaseMs: 30_000,
  sendTimeoutMs: 5_000,
}
const smtp = (port: number): AlertSettings => ({
  ...timing,
  email: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Portfolio <portfolio@localhost>' },
})

const open: { close(): Promise<void> }[] = []
const receivers: (SmtpReceiver | WebhookReceiver)[] = []
afterAll(async () => {
  for (const item of open.splice(0)) await item.close()
  for (const receiver of receivers.splice(0)) await receiver.stop()
  await cleanupChildren()
})

async function appWith(alerts: AlertSettings, options: { worker?: boolean } = {}) {
  const t = await createTestApp({
    // The clock stands still in these tests: any form token is "old enough".
    config: { alerts, spam: { minFillMs: 0, maxTokenAgeMs: 86_400_000, maxLinks: 3 } },
    alertWorker: options.worker !== false,
  })
  open.push(t)
  return t
}

async function sendAsPerson(t: TestApp, name: string, email: string, message: string) {
  const token = await t.request('GET', '/api/contact/form-token')
  const r = await t.request('POST', '/api/contact', {
    body: { name, email, message, form_token: token.body.token },
  })
  expect(r.status).toBe(201)
  return r.id
}

const pendingAlerts = async (t: Pick<TestApp, 'db'>) =>
  (await t.db.select().from(notificationOutbox).where(isNull(notificationOutbox.sent_at))).length

describe('email', () => {
  test('one mail per message, to the profile email, Reply-To the sender, a stable Message-ID', async () => {
    const receiver = await startSmtpReceiver(freePort())
    receivers.push(receiver)
    const t = await appWith(smtp(receiver.port))
    const senders = [
      ['Grace Hopper', 'grace@example.com'],
      ['Alan Turing', 'alan@example.org'],
      ['Linus T', 'linus@example.net'],
    ] as const
    for (const [name, email] of senders) await sendAsPerson(t, name, email, `Hello from ${name}`)
    await until('three mails', () => receiver.mails.length >= 3)
    await until('the outbox to empty', async () => (await pendingAlerts(t)) === 0)
    // Another pass finds nothing more to send.
    await t.alerts?.drain()
    expect(receiver.mails).toHaveLength(3)
    const rows = await t.db.select().from(notificationOutbox)
    for (const [name, email] of senders) {
      const mail = receiver.mails.find((m) => m.body.includes(`Hello from ${name}`))
      expect(mail?.headers['reply-to']).toBe(`${name} <${email}>`)
      expect(mail?.to).toEqual(['ada@example.com'])
      expect(mail?.headers.subject).toBe(`New message from ${name} on localhost`)
      const row = rows.find((r) => r.payload.name === name)
      expect(mail?.headers['message-id']).toBe(`<${row?.alert_id}@localhost>`)
    }
  })

  test('spam sends nothing', async () => {
    const receiver = await startSmtpReceiver(freePort())
    receivers.push(receiver)
    const t = await appWith(smtp(receiver.port))
    const r = await t.request('POST', '/api/contact', {
      body: { name: 'Bot', email: 'bot@example.com', message: 'no token' },
    })
    expect(r.status).toBe(201)
    await sendAsPerson(t, 'Bot', 'bot@example.com', 'Buy backlinks at https://a.example')
    await t.alerts?.drain()
    expect(await t.db.select().from(notificationOutbox)).toHaveLength(0)
    expect(receiver.mails).toHaveLength(0)
  })

  test('SMTP down: messages are accepted; once it is up, every alert arrives exactly once', async () => {
    const port = freePort()
    const t = await appWith(smtp(port))
    for (const n of [1, 2, 3]) {
      await sendAsPerson(t, `Sender ${n}`, `sender${n}@example.com`, `Message ${n}`)
    }
    // Each alert was tried and failed; the owner sees why.
    await until('three failed attempts', async () => {
      const rows = await t.db.select().from(notificationOutbox)
      return rows.length === 3 && rows.every((row) => row.last_error !== null)
    })
    const token = await t.login()
    const status = await t.request('GET', '/api/notifications', { token })
    expect(status.body).toMatchObject({ pending: 3, last_delivery_at: null })
    expect(String(status.body.last_error)).toMatch(/ECONNREFUSED|connect/i)

    const receiver = await startSmtpReceiver(port)
    receivers.push(receiver)
    await until('three mails', () => receiver.mails.length >= 3)
    await until('the outbox to empty', async () => (await pendingAlerts(t)) === 0)
    await t.alerts?.drain()
    expect(receiver.mails.map((mail) => mail.body.match(/Message \d/)?.[0]).sort()).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
    ])
    const after = await t.request('GET', '/api/notifications', { token })
    expect(after.body.pending).toBe(0)
    expect(after.body.last_delivery_at).toEqual(expect.any(String))
  })
})

describe('webhook', () => {
  test('the receiver gets the message as JSON with the alert id', async () => {
    const receiver = startWebhookReceiver()
    receivers.push(receiver)
    const t = await appWith({ ...timing, webhookUrl: receiver.url })
    const id = await sendAsPerson(t, 'Grace Hopper', 'grace@example.com', 'Hi via webhook')
    await until('one post', () => receiver.bodies.length >= 1)
    await t.alerts?.drain()
    expect(receiver.bodies).toHaveLength(1)
    const [row] = await t.db.select().from(notificationOutbox)
    const body = receiver.bodies[0]
    expect(body).toMatchObject({
      id: row?.alert_id,
      type: 'contact_message',
      message: { id, name: 'Grace Hopper', email: 'grace@example.com', message: 'Hi via webhook' },
    })
    expect(String(body?.text)).toContain('Hi via webhook')
    expect(receiver.headers[0]?.get('idempotency-key')).toBe(row?.alert_id ?? '')
  })

  test('"Send test" reaches the receiver and shows the delivery', async () => {
    const receiver = startWebhookReceiver()
    receivers.push(receiver)
    const t = await appWith({ ...timing, webhookUrl: receiver.url }, { worker: true })
    const token = await t.login()
    const r = await t.request('POST', '/api/notifications/test', { token })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ webhook: { configured: true }, email: { configured: false } })
    expect(r.body.last_delivery_at).toEqual(expect.any(String))
    expect(receiver.bodies.map((body) => body.type)).toEqual(['test'])
  })

  test('"Send test" without any channel is a 400 naming the settings', async () => {
    const t = await createTestApp()
    open.push(t)
    const token = await t.login()
    const r = await t.request('POST', '/api/notifications/test', { token })
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('SMTP_URL')
    const status = await t.request('GET', '/api/notifications', { token })
    expect(status.body).toMatchObject({
      email: { configured: false },
      webhook: { configured: false },
      pending: 0,
    })
  })
})

describe.skipIf(!usingPostgres)('two instances on one PostgreSQL database', () => {
  test('each alert is sent once', async () => {
    const receiver = await startSmtpReceiver(freePort())
    receivers.push(receiver)
    const settings: AlertSettings = { ...smtp(receiver.port), pollMs: 20 }
    const url = await freshPostgresUrl()
    const first = await openDatabase({ kind: 'postgres', url, max: 5 })
    await migrateDatabase(first)
    const second = await openDatabase({ kind: 'postgres', url, max: 5 })
    open.push(first, second)
    // Instance A takes the messages (its worker not running yet), so B's worker competes from the start.
    const a = await createTestApp({
      database: first,
      config: { alerts: settings, spam: { minFillMs: 0, maxTokenAgeMs: 86_400_000, maxLinks: 3 } },
    })
    const count = 40
    for (let n = 0; n < count; n++) {
      await sendAsPerson(a, `Sender ${n}`, `s${n}@example.com`, `Numbered message ${n}.`)
    }
    const log = createLogger('silent')
    const workers = [first, second].map((database) =>
      createAlertWorker({ db: database.db, settings, siteUrl: 'http://localhost', log }),
    )
    for (const worker of workers) worker.start()
    await until(`${count} mails`, () => receiver.mails.length >= count, 60_000)
    await until('the outbox to empty', async () => (await pendingAlerts(a)) === 0)
    await Promise.all(workers.map((worker) => worker.drain()))
    for (const worker of workers) await worker.stop()
    const numbers = receiver.mails.map((mail) =>
      Number(mail.body.match(/Numbered message (\d+)/)?.[1]),
    )
    expect(numbers.sort((x, y) => x - y)).toEqual([...Array(count).keys()])
    const ids = new Set(receiver.mails.map((mail) => mail.headers['message-id']))
    expect(ids.size).toBe(count)
  })
})

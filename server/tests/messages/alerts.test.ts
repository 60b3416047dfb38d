/**
 * Alerts reach the owner, each exactly once: a real SMTP server and a real
 * webhook receiver on loopback, the outbox worker as the server runs it.
 * SMTP down delays alerts without losing them; two instances on one
 * PostgreSQL database send each alert once.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { isNull } from 'drizzle-orm'
import type { AlertSettings } from '../../config'
import { migrateDatabase, openDatabase } from '../../db/client'
import { notificationOutbox } from '../../db/schema'
import { createJobRunner } from '../../jobs/runner'
import { createLogger, type Logger } from '../../log'
import { ALERTS_JOB, alertsJob } from '../../notify/worker'
import { retryDelayMs } from '../../services/alerts'
import {
  startNtfyReceiver,
  startSmtpReceiver,
  startWebhookReceiver,
  until,
} from '../support/alert-receivers'
import { cleanupChildren, freePort, freshPostgresUrl } from '../support/child-server'
import { createTestApp, type TestApp, usingPostgres } from '../support/harness'

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
const receivers: { stop(): Promise<void> }[] = []
afterAll(async () => {
  for (const item of open.splice(0)) await item.close()
  for (const receiver of receivers.splice(0)) await receiver.stop()
  await cleanupChildren()
})

/** One instance's jobs runner with only the alert job, as the server runs it. */
function alertWorker(db: TestApp['db'], settings: AlertSettings, log: Logger) {
  const runner = createJobRunner({
    db,
    jobs: [alertsJob({ settings, siteUrl: 'http://localhost' })],
    log,
  })
  return { start: runner.start, stop: runner.stop, drain: () => runner.runNow(ALERTS_JOB) }
}

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
    await until('one chat message', () => receiver.bodies.length >= 1)
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

  test("a visitor's text pings nobody: Discord mentions off, Slack's control characters escaped", async () => {
    const receiver = startWebhookReceiver()
    receivers.push(receiver)
    const t = await appWith({ ...timing, webhookUrl: receiver.url })
    const hostile =
      '@everyone @here <@&123> <!channel> <!here> <@U024BE7LH> <https://evil.example|your bank> & more'
    await sendAsPerson(t, 'Mallory <!everyone>', 'mallory@example.com', hostile)
    await until('one chat message', () => receiver.bodies.length >= 1)
    await t.alerts?.drain()
    const body = receiver.bodies[0] ?? {}
    // Discord: the chat message's mentions are parsed for nobody, and links make no card.
    expect(body.allowed_mentions).toEqual({ parse: [] })
    expect(body.flags).toBe(4)
    expect(String(body.content)).toContain('@everyone')
    // Slack: no `<` `>` `&` left as control characters; the text still reads as typed once unescaped.
    const text = String(body.text)
    expect(text).not.toMatch(/[<>]/)
    expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/)
    expect(text).toContain('&lt;!channel&gt;')
    expect(text).toContain('&lt;@U024BE7LH&gt;')
    expect(text).toContain('&lt;https://evil.example|your bank&gt; &amp; more')
    expect(text).toContain('Mallory &lt;!everyone&gt; &lt;mallory@example.com&gt;')
    const unescaped = text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
    expect(unescaped).toContain(hostile)
    // The structured message is the visitor's text as sent.
    expect(body.message).toMatchObject({ message: hostile })
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
    const workers = [first, second].map((database) => alertWorker(database.db, settings, log))
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

describe('retries', () => {
  test('the wait before each retry doubles from the base, up to the maximum', () => {
    const settings: AlertSettings = { ...timing, retryBaseMs: 30_000, retryMaxMs: 3_600_000 }
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelayMs(attempts, settings))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ])
    // However many attempts, never past the maximum (and no overflow to Infinity or NaN).
    expect(retryDelayMs(10_000, settings)).toBe(3_600_000)
  })

  test('with SMTP down, each failed attempt puts the alert off twice as long as the last', async () => {
    // No polling: the test runs each pass itself, once the alert is due again.
    const t = await appWith({
      ...smtp(freePort()),
      retryBaseMs: 150,
      retryMaxMs: 600,
      pollMs: 600_000,
    })
    await sendAsPerson(t, 'Grace Hopper', 'grace@example.com', 'Is anyone there?')
    const waits = new Map<number, number>()
    await until('five failed attempts', async () => {
      await t.alerts?.drain()
      const [row] = await t.db.select().from(notificationOutbox)
      if (row?.last_error_at) {
        waits.set(row.attempts, row.next_attempt_at.getTime() - row.last_error_at.getTime())
      }
      return waits.size >= 5
    })
    expect([...waits.entries()].sort(([a], [b]) => a - b)).toEqual([
      [1, 150],
      [2, 300],
      [3, 600],
      [4, 600],
      [5, 600],
    ])
    const [row] = await t.db.select().from(notificationOutbox)
    expect(row?.sent_at).toBeNull()
    expect(String(row?.last_error)).toMatch(/ECONNREFUSED|connect/i)
  })
})

describe('secrets stay in the environment', () => {
  test('GET /api/notifications shows neither the SMTP password nor the webhook path or query', async () => {
    const password = 'Sup3r-Secret-Pa55'
    const topic = 'portfolio-alerts-x7Qm2vK9'
    const auth = 'QmVhcmVyIHRrX3NlY3JldA'
    // The webhook answers 500 and nothing listens for SMTP: both fail, with errors recorded.
    const receiver = startWebhookReceiver(0, () => 500)
    receivers.push(receiver)
    const hook = `${receiver.url.replace('/hook', '')}/${topic}?auth=${auth}&tpl=yes`
    const t = await appWith({
      ...timing,
      pollMs: 600_000,
      email: {
        smtpUrl: `smtp://alerts%40example.com:${password}@127.0.0.1:${freePort()}`,
        from: 'Portfolio <portfolio@localhost>',
      },
      webhookUrl: hook,
    })
    await sendAsPerson(t, 'Grace Hopper', 'grace@example.com', 'Hello')
    await until('both alerts to fail once', async () => {
      const rows = await t.db.select().from(notificationOutbox)
      return rows.length === 2 && rows.every((row) => row.last_error !== null)
    })
    // The receiver did get the secret address: the check below is not vacuous.
    expect(receiver.urls[0]?.pathname).toBe(`/${topic}`)
    const token = await t.login()
    const answers = [
      await t.request('GET', '/api/notifications', { token }),
      await t.request('GET', '/trpc/notifications.status', { token }),
      await t.request('POST', '/api/notifications/test', { token }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      for (const secret of [password, topic, auth, 'tpl=yes']) {
        expect(answer.text).not.toContain(secret)
      }
    }
    expect(answers[0]?.body).toMatchObject({
      email: { configured: true, to: 'ada@example.com' },
      webhook: { configured: true, host: new URL(receiver.url).host },
      pending: expect.any(Number),
      last_error: expect.any(String),
    })
  })
})

describe('a send that outlives its lease', () => {
  /** The claimed alert's lease is over: as if its sender had held it past `leaseMs`. */
  const endLease = (t: TestApp) =>
    t.db
      .update(notificationOutbox)
      .set({ next_attempt_at: new Date(Date.now() - 1_000) })
      .where(isNull(notificationOutbox.sent_at))

  /**
   * One message's alert at a webhook that holds each POST until the test answers
   * it (so the order is the test's, not the clock's): a first sender sends it, its
   * lease runs out while the send is still under way (the test moves the lease's
   * end into the past rather than waiting: every lease here is a minute, so none
   * runs out by itself), and a second sender (another instance) takes the alert
   * and sends it again.
   */
  async function twoSenders(message: string, more: Partial<AlertSettings> = {}) {
    const answers: ((status: number) => void)[] = []
    const receiver = startWebhookReceiver(
      0,
      () => new Promise<number>((resolve) => answers.push(resolve)),
    )
    receivers.push(receiver)
    const settings: AlertSettings = {
      ...timing,
      webhookUrl: receiver.url,
      leaseMs: 60_000,
      pollMs: 600_000,
      ...more,
    }
    const t = await appWith(settings, { worker: false })
    await sendAsPerson(t, 'Grace Hopper', 'grace@example.com', message)
    const log = createLogger('silent')
    const [first, second] = [0, 1].map(() => alertWorker(t.db, settings, log))
    if (!first || !second) throw new Error('no workers')
    const firstPass = first.drain()
    await until('the first POST', () => answers.length === 1)
    await endLease(t)
    const secondPass = second.drain()
    await until('the second POST', () => answers.length === 2)
    const stop = () => Promise.all([first.stop(), second.stop()])
    return { t, receiver, answers, firstPass, secondPass, stop }
  }

  test('is repeated by the next sender with the same id; the late failure changes nothing', async () => {
    const { t, receiver, answers, firstPass, secondPass, stop } = await twoSenders(
      'Slow network today',
      { retryBaseMs: 60_000 },
    )
    const [claimed] = await t.db.select().from(notificationOutbox)
    expect(claimed?.attempts).toBe(2)

    // The first send fails late: the row stays the second sender's (no error, its lease kept).
    answers[0]?.(500)
    await firstPass
    const [afterLateFailure] = await t.db.select().from(notificationOutbox)
    expect(afterLateFailure).toMatchObject({
      attempts: 2,
      last_error: null,
      sent_at: null,
      next_attempt_at: claimed?.next_attempt_at,
    })

    answers[1]?.(204)
    await secondPass
    const [sent] = await t.db.select().from(notificationOutbox)
    expect(sent?.sent_at).toBeInstanceOf(Date)
    // At least once: the receiver saw the alert twice, with one id to tell them apart.
    expect(receiver.bodies.map((body) => body.id)).toEqual([sent?.alert_id, sent?.alert_id])
    expect(receiver.headers.map((headers) => headers.get('idempotency-key'))).toEqual([
      sent?.alert_id ?? '',
      sent?.alert_id ?? '',
    ])
    await stop()
  })

  test('a late success keeps the first delivery time', async () => {
    const { t, answers, firstPass, secondPass, stop } = await twoSenders('Slow network again')
    answers[1]?.(204)
    await secondPass
    const [sent] = await t.db.select().from(notificationOutbox)
    answers[0]?.(204)
    await firstPass
    const [after] = await t.db.select().from(notificationOutbox)
    expect(after?.sent_at).toEqual(sent?.sent_at ?? null)
    await stop()
  })
})

describe('ntfy', () => {
  test('the JSON posted to a bare topic URL shows raw; with the README template it reads as a notification', async () => {
    const ntfy = startNtfyReceiver()
    receivers.push(ntfy)
    // The value README gives for NOTIFY_WEBHOOK_URL, with this receiver's address.
    const readmeUrl = `${ntfy.base}/portfolio-x7Qm2vK9?tpl=yes&t=%7B%7B.title%7D%7D&m=%7B%7B.preview%7D%7D`
    const bare = await appWith({ ...timing, webhookUrl: `${ntfy.base}/portfolio-x7Qm2vK9` })
    await sendAsPerson(bare, 'Grace Hopper', 'grace@example.com', 'Raw, please?')
    await until('one notification', () => ntfy.shown.length >= 1)
    expect(ntfy.shown[0]?.message.startsWith('{"id":')).toBe(true)

    const t = await appWith({ ...timing, webhookUrl: readmeUrl })
    await sendAsPerson(t, 'Grace Hopper', 'grace@example.com', 'Can we talk about an internship?')
    await until('a second notification', () => ntfy.shown.length >= 2)
    expect(ntfy.shown[1]).toEqual({
      topic: 'portfolio-x7Qm2vK9',
      title: 'New message from Grace Hopper on localhost',
      message: expect.stringContaining('Can we talk about an internship?'),
    })
    expect(ntfy.shown[1]?.message).toStartWith('Grace Hopper <grace@example.com> wrote on ')

    // The longest message the form takes, in four-byte characters, still fits ntfy's 4,096 bytes.
    await sendAsPerson(t, 'Emoji Fan', 'emoji@example.com', '🎉'.repeat(2_500))
    await until('a third notification', () => ntfy.shown.length + ntfy.refused.length >= 3)
    expect(ntfy.refused).toEqual([])
    const long = ntfy.shown[2]?.message ?? ''
    expect(long.endsWith('…')).toBe(true)
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(4_096)
  })
})

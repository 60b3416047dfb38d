/**
 * Alerts survive a restart: the real server (a child process) accepts
 * messages while SMTP is down, is stopped with its alerts pending, SMTP
 * comes up, the server starts again on the same data, and every alert
 * arrives exactly once.
 */
import { afterAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { type SmtpReceiver, startSmtpReceiver, until } from '../support/alert-receivers'
import {
  call,
  cleanupChildren,
  exitWithin,
  freePort,
  freshPostgresUrl,
  login,
  startServer,
  tempDir,
} from '../support/child-server'
import { isRecord, usingPostgres } from '../support/harness'

let receiver: SmtpReceiver | undefined
afterAll(async () => {
  await receiver?.stop()
  await cleanupChildren()
})

test('pending alerts are sent once after a restart, when SMTP is back', async () => {
  const smtpPort = freePort()
  const dataDir = join(tempDir('alerts-restart'), 'data')
  const databaseUrl = usingPostgres ? await freshPostgresUrl() : undefined
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NOTIFY_EMAIL_TO: 'owner@example.com',
    NOTIFY_EMAIL_FROM: 'Portfolio <portfolio@localhost>',
    NOTIFY_RETRY_BASE: '200ms',
    NOTIFY_RETRY_MAX: '1s',
    NOTIFY_POLL: '200ms',
    CONTACT_MIN_FILL_TIME: '1ms',
  }
  const first = await startServer({ dataDir, databaseUrl, env })
  for (const n of [1, 2, 3]) {
    const form = await call(first, 'GET', '/api/contact/form-token')
    const form_token = isRecord(form.json) ? form.json.token : undefined
    await Bun.sleep(5)
    const sent = await call(first, 'POST', '/api/contact', {
      body: {
        name: `Sender ${n}`,
        email: `s${n}@example.com`,
        message: `Restart ${n}`,
        form_token,
      },
    })
    expect(sent.status).toBe(201)
  }
  const token = await login(first)
  await until('the alerts to fail once each', async () => {
    const status = await call(first, 'GET', '/api/notifications', { token })
    return isRecord(status.json) && status.json.pending === 3 && status.json.last_error !== null
  })
  first.process.kill('SIGTERM')
  expect(await exitWithin(first)).toBe(0)

  receiver = await startSmtpReceiver(smtpPort)
  const second = await startServer({ dataDir, databaseUrl, env })
  const mails = receiver.mails
  await until('three mails', () => mails.length >= 3, 45_000)
  const again = await login(second)
  await until('the outbox to empty', async () => {
    const status = await call(second, 'GET', '/api/notifications', { token: again })
    return isRecord(status.json) && status.json.pending === 0
  })
  // A few more polls find nothing left to send.
  await Bun.sleep(1_000)
  expect(mails.map((mail) => mail.body.match(/Restart \d/)?.[0]).sort()).toEqual([
    'Restart 1',
    'Restart 2',
    'Restart 3',
  ])
  expect(mails.every((mail) => mail.to.join() === 'owner@example.com')).toBe(true)
  expect(new Set(mails.map((mail) => mail.headers['message-id'])).size).toBe(3)
}, 120_000)

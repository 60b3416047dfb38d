/**
 * The newsletter's emails survive the sender: the real server as a child
 * process killed with SIGKILL in the middle of a send, then stopped with
 * SIGTERM in the middle of the next, each time started again on the same
 * data; and two instances on one PostgreSQL database sending together.
 * Every subscriber gets each note once: nothing lost, nothing twice.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { defaultNewsletterSettings } from '../../config'
import { migrateDatabase, openDatabase } from '../../db/client'
import { createJobRunner } from '../../jobs/runner'
import { createLogger } from '../../log'
import { NEWSLETTER_JOB, newsletterJob } from '../../services/newsletter/sending'
import { until } from '../support/alert-receivers'
import {
  call,
  cleanupChildren,
  exitWithin,
  freshPostgresUrl,
  kill9,
  login,
  startServer,
  tempDir,
} from '../support/child-server'
import { createTestApp, usingPostgres } from '../support/harness'
import { type NewsletterSmtp, startNewsletterSmtp } from '../support/newsletter-smtp'
import { sampleNote } from './support'

setDefaultTimeout(180_000)

const servers: NewsletterSmtp[] = []
afterAll(async () => {
  await cleanupChildren()
  for (const server of servers.splice(0)) await server.stop()
})

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `reader${i}@example.com`)

function recipientsOf(smtp: NewsletterSmtp, subject: string): string[] {
  return smtp.mails
    .filter((mail) => mail.headers.subject === subject)
    .map((mail) => mail.to[0] ?? '')
    .sort()
}

describe('a sender that dies or stops mid-send', () => {
  test('kill -9, then SIGTERM, in the middle of a send: each subscriber gets each note once', async () => {
    // The DATA answer of the n-th mail is held until released: the sender is mid-send then.
    let holdAt = -1
    let held: () => void = () => {}
    let release: () => void = () => {}
    const heldNow = () => new Promise<void>((resolve) => (held = resolve))
    const smtp = await startNewsletterSmtp({
      hold: async (n) => {
        if (n !== holdAt) return
        const released = new Promise<void>((resolve) => (release = resolve))
        held()
        await released
      },
    })
    servers.push(smtp)
    const dataDir = tempDir('newsletter-durability')
    const databaseUrl = usingPostgres ? await freshPostgresUrl() : ''
    const env = {
      NEWSLETTER_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NEWSLETTER_FROM: 'Ada <notes@example.com>',
      NEWSLETTER_LEASE: '2s',
      NEWSLETTER_POLL: '200ms',
      JOBS_POLL: '200ms',
      SITE_URL: 'https://ada.example',
    }
    const readers = addresses(6)
    let server = await startServer({ dataDir, databaseUrl, env })
    let token = await login(server)
    const imported = await call(server, 'POST', '/api/newsletter/import', {
      token,
      body: { csv: `email\n${readers.join('\n')}\n`, consent: true },
    })
    expect(imported.json).toMatchObject({ added: 6, confirmed: 6 })

    // 1. SIGKILL while the third email's DATA waits for the server's answer.
    holdAt = 2
    let holding = heldNow()
    expect(
      (await call(server, 'POST', '/api/notes', { token, body: sampleNote('Killed Mid-Send') }))
        .status,
    ).toBe(201)
    await holding
    await kill9(server)
    // The mail server sees the connection gone before it answers, and keeps nothing of it.
    await until('the mail server to see the sender gone', () => smtp.closed > 0)
    release()
    // The mail server never said "250" for the third: two delivered.
    expect(recipientsOf(smtp, 'Killed Mid-Send')).toHaveLength(2)
    server = await startServer({ dataDir, databaseUrl, env })
    await until(
      'every reader to get the first note',
      () => recipientsOf(smtp, 'Killed Mid-Send').length >= 6,
      60_000,
    )

    // 2. SIGTERM while another email waits: the send under way ends, the rest waits for the next start.
    token = await login(server)
    holdAt = smtp.started + 3
    holding = heldNow()
    expect(
      (await call(server, 'POST', '/api/notes', { token, body: sampleNote('Stopped Mid-Send') }))
        .status,
    ).toBe(201)
    await holding
    server.process.kill('SIGTERM')
    await Bun.sleep(300)
    release()
    expect(await exitWithin(server)).toBe(0)
    const afterStop = recipientsOf(smtp, 'Stopped Mid-Send').length
    expect(afterStop).toBeGreaterThanOrEqual(4)
    server = await startServer({ dataDir, databaseUrl, env })
    await until(
      'every reader to get the second note',
      () => recipientsOf(smtp, 'Stopped Mid-Send').length >= 6,
      60_000,
    )
    // Past a lease and a few polls: nothing comes twice.
    await Bun.sleep(3_000)
    expect(recipientsOf(smtp, 'Killed Mid-Send')).toEqual([...readers].sort())
    expect(recipientsOf(smtp, 'Stopped Mid-Send')).toEqual([...readers].sort())
    const overview = await call(server, 'GET', '/api/newsletter', { token: await login(server) })
    expect(overview.json).toMatchObject({
      issues: [
        { subject: 'Stopped Mid-Send', sent: 6, pending: 0 },
        { subject: 'Killed Mid-Send', sent: 6, pending: 0 },
      ],
    })
  })
})

describe.skipIf(!usingPostgres)('two instances on one PostgreSQL database', () => {
  test('each email is sent once', async () => {
    const smtp = await startNewsletterSmtp()
    servers.push(smtp)
    const url = await freshPostgresUrl()
    const first = await openDatabase({ kind: 'postgres', url, max: 5 })
    await migrateDatabase(first)
    const second = await openDatabase({ kind: 'postgres', url, max: 5 })
    const config = {
      newsletter: {
        ...defaultNewsletterSettings,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        ratePerMinute: 10_000,
        pollMs: 20,
      },
    }
    const t = await createTestApp({ database: first, config, siteUrl: 'https://ada.example' })
    const token = await t.login()
    const readers = addresses(40)
    await t.request('POST', '/api/newsletter/import', {
      token,
      body: { csv: `email\n${readers.join('\n')}\n`, consent: true },
    })
    expect(
      (await t.request('POST', '/api/notes', { token, body: sampleNote('Twice Served') })).status,
    ).toBe(201)
    const log = createLogger('silent')
    const runners = [first, second].map((database) =>
      createJobRunner({
        db: database.db,
        jobs: [newsletterJob({ config, siteUrl: 'https://ada.example' })],
        log,
      }),
    )
    for (const runner of runners) runner.start()
    // Kicked runs too (no job lease): the two instances' claims compete row by row.
    await Promise.all(
      runners.flatMap((runner) => [runner.runNow(NEWSLETTER_JOB), runner.runNow(NEWSLETTER_JOB)]),
    )
    await until('40 emails', () => recipientsOf(smtp, 'Twice Served').length >= 40, 60_000)
    for (const runner of runners) await runner.stop()
    expect(recipientsOf(smtp, 'Twice Served')).toEqual([...readers].sort())
    await t.close()
    await second.close()
  })
})

/**
 * The owner's side of the newsletter: the list and its CSV (a round trip),
 * erasure, the test email, the sign-in every door needs, and backups that
 * carry the subscribers and the emails written (so a restore sends nothing twice).
 */
import { afterAll, afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { newsletterSends, newsletterSubscribers } from '../../db/schema'
import { type NewsletterSmtp, startNewsletterSmtp } from '../support/newsletter-smtp'
import {
  bodyOf,
  confirmedSubscriber,
  newsletterApp,
  publish,
  runNewsletter,
  sampleNote,
  subscribeAs,
} from './support'

setDefaultTimeout(30_000)

const open: { close(): Promise<void> }[] = []
const servers: NewsletterSmtp[] = []
afterEach(async () => {
  for (const item of open.splice(0)) await item.close()
})
afterAll(async () => {
  for (const server of servers.splice(0)) await server.stop()
})

async function setUp() {
  const smtp = await startNewsletterSmtp()
  servers.push(smtp)
  const t = await newsletterApp(smtp)
  open.push(t)
  return { smtp, t }
}

describe('the owner’s list', () => {
  test('every door needs the sign-in', async () => {
    const { t } = await setUp()
    for (const [method, path, body] of [
      ['GET', '/api/newsletter', undefined],
      ['GET', '/api/newsletter/export', undefined],
      ['POST', '/api/newsletter/import', { csv: 'email\na@example.com', consent: true }],
      ['PUT', '/api/newsletter/settings', { mode: 'weekly' }],
      ['DELETE', '/api/newsletter/subscribers/1', undefined],
      ['POST', '/api/newsletter/test', undefined],
    ] as const) {
      expect((await t.request(method, path, { body })).status).toBe(401)
    }
    expect(await t.db.select().from(newsletterSubscribers)).toEqual([])
  })

  test('the CSV export round-trips: states, sources and dates come back as they were', async () => {
    const { smtp, t } = await setUp()
    await confirmedSubscriber(t, smtp, 'form@example.com')
    await subscribeAs(t, 'waiting@example.com')
    await t.request('POST', '/api/newsletter/import', {
      token: t.token,
      body: {
        csv: 'email,name\n"quoted@example.com","Person, Q"\nattested@example.com,A\nbroken line\n',
        consent: true,
      },
    })
    await t.db
      .update(newsletterSubscribers)
      .set({ state: 'bounced', bounced_at: t.clock.now(), bounce_reason: '550 No such user' })
      .where(eq(newsletterSubscribers.email, 'attested@example.com'))
    const first = await t.request('GET', '/api/newsletter/export', { token: t.token })
    expect(first.status).toBe(200)
    expect(String(first.body.filename)).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = String(first.body.csv)
    expect(csv.split('\r\n')[0]).toBe(
      'email,state,source,consent_at,confirmed_at,unsubscribed_at,bounced_at,created_at',
    )
    expect(csv).toContain('\r\nquoted@example.com,confirmed,import,')
    const overview = await t.request('GET', '/api/newsletter', { token: t.token })
    for (const subscriber of overview.body.subscribers as { id: number }[]) {
      const erased = await t.request('DELETE', `/api/newsletter/subscribers/${subscriber.id}`, {
        token: t.token,
      })
      expect(erased.status).toBe(204)
    }
    expect(await t.db.select().from(newsletterSubscribers)).toEqual([])
    const imported = await t.request('POST', '/api/newsletter/import', {
      token: t.token,
      body: { csv, consent: true },
    })
    expect(imported.status).toBe(200)
    expect(imported.body).toEqual({ added: 4, confirmed: 2, pending: 1, unchanged: 0, invalid: [] })
    const second = await t.request('GET', '/api/newsletter/export', { token: t.token })
    expect(second.body.csv).toBe(csv)
    // Imported again: every address is already here.
    const again = await t.request('POST', '/api/newsletter/import', {
      token: t.token,
      body: { csv, consent: false },
    })
    expect(again.body).toMatchObject({ added: 0, unchanged: 4 })
  })

  test('without the attestation, imported addresses are pending and get a confirmation email', async () => {
    const { smtp, t } = await setUp()
    const r = await t.request('POST', '/api/newsletter/import', {
      token: t.token,
      body: {
        csv: 'Email\r\nnew1@example.com\r\nnot-an-address\r\nNEW2@example.com\r\n',
        consent: false,
      },
    })
    expect(r.body).toEqual({ added: 2, confirmed: 0, pending: 2, unchanged: 0, invalid: [3] })
    await runNewsletter(t)
    expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual([
      'new1@example.com',
      'new2@example.com',
    ])
    const bad = await t.request('POST', '/api/newsletter/import', {
      token: t.token,
      body: { csv: 'address\nx@example.com\n', consent: true },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toEqual({ csv: ['The CSV needs a header row with an "email" column.'] })
  })

  test('erasure removes the address and its emails’ rows; the counts stay', async () => {
    const { smtp, t } = await setUp()
    await confirmedSubscriber(t, smtp, 'erase@example.com')
    await publish(t, sampleNote('Before Erasure'))
    await runNewsletter(t)
    const [row] = await t.db.select().from(newsletterSubscribers)
    expect(await t.db.select().from(newsletterSends)).toHaveLength(1)
    expect(
      (await t.request('DELETE', `/api/newsletter/subscribers/${row?.id}`, { token: t.token }))
        .status,
    ).toBe(204)
    expect(await t.db.select().from(newsletterSubscribers)).toEqual([])
    expect(await t.db.select().from(newsletterSends)).toEqual([])
    const overview = await t.request('GET', '/api/newsletter', { token: t.token })
    expect(overview.body.issues).toMatchObject([{ subject: 'Before Erasure', sent: 1 }])
    const missing = await t.request('DELETE', `/api/newsletter/subscribers/${row?.id}`, {
      token: t.token,
    })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('Subscriber not found.')
  })

  test('a test email to the owner, as subscribers see a note', async () => {
    const { smtp, t } = await setUp()
    await publish(t, sampleNote('Latest Thoughts', { email_subscribers: false }))
    const r = await t.request('POST', '/api/newsletter/test', { token: t.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ to: 'ada@example.com' })
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]?.headers.subject).toBe('[Test] Latest Thoughts')
    expect(bodyOf(smtp.mails[0] as NonNullable<(typeof smtp.mails)[0]>)).toContain(
      'View on the site',
    )
  })
})

describe('backups', () => {
  test('carry the subscribers and the emails written: after a restore, nothing is sent twice', async () => {
    const { smtp, t } = await setUp()
    await confirmedSubscriber(t, smtp, 'kept@example.com')
    await publish(t, sampleNote('Sent Before The Backup'))
    await runNewsletter(t)
    const sentBefore = smtp.mails.length
    const backup = parseBackup(
      serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
    )
    expect(backup.tables.newsletter_subscribers.map((row) => row.email)).toEqual([
      'kept@example.com',
    ])
    expect(backup.tables.newsletter_issues).toHaveLength(1)
    await t.db.delete(newsletterSubscribers)
    await restoreBackup(t.db, backup, t.mediaStore)
    const [row] = await t.db.select().from(newsletterSubscribers)
    expect(row).toMatchObject({ email: 'kept@example.com', state: 'confirmed' })
    expect(row?.consent_ip_hash).toMatch(/^[\w-]{43}$/)
    await runNewsletter(t)
    expect(smtp.mails).toHaveLength(sentBefore)
    // A new subscriber after the restore gets a new id.
    await subscribeAs(t, 'after@example.com')
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(2)
  })
})

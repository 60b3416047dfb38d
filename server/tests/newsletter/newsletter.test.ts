/**
 * Notes by email, against a real SMTP server on loopback (smtp-server):
 * double opt-in and its expiry, a note sent once to each confirmed
 * subscriber and to nobody else, the RFC 8058 headers, bounces, the rate.
 */
import { afterAll, afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { newsletterSends, newsletterSubscribers } from '../../db/schema'
import type { TestApp } from '../support/harness'
import { type NewsletterSmtp, startNewsletterSmtp } from '../support/newsletter-smtp'
import {
  bodyOf,
  confirmationToken,
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

async function setUp(settings = {}) {
  const smtp = await startNewsletterSmtp()
  servers.push(smtp)
  const t = await newsletterApp(smtp, settings)
  open.push(t)
  return { smtp, t }
}

const subscriberRow = async (t: TestApp, email: string) => {
  const [row] = await t.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
  return row
}

describe('subscribing', () => {
  test('a confirmation email with a single-use link; following it confirms', async () => {
    const { smtp, t } = await setUp()
    const r = await subscribeAs(t, 'Reader@Example.com')
    expect(r.status).toBe(200)
    expect(String(r.body.message)).toContain('we sent you an email')
    expect(await subscriberRow(t, 'reader@example.com')).toMatchObject({
      state: 'pending',
      consent_at: null,
    })
    expect((await subscriberRow(t, 'reader@example.com'))?.consent_ip_hash).toMatch(/^[\w-]{43}$/)
    await runNewsletter(t)
    expect(smtp.mails).toHaveLength(1)
    const mail = smtp.mails[0]
    if (!mail) throw new Error('no mail')
    expect(mail.to).toEqual(['reader@example.com'])
    expect(mail.headers.subject).toContain('Confirm your subscription')
    expect(bodyOf(mail)).toContain('The link works once, for 48 hours')
    const token = confirmationToken(mail)
    const confirmed = await t.request('POST', '/api/newsletter/confirm', { body: { token } })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.message).toBe('You are subscribed. New notes will come to your inbox.')
    const row = await subscriberRow(t, 'reader@example.com')
    expect(row?.state).toBe('confirmed')
    expect(row?.consent_at).toBeInstanceOf(Date)
    const again = await t.request('POST', '/api/newsletter/confirm', { body: { token } })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('This confirmation link is not valid or was already used.')
    expect(again.body.fields).toMatchObject({ token: [again.body.error] })
    // Subscribing a confirmed address again sends nothing and says the same.
    const twice = await subscribeAs(t, 'reader@example.com')
    expect(twice.body.message).toBe(r.body.message)
    await runNewsletter(t)
    expect(smtp.mails).toHaveLength(1)
  })

  test('the link expires after NEWSLETTER_CONFIRM_TTL', async () => {
    const { smtp, t } = await setUp({ confirmTtlMs: 60_000 })
    await subscribeAs(t, 'late@example.com')
    await runNewsletter(t)
    const mail = smtp.mails[0]
    if (!mail) throw new Error('no mail')
    expect(bodyOf(mail)).toContain('for 0 hours')
    t.clock.advance(60_001)
    const r = await t.request('POST', '/api/newsletter/confirm', {
      body: { token: confirmationToken(mail) },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe(
      'This confirmation link has expired. Subscribe again to get a new one.',
    )
    expect((await subscriberRow(t, 'late@example.com'))?.state).toBe('pending')
  })

  test('bad input is refused, naming the field; a filled honeypot is answered alike and dropped', async () => {
    const { smtp, t } = await setUp()
    const bad = await subscribeAs(t, 'not an address')
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toMatchObject({ email: ['Email must be a valid email address.'] })
    const bot = await subscribeAs(t, 'bot@example.com', { website: 'https://spam.example' })
    expect(bot.status).toBe(200)
    expect(await subscriberRow(t, 'bot@example.com')).toBeUndefined()
    const forged = await subscribeAs(t, 'forged@example.com', { form_token: 'abc.def' })
    expect(forged.status).toBe(200)
    expect(await subscriberRow(t, 'forged@example.com')).toBeUndefined()
    await runNewsletter(t)
    expect(smtp.mails).toHaveLength(0)
  })

  test('per client address and per email address, a limit', async () => {
    const { t } = await setUp({ perIp: 3, perAddress: 2 })
    expect((await subscribeAs(t, 'one@example.com')).status).toBe(200)
    expect((await subscribeAs(t, 'one@example.com')).status).toBe(200)
    const third = await subscribeAs(t, 'one@example.com')
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/)
    const byClient = await subscribeAs(t, 'two@example.com')
    expect(byClient.status).toBe(429)
    expect(byClient.body.error).toBe('Too many subscriptions from here. Please try again later.')
  })
})

describe('sending a note', () => {
  test('to each of 3 confirmed subscribers once, none to pending or unsubscribed ones', async () => {
    const { smtp, t } = await setUp()
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'gone@example.com']) {
      await confirmedSubscriber(t, smtp, email)
    }
    await subscribeAs(t, 'pending@example.com')
    await runNewsletter(t)
    const gone = await subscriberRow(t, 'gone@example.com')
    if (!gone) throw new Error('no row')
    // Leaves through the one-click link of any later email; here, through the API door.
    const { unsubscribeToken } = await import('../../services/newsletter/keys')
    const left = await t.request('POST', '/api/newsletter/unsubscribe', {
      body: { token: await unsubscribeToken(t.db, gone.id, gone.email) },
    })
    expect(left.status).toBe(200)
    const before = smtp.mails.length
    // A note without the tick is not emailed.
    await publish(t, sampleNote('Quiet Note', { email_subscribers: false }))
    const note = await publish(t, sampleNote('Hello Readers'))
    expect(note.email_subscribers).toBe(true)
    await runNewsletter(t)
    await runNewsletter(t)
    const sent = smtp.mails.slice(before)
    expect(sent.map((mail) => mail.to[0]).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ])
    for (const mail of sent) {
      expect(mail.headers.subject).toBe('Hello Readers')
      expect(mail.headers['list-unsubscribe']).toMatch(
        /^<https:\/\/ada\.example\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}>$/,
      )
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      expect(mail.headers['content-type']).toContain('multipart/alternative')
      const body = bodyOf(mail)
      // Images and links of the site made absolute; the note's own page linked.
      expect(body).toContain('src="https://ada.example/media/chart.webp"')
      expect(body).toContain('href="https://ada.example/projects"')
      expect(body).toContain('https://ada.example/notes/hello-readers')
      expect(body).toContain('View on the site')
      expect(body).toContain('prefers-color-scheme: dark')
      // The plain-text part: the Markdown with absolute addresses.
      expect(body).toContain('![A chart](https://ada.example/media/chart.webp)')
      // The recipient's own unsubscribe link in the body too; no tracking pixel, no other host.
      const unsubscribe = mail.headers['list-unsubscribe']?.slice(1, -1) ?? ''
      expect(body).toContain(unsubscribe)
      const hosts = new Set(
        [...body.matchAll(/(?:src|href)="(https?:\/\/[^/"]+)/g)].map((m) => m[1]),
      )
      expect([...hosts]).toEqual(['https://ada.example'])
      expect(body).not.toContain('Quiet Note')
    }
    // The counts the owner sees.
    const overview = await t.request('GET', '/api/newsletter', { token: t.token })
    expect(overview.status).toBe(200)
    expect(overview.body.issues).toMatchObject([
      { kind: 'note', subject: 'Hello Readers', note_ids: [note.id], sent: 3, pending: 0 },
    ])
    expect(overview.body.counts).toEqual({ pending: 1, confirmed: 3, unsubscribed: 1, bounced: 0 })
  })

  test('the one-click POST of RFC 8058 unsubscribes without sign-in', async () => {
    const { smtp, t } = await setUp()
    await confirmedSubscriber(t, smtp, 'click@example.com')
    await publish(t, sampleNote('One Click'))
    await runNewsletter(t)
    const mail = smtp.mails.find((m) => m.headers.subject === 'One Click')
    const url = mail?.headers['list-unsubscribe']?.slice(1, -1)
    if (!url) throw new Error('no List-Unsubscribe')
    const { pathname, search } = new URL(url)
    // What Gmail and Yahoo send: a POST with this body, no cookie, no token.
    const response = await t.app.handle(
      new Request(`http://localhost${pathname}${search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('You are unsubscribed.')
    expect((await subscriberRow(t, 'click@example.com'))?.state).toBe('unsubscribed')
    // A tampered token changes nothing.
    const tampered = await t.request('POST', '/api/newsletter/unsubscribe', {
      body: { token: `${url.split('token=')[1]?.slice(0, -2)}xx` },
    })
    expect(tampered.status).toBe(400)
    // Re-subscribing needs a new confirmation.
    await subscribeAs(t, 'click@example.com')
    expect((await subscriberRow(t, 'click@example.com'))?.state).toBe('pending')
    await publish(t, sampleNote('After Leaving'))
    await runNewsletter(t)
    expect(smtp.mails.filter((m) => m.headers.subject === 'After Leaving')).toHaveLength(0)
  })

  test('a note taken back to the Trash before its emails went out is not sent', async () => {
    const { smtp, t } = await setUp({ ratePerMinute: 1 })
    await confirmedSubscriber(t, smtp, 'x@example.com')
    t.clock.advance(60_000)
    const note = await publish(t, sampleNote('Pulled Back'))
    const { prepareIssues } = await import('../../services/newsletter/sending')
    expect(await prepareIssues(t.db, 'https://ada.example', t.clock.now())).toBe(1)
    expect((await t.request('DELETE', `/api/notes/${note.id}`, { token: t.token })).status).toBe(
      204,
    )
    await runNewsletter(t)
    expect(smtp.mails.filter((m) => m.headers.subject === 'Pulled Back')).toHaveLength(0)
    const [send] = await t.db.select().from(newsletterSends)
    expect(send).toMatchObject({ state: 'skipped', last_error: 'note no longer public' })
  })
})

describe('bounces', () => {
  test('a 550 marks the address bounced and nothing more is sent to it', async () => {
    const smtp = await startNewsletterSmtp({
      refuse: (address) => (address === 'nobody@example.com' ? 550 : null),
    })
    servers.push(smtp)
    const t = await newsletterApp(smtp)
    open.push(t)
    await confirmedSubscriber(t, smtp, 'ok@example.com')
    // Confirmed earlier (imported with consent), now gone from its server.
    const imported = await t.request('POST', '/api/newsletter/import', {
      token: t.token,
      body: { csv: 'email\nnobody@example.com\n', consent: true },
    })
    expect(imported.body).toMatchObject({ added: 1, confirmed: 1 })
    await publish(t, sampleNote('First'))
    await runNewsletter(t)
    const row = await subscriberRow(t, 'nobody@example.com')
    expect(row?.state).toBe('bounced')
    expect(row?.bounce_reason).toContain('550')
    expect(smtp.mails.filter((m) => m.headers.subject === 'First').map((m) => m.to[0])).toEqual([
      'ok@example.com',
    ])
    await publish(t, sampleNote('Second'))
    await runNewsletter(t)
    const sends = await t.db
      .select()
      .from(newsletterSends)
      .where(eq(newsletterSends.subscriber_id, row?.id ?? 0))
    expect(sends.map((send) => send.state)).toEqual(['bounced'])
    const overview = await t.request('GET', '/api/newsletter', { token: t.token })
    expect(overview.body.issues).toMatchObject([
      { subject: 'Second', sent: 1, bounced: 0 },
      { subject: 'First', sent: 1, bounced: 1 },
    ])
  })
})

describe('the rate', () => {
  test('NEWSLETTER_RATE emails a minute at most', async () => {
    const { smtp, t } = await setUp({ ratePerMinute: 2 })
    const emails = ['r1', 'r2', 'r3', 'r4', 'r5'].map((name) => `${name}@example.com`)
    for (const email of emails) {
      await confirmedSubscriber(t, smtp, email)
      // Each confirmation is an email of the same rate.
      t.clock.advance(60_000)
    }
    await publish(t, sampleNote('Paced'))
    const paced = () => smtp.mails.filter((m) => m.headers.subject === 'Paced').length
    await runNewsletter(t)
    expect(paced()).toBe(2)
    await runNewsletter(t)
    expect(paced()).toBe(2)
    t.clock.advance(60_000)
    await runNewsletter(t)
    expect(paced()).toBe(4)
    t.clock.advance(60_000)
    await runNewsletter(t)
    expect(paced()).toBe(5)
    expect(
      new Set(smtp.mails.filter((m) => m.headers.subject === 'Paced').map((m) => m.to[0])).size,
    ).toBe(5)
  })
})

describe('the weekly digest', () => {
  test('the week’s notes in one email, once the week is over', async () => {
    const { smtp, t } = await setUp()
    await confirmedSubscriber(t, smtp, 'weekly@example.com')
    const mode = await t.request('PUT', '/api/newsletter/settings', {
      token: t.token,
      body: { mode: 'weekly' },
    })
    expect(mode.status).toBe(200)
    const badMode = await t.request('PUT', '/api/newsletter/settings', {
      token: t.token,
      body: { mode: 'daily' },
    })
    expect(badMode.status).toBe(400)
    expect(badMode.body.fields).toMatchObject({ mode: ['Mode must be "each" or "weekly".'] })
    await publish(t, sampleNote('Monday Thoughts'))
    await publish(t, sampleNote('Friday Thoughts'))
    await runNewsletter(t)
    expect(smtp.mails.filter((m) => m.to[0] === 'weekly@example.com')).toHaveLength(1)
    t.clock.advance(7 * 86_400_000)
    await runNewsletter(t)
    await runNewsletter(t)
    const digests = smtp.mails.filter((m) => m.headers.subject?.includes('new notes this week'))
    expect(digests).toHaveLength(1)
    const body = bodyOf(digests[0] as (typeof digests)[number])
    expect(body).toContain('Monday Thoughts')
    expect(body).toContain('Friday Thoughts')
    expect(digests[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
  })
})

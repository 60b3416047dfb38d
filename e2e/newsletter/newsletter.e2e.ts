/**
 * Notes by email, as a reader meets them: on a server of its own whose
 * newsletter sends through a real SMTP server this file starts, a reader
 * subscribes under the notes, confirms from the captured email, the owner
 * publishes a note marked "Email to subscribers", the email arrives, and the
 * reader leaves through its unsubscribe link. axe on each new page.
 */
import { SMTPServer } from 'smtp-server'
import { allowUpTo, e2eAdmin, expect, expectNoAxeViolations, test } from '../fixtures'
import { freePort } from '../support/free-port'
import { type OwnServer, startOwnServer } from '../support/own-server'

interface Mail {
  to: string
  subject: string
  raw: string
}

/** A quoted-printable body as text (soft breaks joined). */
const decoded = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8')

test.describe('the newsletter', () => {
  test.describe.configure({ mode: 'serial' })

  let server: OwnServer | undefined
  let smtp: SMTPServer | undefined
  const mails: Mail[] = []

  test.beforeAll(async () => {
    allowUpTo(90_000)
    const smtpPort = await freePort()
    smtp = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? ''
          mails.push({ to: session.envelope.rcptTo[0]?.address ?? '', subject, raw })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp?.listen(smtpPort, '127.0.0.1', resolve))
    server = await startOwnServer({
      name: 'portfolio-newsletter-e2e',
      siteUrl: true,
      env: {
        LOG_LEVEL: 'error',
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_PASSWORD: e2eAdmin.password,
        NEWSLETTER_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        NEWSLETTER_POLL: '300ms',
        JOBS_POLL: '300ms',
        // A reader types an address in less than the contact form's 3 s.
        CONTACT_MIN_FILL_TIME: '1ms',
      },
    })
  })

  test.afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
  })

  test('subscribe, confirm from the email, a published note arrives, unsubscribe from it', async ({
    page,
  }) => {
    allowUpTo(90_000)
    const base = server?.base ?? ''
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    })
    const { token } = (await login.json()) as { token: string }
    const publish = (body: Record<string, unknown>) =>
      fetch(`${base}/api/notes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary: 'A note.',
          body: 'Some **text**.',
          tags: [],
          status: 'published',
          ...body,
        }),
      })
    expect((await publish({ title: 'A First Note' })).status).toBe(201)

    // Subscribe under the notes.
    await page.goto(`${base}/notes`)
    const signup = page.getByRole('region', { name: 'Get new notes by email' })
    await signup.getByRole('textbox', { name: 'Email' }).fill('reader@example.com')
    await signup.getByRole('button', { name: 'Subscribe' }).click()
    await expect(signup.getByRole('status')).toHaveText(/Almost done: we sent you an email\./)

    // Confirm from the captured email.
    // The email goes out from a job polled every 300 ms; a loaded machine takes longer.
    await expect
      .poll(() => mails.filter((mail) => mail.to === 'reader@example.com').length, {
        timeout: 30_000,
      })
      .toBe(1)
    const link = /https?:\/\/[^\s"]+\/newsletter\/confirm\?token=[\w-]+/.exec(
      decoded(mails[0]?.raw ?? ''),
    )?.[0]
    expect(link).toBeTruthy()
    await page.goto(link ?? '')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription.')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Confirm my subscription' }).click()
    await expect(page.getByRole('status')).toHaveText(
      'You are subscribed. New notes will come to your inbox.',
    )

    // A note marked for subscribers arrives.
    expect((await publish({ title: 'Fresh From The Desk', email_subscribers: true })).status).toBe(
      201,
    )
    await expect
      .poll(() => mails.some((mail) => mail.subject === 'Fresh From The Desk'), {
        timeout: 30_000,
      })
      .toBe(true)
    const note = mails.find((mail) => mail.subject === 'Fresh From The Desk')
    expect(note?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(decoded(note?.raw ?? '')).toContain(`${base}/notes/fresh-from-the-desk`)

    // Leave through the email's link.
    const unsubscribe =
      /^List-Unsubscribe:\s*<([^>]+)>/m.exec((note?.raw ?? '').replace(/\r\n[ \t]+/g, ' '))?.[1] ??
      ''
    expect(unsubscribe).toContain('/newsletter/unsubscribe?token=')
    await page.goto(unsubscribe)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe.')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('status')).toHaveText(
      'You are unsubscribed. No more notes will be sent to you.',
    )

    // Nothing more comes.
    expect((await publish({ title: 'After Leaving', email_subscribers: true })).status).toBe(201)
    await page.waitForTimeout(1_500)
    expect(mails.filter((mail) => mail.subject === 'After Leaving')).toEqual([])
    await page.goto(`${base}/newsletter`)
    await expectNoAxeViolations(page)
  })
})

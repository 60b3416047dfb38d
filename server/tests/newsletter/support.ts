/** What the newsletter's suites share: an app with a real SMTP server, subscribing as a reader would. */
import { expect } from 'bun:test'
import { defaultNewsletterSettings, type NewsletterSettings } from '../../config'
import { NEWSLETTER_JOB } from '../../services/newsletter/sending'
import { createTestApp, type TestApp } from '../support/harness'
import {
  type CapturedMail,
  decodeQuotedPrintable,
  type NewsletterSmtp,
} from '../support/newsletter-smtp'

export async function newsletterApp(
  smtp: NewsletterSmtp,
  settings: Partial<NewsletterSettings> = {},
): Promise<TestApp & { token: string }> {
  const t = await createTestApp({
    config: {
      newsletter: {
        ...defaultNewsletterSettings,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Ada <notes@example.com>',
        sendTimeoutMs: 5_000,
        // Suites subscribe many addresses from one client; the limits have their own test.
        perIp: 10_000,
        perAddress: 10_000,
        ...settings,
      },
      // The clock stands still in these tests: any form token is "old enough".
      spam: { minFillMs: 0, maxTokenAgeMs: 86_400_000, maxLinks: 3 },
    },
    siteUrl: 'https://ada.example',
  })
  return Object.assign(t, { token: await t.login() })
}

/** Runs the newsletter job on this instance now (after a kicked run under way) and waits for it. */
export const runNewsletter = (t: TestApp) => t.jobs.runNow(NEWSLETTER_JOB)

/** The mail's decoded body (both parts). */
export const bodyOf = (mail: CapturedMail) => decodeQuotedPrintable(mail.body)

export function confirmationToken(mail: CapturedMail): string {
  const match = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(bodyOf(mail))
  if (!match?.[1]) throw new Error(`no confirmation link in ${mail.raw.slice(0, 2000)}`)
  return match[1]
}

export async function subscribeAs(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const formToken = await t.request('GET', '/api/contact/form-token')
  return t.request('POST', '/api/newsletter/subscribe', {
    body: { email, form_token: formToken.body.token, ...extra },
  })
}

/** Subscribes and follows the link from the captured confirmation email. */
export async function confirmedSubscriber(t: TestApp, smtp: NewsletterSmtp, email: string) {
  const r = await subscribeAs(t, email)
  expect(r.status).toBe(200)
  await runNewsletter(t)
  const mail = smtp.mails.findLast((m) => m.to.includes(email))
  if (!mail) throw new Error(`no confirmation email to ${email}`)
  const confirmed = await t.request('POST', '/api/newsletter/confirm', {
    body: { token: confirmationToken(mail) },
  })
  expect(confirmed.status).toBe(200)
}

export const sampleNote = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  summary: `What ${title} is about.`,
  body: `Some **Markdown** for ${title}.\n\n![A chart](/media/chart.webp)\n\nSee [the projects](/projects).`,
  tags: [],
  status: 'published',
  email_subscribers: true,
  ...extra,
})

export async function publish(t: TestApp & { token: string }, body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/notes', { token: t.token, body })
  expect(r.status).toBe(201)
  return r.body
}

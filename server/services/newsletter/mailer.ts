/**
 * How the newsletter's emails leave: nodemailer, through `NEWSLETTER_SMTP_URL`
 * when set, else the mail server the alerts use (`SMTP_URL`, or the one
 * saved in Settings → Notifications), read anew at each run. A permanent
 * refusal (an SMTP 5xx answer) is told apart from a failure worth another
 * try, so the address can be marked bounced.
 */
import type { Transporter } from 'nodemailer'
import type { AppConfig } from '../../config'
import { defaultNewsletterSettings } from '../../config'
import type { Db } from '../../db/client'
import { alertSettingsInEffect, defaultSender } from '../notification-settings'

export interface NewsletterMail {
  to: string
  subject: string
  html: string
  text: string
  /** Stable per email and recipient: a repeat is recognisable as the same email. */
  messageId: string
  headers: Record<string, string>
}

export interface NewsletterMailer {
  send(mail: NewsletterMail): Promise<void>
  close(): void
}

/** The mail server refused for good (5xx): the address bounced. */
export class PermanentMailError extends Error {}

/** Where and as whom the newsletter sends, or null when no mail server is set anywhere. */
export interface MailRoute {
  transport: { url: string } | Record<string, unknown>
  from: string
  /** Tells two routes apart (a changed server gets a new connection). */
  key: string
}

export async function newsletterRoute(
  db: Db,
  config: Pick<AppConfig, 'alerts' | 'secrets' | 'newsletter'>,
  siteUrl: string,
): Promise<MailRoute | null> {
  const settings = config.newsletter ?? defaultNewsletterSettings
  const alerts = await alertSettingsInEffect(db, config, siteUrl)
  const from = settings.from || alerts.email?.from || defaultSender(siteUrl)
  if (settings.smtpUrl) {
    return {
      transport: { url: settings.smtpUrl },
      from,
      key: JSON.stringify([settings.smtpUrl, from]),
    }
  }
  const email = alerts.email
  if (email?.smtpUrl) {
    return { transport: { url: email.smtpUrl }, from, key: JSON.stringify([email.smtpUrl, from]) }
  }
  if (email?.smtp) {
    const smtp = email.smtp
    return {
      transport: {
        host: smtp.host,
        port: smtp.port,
        secure: smtp.security === 'tls',
        requireTLS: smtp.security === 'starttls',
        ignoreTLS: smtp.security === 'none',
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      },
      from,
      key: JSON.stringify([smtp, from]),
    }
  }
  return null
}

/** Whether a nodemailer error is the server's permanent refusal (a 5xx reply). */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export async function createNewsletterMailer(
  route: MailRoute,
  timeoutMs: number,
): Promise<NewsletterMailer> {
  // nodemailer comes with the first email, not with every start.
  const { createTransport } = await import('nodemailer')
  const timeouts = {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  }
  const mailer: Transporter =
    'url' in route.transport && typeof route.transport.url === 'string'
      ? createTransport({ url: route.transport.url, ...timeouts })
      : createTransport({ ...(route.transport as Record<string, unknown>), ...timeouts })
  return {
    async send(mail) {
      try {
        await mailer.sendMail({
          from: route.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          headers: mail.headers,
        })
      } catch (error) {
        if (isPermanent(error)) {
          throw new PermanentMailError(error instanceof Error ? error.message : String(error))
        }
        throw error
      }
    },
    close: () => mailer.close(),
  }
}

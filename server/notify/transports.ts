/**
 * How one alert leaves: an email over SMTP (nodemailer) or a JSON POST to a
 * webhook. Each carries the alert's stable id (Message-ID, `id`), so a
 * receiver can tell a repeat from a new alert.
 */
import type { Transporter } from 'nodemailer'
import type { AlertSettings } from '../config'
import type { OutboxRow } from '../services/alerts'

export interface AlertTransports {
  send(row: OutboxRow, recipient: string | null): Promise<void>
  close(): void
}

function summary(row: OutboxRow, siteHost: string): { subject: string; text: string } {
  const { payload } = row
  if (payload.kind === 'test') {
    return {
      subject: `Test alert from ${siteHost}`,
      text: `This is a test alert from your portfolio at ${siteHost}. Alerts for new messages arrive like this one.`,
    }
  }
  if (payload.kind === 'conversation') {
    const what =
      payload.conversation_kind === 'reply' ? 'reply' : (payload.conversation_kind ?? 'mention')
    return {
      subject: `New ${what} from ${payload.name ?? 'someone'} on ${siteHost}`,
      text: `${payload.name ?? 'Someone'} (${payload.network ?? 'the web'}) sent a ${what} on ${payload.created_at}${payload.url ? ` at ${payload.url}` : ''}:\n\n${payload.message ?? ''}\n\nIt waits in Conversations until you approve it.`,
    }
  }
  return {
    subject: `New message from ${payload.name} on ${siteHost}`,
    text: `${payload.name} <${payload.email}> wrote on ${payload.created_at}:\n\n${payload.message}`,
  }
}

/** At most 1,000 characters (so at most 4,003 bytes of UTF-8), cut between characters. */
export function preview(text: string): string {
  const characters = Array.from(text)
  return characters.length <= 1_000 ? text : `${characters.slice(0, 1_000).join('')}…`
}

/**
 * Text for Slack's `text`: Slack reads `&`, `<` and `>` as its control
 * characters (`<!channel>`, `<@U123>`, `<https://x|label>`), so a visitor's
 * text could ping the channel or dress a link. Escaped as Slack documents it,
 * everything shows as typed.
 */
export function slackText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'))
}

/**
 * Discord: no mention in an alert pings anyone (`@everyone`, `@here`, roles,
 * users), and links in it unfurl into no preview card (SUPPRESS_EMBEDS).
 */
export const discordSafety = { allowed_mentions: { parse: [] }, flags: 1 << 2 } as const

export function createAlertTransports(settings: AlertSettings, siteUrl: string): AlertTransports {
  const siteHost = new URL(siteUrl).host
  const inbox = `${siteUrl}/admin/messages`
  let mailer: Transporter | undefined

  async function sendEmail(row: OutboxRow, recipient: string | null) {
    const email = settings.email
    if (!email) throw new Error('email alerts are no longer configured')
    if (!recipient)
      throw new Error(
        "no recipient: set one in Settings → Notifications (or NOTIFY_EMAIL_TO), or the profile's email",
      )
    // nodemailer (~35 ms to load) comes with the first email, not with every start.
    const { createTransport } = await import('nodemailer')
    const timeouts = {
      connectionTimeout: settings.sendTimeoutMs,
      greetingTimeout: settings.sendTimeoutMs,
      socketTimeout: settings.sendTimeoutMs,
    }
    mailer ??= email.smtpUrl
      ? createTransport({ url: email.smtpUrl, ...timeouts })
      : email.smtp
        ? createTransport({
            host: email.smtp.host,
            port: email.smtp.port,
            // `tls`: TLS from the first byte; `starttls`: the upgrade is required, never skipped.
            secure: email.smtp.security === 'tls',
            requireTLS: email.smtp.security === 'starttls',
            ignoreTLS: email.smtp.security === 'none',
            ...(email.smtp.user
              ? { auth: { user: email.smtp.user, pass: email.smtp.password ?? '' } }
              : {}),
            ...timeouts,
          })
        : undefined
    if (!mailer) throw new Error('email alerts have no mail server')
    const { subject, text } = summary(row, siteHost)
    const { payload } = row
    await mailer.sendMail({
      from: email.from,
      to: recipient,
      replyTo:
        payload.kind === 'message' && payload.email
          ? { name: payload.name ?? '', address: payload.email }
          : undefined,
      subject,
      text: `${text}\n\n--\nReply to this email to answer.\nInbox: ${inbox}\n`,
      messageId: `<${row.alert_id}@${siteHost}>`,
      headers: { 'X-Portfolio-Alert-Id': row.alert_id },
    })
  }

  async function sendWebhook(row: OutboxRow) {
    const url = settings.webhookUrl
    if (!url) throw new Error('webhook alerts are no longer configured')
    const { payload } = row
    const { subject, text } = summary(row, siteHost)
    const body = {
      id: row.alert_id,
      type:
        payload.kind === 'test'
          ? 'test'
          : payload.kind === 'conversation'
            ? 'conversation'
            : 'contact_message',
      site: siteUrl,
      inbox_url: inbox,
      message:
        payload.kind === 'message'
          ? {
              id: payload.message_id ?? null,
              name: payload.name ?? '',
              email: payload.email ?? '',
              message: payload.message ?? '',
              created_at: payload.created_at,
            }
          : null,
      conversation:
        payload.kind === 'conversation'
          ? {
              id: payload.conversation_id ?? null,
              kind: payload.conversation_kind ?? null,
              network: payload.network ?? null,
              author: payload.name ?? null,
              url: payload.url ?? null,
              text: payload.message ?? '',
              created_at: payload.created_at,
            }
          : undefined,
      // What Slack (`text`, its control characters escaped) and Discord (`content`,
      // with no mention allowed) show as the chat message.
      text: slackText(text),
      content: text.slice(0, 2000),
      ...discordSafety,
      // For receivers that template the JSON themselves (ntfy's `?tpl=yes&t={{.title}}&m={{.preview}}`):
      // a subject line, and the text cut to fit ntfy's 4,096-byte message limit.
      title: subject,
      preview: preview(text),
    }
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': row.alert_id },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.sendTimeoutMs),
      redirect: 'error',
    })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`webhook answered ${response.status}`)
  }

  return {
    send: (row, recipient) =>
      row.channel === 'email' ? sendEmail(row, recipient) : sendWebhook(row),
    close: () => mailer?.close(),
  }
}

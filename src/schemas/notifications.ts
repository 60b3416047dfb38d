/**
 * Settings → Notifications: the mail server, the sender and recipient, and
 * the webhook, as the owner sets them in the admin
 * (server/services/notification-settings.ts). The password and the
 * webhook's address go in and are never sent back: the answer says only
 * whether each is set.
 */
import { limits, optionalText } from './fields'
import { z } from './zod'

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const
export type SmtpSecurity = (typeof SMTP_SECURITY)[number]

/** A host name or an IP address, as nodemailer connects to it. */
const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[?[0-9a-f:.]+\]?$/i

/** A secret: left out, it stays as it is; null, it is removed; text, it replaces the stored one. */
function secretField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text, or null to remove it.` })
    .min(
      1,
      `${label} must not be empty: leave it out to keep the one saved, or send null to remove it.`,
    )
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !/[\r\n]/.test(value), `${label} must be on one line.`)
    .nullable()
    .optional()
}

/** `PUT /api/notifications/settings`. */
export const notificationSettingsInput = z.strictObject({
  smtp_host: optionalText('Mail server', 253).refine(
    (value) => value === '' || hostPattern.test(value),
    'Mail server must be a host name like smtp.example.com, or an IP address.',
  ),
  smtp_port: z
    .number({ error: 'Port must be a whole number from 1 to 65535.' })
    .int('Port must be a whole number from 1 to 65535.')
    .min(1, 'Port must be a whole number from 1 to 65535.')
    .max(65_535, 'Port must be a whole number from 1 to 65535.'),
  smtp_security: z.enum(SMTP_SECURITY, {
    error: `Security must be one of: ${SMTP_SECURITY.join(', ')}.`,
  }),
  smtp_user: optionalText('User name', limits.email),
  smtp_password: secretField('Password', 1000),
  email_from: optionalText('Sender', 400).refine(
    (value) =>
      value === '' || /^(?:[^<>\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value),
    'Sender must be an email address, or a name and an address like Portfolio <me@example.com>.',
  ),
  email_to: optionalText('Recipient', limits.email).refine(
    (value) => value === '' || z.email().safeParse(value).success,
    'Recipient must be a valid email address.',
  ),
  webhook_url: secretField('Webhook URL', 2000).refine(
    (value) => value == null || /^https?:\/\/[^\s/?#]+[^\s]*$/.test(value),
    'Webhook URL must be an http(s) URL.',
  ),
})
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>

/**
 * A secret's state: `none`, `set`, or `unreadable`: sealed under another
 * key (a backup from another server, an instance with another
 * `SECRETS_KEY`), so it must be typed again.
 */
export const secretStateSchema = z.enum(['none', 'set', 'unreadable'])
export type SecretState = z.infer<typeof secretStateSchema>

/** `GET /api/notifications/settings`. */
export const notificationSettingsSchema = z.object({
  smtp_host: z.string(),
  smtp_port: z.number(),
  smtp_security: z.enum(SMTP_SECURITY),
  smtp_user: z.string(),
  smtp_password: secretStateSchema,
  email_from: z.string(),
  email_to: z.string(),
  webhook: z.object({ state: secretStateSchema, host: z.string().nullable() }),
  /** The channels the environment sets (`SMTP_URL`, `NOTIFY_WEBHOOK_URL`): they win over these. */
  environment: z.object({ email: z.boolean(), webhook: z.boolean() }),
  updated_at: z.string().nullable(),
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

/**
 * Settings → Notifications: the mail server, sender, recipient and webhook
 * the owner saves in the admin (the `notification_settings` row), and the
 * alert settings in effect, which every use reads anew: a change applies at
 * once, on every instance, with no restart.
 *
 * The environment wins, channel by channel: with `SMTP_URL` set, email goes
 * through it (and `NOTIFY_EMAIL_TO` / `NOTIFY_EMAIL_FROM`), whatever is saved
 * here; with `NOTIFY_WEBHOOK_URL` set, the webhook likewise. The screen says
 * so.
 *
 * The password and the webhook's address are sealed (server/secret-box.ts)
 * before they are stored, and never leave: the answer says `set`, `none`, or
 * `unreadable` (sealed under another key: typed again).
 */
import { eq } from 'drizzle-orm'
import type {
  NotificationSettings,
  NotificationSettingsInput,
  SecretState,
} from '../../src/schemas/notifications'
import { type AlertSettings, type AppConfig, defaultAlertTiming } from '../config'
import type { Db } from '../db/client'
import { notificationSettings } from '../db/schema'
import { InvalidFieldError } from '../errors'
import type { SecretBox } from '../secret-box'
import type { ServiceContext } from './context'
import { iso } from './rows'

type Row = typeof notificationSettings.$inferSelect

async function storedRow(db: Db): Promise<Row | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.id, 1))
  return row
}

/** A sealed value, opened: its text, or why not. */
function opened(
  box: SecretBox | undefined,
  sealed: string | null | undefined,
): { state: SecretState; value?: string } {
  if (!sealed) return { state: 'none' }
  const value = box?.open(sealed)
  return value == null ? { state: 'unreadable' } : { state: 'set', value }
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

function view(row: Row | undefined, config: AppConfig): NotificationSettings {
  const webhook = opened(config.secrets, row?.webhook_url)
  return {
    smtp_host: row?.smtp_host ?? '',
    smtp_port: row?.smtp_port ?? 587,
    smtp_security: row?.smtp_security ?? 'starttls',
    smtp_user: row?.smtp_user ?? '',
    smtp_password: opened(config.secrets, row?.smtp_password).state,
    email_from: row?.email_from ?? '',
    email_to: row?.email_to ?? '',
    webhook: { state: webhook.state, host: hostOf(webhook.value) },
    environment: {
      email: Boolean(config.alerts?.email),
      webhook: Boolean(config.alerts?.webhookUrl),
    },
    updated_at: row ? iso(row.updated_at) : null,
  }
}

/** `GET /api/notifications/settings`. */
export async function readNotificationSettings(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
): Promise<NotificationSettings> {
  return view(await storedRow(ctx.db), ctx.config)
}

/**
 * `PUT /api/notifications/settings`: saves what the owner typed. A secret
 * left out stays as saved, null removes it, text replaces it (sealed).
 */
export async function saveNotificationSettings(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const box = ctx.config.secrets
  const sealing = input.smtp_password || input.webhook_url
  if (sealing && !box) {
    throw new InvalidFieldError(
      input.smtp_password ? 'smtp_password' : 'webhook_url',
      'This server has no key to keep a secret with: set SECRETS_KEY (or DATA_DIR) and restart.',
    )
  }
  const seal = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : (box as SecretBox).seal(value)
  const values = {
    smtp_host: input.smtp_host,
    smtp_port: input.smtp_port,
    smtp_security: input.smtp_security,
    smtp_user: input.smtp_user,
    email_from: input.email_from,
    email_to: input.email_to,
    updated_at: ctx.now(),
    ...(input.smtp_password === undefined ? {} : { smtp_password: seal(input.smtp_password) }),
    ...(input.webhook_url === undefined ? {} : { webhook_url: seal(input.webhook_url) }),
  }
  const [row] = await ctx.db
    .insert(notificationSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: notificationSettings.id, set: values })
    .returning()
  return view(row, ctx.config)
}

/**
 * The sentence for a restore whose saved secrets this server cannot open
 * (sealed under another server's key), or null when there are none such.
 */
export async function unreadableSecretsNote(
  db: Db,
  secrets: SecretBox | undefined,
): Promise<string | null> {
  const row = await storedRow(db)
  const unreadable = [
    ...(opened(secrets, row?.smtp_password).state === 'unreadable' ? ['mail password'] : []),
    ...(opened(secrets, row?.webhook_url).state === 'unreadable' ? ['webhook address'] : []),
  ]
  if (unreadable.length === 0) return null
  return `The saved ${unreadable.join(' and ')} came sealed with another server's key, so this server cannot read ${unreadable.length > 1 ? 'them' : 'it'}: type ${unreadable.length > 1 ? 'them' : 'it'} again in Settings → Notifications, or set SECRETS_KEY to that server's key.`
}

/** `Portfolio <portfolio@{the site's host}>`: the sender when none is set. */
export function defaultSender(siteUrl: string | undefined): string {
  const host = new URL(siteUrl ?? 'http://localhost').hostname
  return `Portfolio <portfolio@${host}>`
}

/**
 * The alert settings in effect now: the environment's timing, its channels
 * where it sets them, and the saved ones where it does not. A saved channel
 * whose secret cannot be opened here is left out (the screen says why).
 */
export async function alertSettingsInEffect(
  db: Db,
  config: Pick<AppConfig, 'alerts' | 'secrets'>,
  siteUrl: string | undefined,
): Promise<AlertSettings> {
  const environment = config.alerts ?? { ...defaultAlertTiming }
  if (environment.email && environment.webhookUrl) return environment
  const row = await storedRow(db)
  if (!row) return environment
  const password = opened(config.secrets, row.smtp_password)
  const webhook = opened(config.secrets, row.webhook_url)
  const savedEmail =
    row.smtp_host && password.state !== 'unreadable'
      ? {
          smtp: {
            host: row.smtp_host,
            port: row.smtp_port,
            security: row.smtp_security,
            ...(row.smtp_user ? { user: row.smtp_user } : {}),
            ...(password.value ? { password: password.value } : {}),
          },
          ...(row.email_to ? { to: row.email_to } : {}),
          from: row.email_from || defaultSender(siteUrl),
        }
      : undefined
  return {
    ...environment,
    email: environment.email ?? savedEmail,
    webhookUrl: environment.webhookUrl ?? webhook.value,
  }
}

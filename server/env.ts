import { join } from 'node:path'
import { z } from 'zod'
import { ownerPlaceholders } from '../src/domain/owner-placeholders'
import { isSafeUrl } from '../src/domain/safe-url'
import { limits, requiredText } from '../src/schemas/fields'
import {
  type AlertSettings,
  type AppConfig,
  defaultActivityPubSettings,
  defaultAlertTiming,
  defaultGitHubSettings,
  defaultNewsletterSettings,
  defaultScholarlyConfig,
  defaultSearchLimits,
  defaultSocialSettings,
  defaultSpamRules,
  type GitHubSettings,
  isProxyEntry,
  type MediaStorageConfig,
  type NewsletterSettings,
  type ScholarlyConfig,
  type SocialSettings,
} from './config'
import { DEFAULT_DATA_DIR, setValue } from './env-defaults'
import { createSecretBox } from './secret-box'

/** A setting that cannot work: start-up stops with this message alone (no stack). */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const durationPattern = /^(\d+)\s*(ms|s|m|h|d)?$/

/** Parses `7d`, `12h`, `30m`, `45s`, `500ms` or a bare number of seconds. */
export function parseDuration(value: string): number | null {
  const match = durationPattern.exec(value.trim())
  if (!match) return null
  const amount = Number(match[1])
  const unit = match[2] ?? 's'
  const factor = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit] ?? 1_000
  return amount * factor
}

/** An outside service's root: http(s), no trailing slash. */
const serviceUrl = (fallback: string) =>
  z
    .string()
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .refine(
      (value) => /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(value),
      `must be an http(s) URL like ${fallback}`,
    )
    .default(fallback)

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const ms = parseDuration(value)
      if (ms === null || ms <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: `"${value}" is not a duration like 7d, 12h or 30m`,
        })
        return z.NEVER
      }
      return ms
    })

const linkUrl = (fallback: string) =>
  z.string().default(fallback).refine(isSafeUrl, 'must be an http(s) URL or a path starting with /')

const count = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback)

/** Every variable the server reads. A blank value counts as not set (see `withoutBlanks`). */
/** The profile's placeholders when no OWNER_* variable is set (src/domain/owner-placeholders.ts). */
export { ownerPlaceholders }

/** The photo a new site shows until the owner gives theirs (a file of the built site). */
export const placeholderPhotoUrl = '/profile.svg'

const variables = z.object({
  /**
   * `production` (the default: `bun start`, the Docker image) or
   * `development` (`bun run dev`): which React build renders the pages on
   * the server; development's is slower and prints React's warnings.
   * `test` (what `bun test` sets) renders as production does.
   */
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** `1`: never build the client at start (the Docker image ships a built one). */
  SKIP_CLIENT_BUILD: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  SESSION_TTL: duration('7d'),
  SESSION_IDLE_TTL: duration('1d'),
  // How many proxies (whoever connects is believed), or which: addresses and CIDR ranges.
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, context): number | string[] => {
      const text = value.trim()
      if (text === 'true') return 1
      if (text === 'false' || text === '') return 0
      if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text)
      const entries = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
      if (entries.length > 0 && entries.every(isProxyEntry)) return entries
      context.addIssue({
        code: 'custom',
        message:
          'must be a number of proxies from 0 to 10, or their addresses and CIDR ranges, comma-separated (127.0.0.1,10.0.0.0/8)',
      })
      return z.NEVER
    }),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
      'must be a comma-separated list of origins like https://example.com',
    ),
  CONTACT_MAX_PER_IP: count(5),
  CONTACT_WINDOW: duration('10m'),
  CONTACT_DAILY_CAP: count(500),
  /** Searches one address may make a minute, and searches started a second by everyone (search-gate.ts). */
  SEARCH_MAX_PER_IP: count(defaultSearchLimits.perAddress),
  SEARCH_MAX_PER_SECOND: count(defaultSearchLimits.perSecond),
  /** Alerts for new messages by email: `smtp://user:password@host:587` or `smtps://…:465`. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(
      /^smtps?:\/\/[^\s]+$/,
      'must be an SMTP URL like smtps://user:password@smtp.example.com:465',
    )
    .optional(),
  /**
   * The key that seals the secrets saved in the admin (the mail password, the
   * webhook): at least 32 characters, the same on every instance of a site.
   * Unset: a random key made in DATA_DIR/secrets.key.
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Who gets the alerts; the profile's email when not set. */
  NOTIFY_EMAIL_TO: z.email('must be an email address').optional(),
  /** The alerts' sender (many providers require an address of your own domain). */
  NOTIFY_EMAIL_FROM: z.string().trim().optional(),
  /** Alerts as JSON POSTed here (ntfy, Discord, Slack or any receiver). */
  NOTIFY_WEBHOOK_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
    .optional(),
  /** The first retry of an alert that could not be sent waits this long, each next twice as long. */
  NOTIFY_RETRY_BASE: duration('30s'),
  NOTIFY_RETRY_MAX: duration('1h'),
  /** How often each instance looks for alerts that are due. */
  NOTIFY_POLL: duration('15s'),
  /** A message sent sooner than this after the form was shown is kept as spam. */
  CONTACT_MIN_FILL_TIME: duration('3s'),
  /** The newsletter's mail server (docs/newsletter.md); unset: the alerts' (SMTP_URL or the admin's). */
  NEWSLETTER_SMTP_URL: z
    .string()
    .trim()
    .regex(
      /^smtps?:\/\/[^\s]+$/,
      'must be an SMTP URL like smtps://user:password@smtp.example.com:465',
    )
    .optional(),
  /** The newsletter's sender; unset: the alerts' sender. */
  NEWSLETTER_FROM: z.string().trim().optional(),
  /** Newsletter emails sent a minute at most, by every instance together. */
  NEWSLETTER_RATE: count(60),
  /** How long a confirmation link stays valid. */
  NEWSLETTER_CONFIRM_TTL: duration('48h'),
  /** How often the newsletter job looks for notes to send and emails due. */
  NEWSLETTER_POLL: duration('15s'),
  /** How long a claimed email is left to its sender (an instance killed mid-send) before another takes it. */
  NEWSLETTER_LEASE: duration('5m'),
  // The same rules as a username typed into the set-up page (no control, format or bidi character).
  ADMIN_USERNAME: requiredText('ADMIN_USERNAME', limits.username).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  OWNER_NAME: z.string().default(ownerPlaceholders.name),
  /** Unset: no birth year, so no age line, until the owner gives one. */
  OWNER_BIRTH_YEAR: z.coerce.number().int().min(1900).max(2100).optional(),
  OWNER_EMAIL: z.email().default(ownerPlaceholders.email),
  OWNER_UNIVERSITY: z.string().default(ownerPlaceholders.university),
  OWNER_LINKEDIN_URL: linkUrl(ownerPlaceholders.linkedin_url),
  OWNER_GITHUB_URL: linkUrl(ownerPlaceholders.github_url),
  OWNER_PHOTO_URL: linkUrl(placeholderPhotoUrl),
  /** `off`: no page view is counted (the analytics screen shows what was counted before). */
  ANALYTICS: z.enum(['on', 'off']).default('on'),
  /** How often each instance writes its page-view counts (a crash loses at most this much). */
  ANALYTICS_FLUSH: duration('5s'),
  /** How often each instance looks for periodic jobs that are due (each runs on one instance). */
  JOBS_POLL: duration('15s'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SITE_URL: z
    .string()
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .refine(
      (value) => /^https?:\/\/[^/\s?#]+$/.test(value),
      "must be the site's public origin, like https://example.com (no path)",
    )
    .optional(),
  /** An S3-compatible bucket for uploaded images instead of DATA_DIR/media: see `s3Variables`. */
  S3_ENDPOINT: z
    .string()
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .refine(
      (value) => /^https?:\/\/[^/\s?#]+$/.test(value),
      'must be the S3 service origin, like https://s3.eu-west-1.amazonaws.com (no path)',
    )
    .optional(),
  S3_BUCKET: z.string().trim().optional(),
  /** The bucket's region, for request signing (`auto` for Cloudflare R2). */
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** GitHub's API root (a GitHub Enterprise server's `https://host/api/v3`, or a test fake). */
  GITHUB_API_URL: z
    .string()
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .refine(
      (value) => /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(value),
      'must be an http(s) URL like https://api.github.com',
    )
    .default(defaultGitHubSettings.apiUrl),
  /** A token for GitHub's API (no scope needed for public repositories): 5,000 requests an hour instead of 60. */
  GITHUB_TOKEN: z.string().trim().optional(),
  /** How often repository data is fetched again. */
  GITHUB_REFRESH: duration('6h'),
  /** The scholarly services' roots (docs/publications.md): tests point them at local fakes. */
  OPENALEX_API_URL: serviceUrl(defaultScholarlyConfig.openalexUrl),
  CROSSREF_API_URL: serviceUrl(defaultScholarlyConfig.crossrefUrl),
  DATACITE_API_URL: serviceUrl(defaultScholarlyConfig.dataciteUrl),
  ORCID_API_URL: serviceUrl(defaultScholarlyConfig.orcidUrl),
  ARXIV_API_URL: serviceUrl(defaultScholarlyConfig.arxivUrl),
  /** Sent to OpenAlex and Crossref as the contact of their polite pools. */
  SCHOLARLY_MAILTO: z.string().trim().pipe(z.email('must be an e-mail address')).optional(),
  /** How often a publication's citation count is fetched again. */
  CITATIONS_REFRESH: duration('24h'),
  /** Tests only: ActivityPub on an http or loopback SITE_URL, and remote servers on loopback. */
  ACTIVITYPUB_ALLOW_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /** How often each instance looks for notes to federate and deliveries due. */
  ACTIVITYPUB_POLL: duration('10s'),
  /** A delivery to a server that keeps failing is given up after this long. */
  ACTIVITYPUB_GIVE_UP: duration('3d'),
  /** How long a claimed delivery is left to an instance that may have died before another sends it. */
  ACTIVITYPUB_LEASE: duration('60s'),
  /** Tests only: loopback addresses may be fetched from outside (local fakes). Never private ranges. */
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('off')
    .transform((value) => value === 'on'),
  /** How often received Webmentions are verified at most after they arrive. */
  WEBMENTION_POLL: duration('15s'),
  /** How often notes and projects are looked at for Webmentions to send. */
  WEBMENTION_SEND_POLL: duration('1m'),
  /** How often the replies of the Mastodon and Bluesky posts named on notes are fetched again. */
  SOCIAL_REFRESH: duration('6h'),
  /** Bluesky's public AppView. */
  BLUESKY_APPVIEW_URL: z
    .string()
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .refine(
      (value) => /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(value),
      'must be an http(s) URL like https://public.api.bsky.app',
    )
    .default(defaultSocialSettings.blueskyAppViewUrl),
  /** Tests only: one Mastodon API root in place of each post's instance. */
  MASTODON_API_URL: z
    .string()
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .refine(
      (value) => /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(value),
      'must be an http(s) URL like https://mastodon.example',
    )
    .optional(),
})

/** The name of every variable the server reads (besides the `OWNER_*` ones, read on the first start only). */
export const variableNames: readonly string[] = Object.keys(variables.shape)

/** What an S3 bucket needs: all of these, or none of them (the DATA_DIR/media folder). */
const s3Variables = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

const envSchema = variables.superRefine((env, ctx) => {
  const missing = s3Variables.filter((name) => env[name] === undefined)
  if (missing.length === 0 || missing.length === s3Variables.length) return
  for (const name of missing) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `must be set too: an S3 bucket needs ${s3Variables.join(', ')} (or none of them: DATA_DIR/media)`,
    })
  }
})

export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL'> & {
  /** The public origin; this server's own address when not set. */
  SITE_URL: string
  /** SITE_URL was set (else it names PORT, which may differ from the port listened on). */
  siteUrlSet: boolean
  /** The `OWNER_*` variables that are set (they seed the profile on the first start only). */
  ownerVariablesSet: ReadonlySet<string>
}

/** `PORT=` in a .env file means "not set", as if the line were absent. */
function withoutBlanks(source: Record<string, string | undefined>): Record<string, string> {
  const present: Record<string, string> = {}
  for (const [name, value] of Object.entries(source)) {
    const set = setValue(value)
    if (set !== undefined) present[name] = set
  }
  return present
}

/** Parses the environment once; a bad value stops start-up with a readable line. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = withoutBlanks(source)
  const result = envSchema.safeParse(present)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    )
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    siteUrlSet: env.SITE_URL !== undefined,
    ownerVariablesSet: new Set(Object.keys(present).filter((name) => name.startsWith('OWNER_'))),
  }
}

/** Where uploaded images are kept: the S3 bucket when one is configured, else DATA_DIR/media. */
export function mediaStorageFromEnv(env: Env): MediaStorageConfig {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return {
      kind: 's3',
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    }
  }
  return { kind: 'folder', dir: join(env.DATA_DIR, 'media') }
}

/** The settings request handlers work with, from the environment. */
export function appConfigFromEnv(env: Env): AppConfig {
  return {
    sessionTtlMs: env.SESSION_TTL,
    sessionIdleMs: env.SESSION_IDLE_TTL,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    contact: {
      perIp: env.CONTACT_MAX_PER_IP,
      windowMs: env.CONTACT_WINDOW,
      dailyCap: env.CONTACT_DAILY_CAP,
    },
    spam: { ...defaultSpamRules, minFillMs: env.CONTACT_MIN_FILL_TIME },
    search: {
      ...defaultSearchLimits,
      perAddress: env.SEARCH_MAX_PER_IP,
      perSecond: env.SEARCH_MAX_PER_SECOND,
    },
    alerts: alertSettingsFromEnv(env),
    secrets: createSecretBox({ key: env.SECRETS_KEY, keyFile: join(env.DATA_DIR, 'secrets.key') }),
    setupTokenDir: env.DATA_DIR,
    github: githubSettingsFromEnv(env),
    scholarly: scholarlyConfigFromEnv(env),
    activitypub: {
      ...defaultActivityPubSettings,
      allowLoopback: env.ACTIVITYPUB_ALLOW_LOOPBACK === 'on',
      pollMs: env.ACTIVITYPUB_POLL,
      giveUpAfterMs: env.ACTIVITYPUB_GIVE_UP,
      leaseMs: env.ACTIVITYPUB_LEASE,
    },
    social: socialSettingsFromEnv(env),
    newsletter: newsletterSettingsFromEnv(env),
  }
}

/** The newsletter's mail server, sender and pace (docs/newsletter.md). */
export function newsletterSettingsFromEnv(env: Env): NewsletterSettings {
  return {
    ...defaultNewsletterSettings,
    smtpUrl: env.NEWSLETTER_SMTP_URL,
    from: env.NEWSLETTER_FROM,
    ratePerMinute: env.NEWSLETTER_RATE,
    confirmTtlMs: env.NEWSLETTER_CONFIRM_TTL,
    pollMs: env.NEWSLETTER_POLL,
    leaseMs: env.NEWSLETTER_LEASE,
  }
}

/** The scholarly services as the environment sets them. */
export function scholarlyConfigFromEnv(env: Env): ScholarlyConfig {
  return {
    ...defaultScholarlyConfig,
    openalexUrl: env.OPENALEX_API_URL,
    crossrefUrl: env.CROSSREF_API_URL,
    dataciteUrl: env.DATACITE_API_URL,
    orcidUrl: env.ORCID_API_URL,
    arxivUrl: env.ARXIV_API_URL,
    mailto: env.SCHOLARLY_MAILTO,
    refreshMs: env.CITATIONS_REFRESH,
    allowLoopback: env.OUTBOUND_ALLOW_LOOPBACK,
  }
}

/** The social web's settings (docs/social-web.md). */
export function socialSettingsFromEnv(env: Env): SocialSettings {
  return {
    ...defaultSocialSettings,
    allowLoopback: env.OUTBOUND_ALLOW_LOOPBACK,
    verifyPollMs: env.WEBMENTION_POLL,
    sendPollMs: env.WEBMENTION_SEND_POLL,
    refreshMs: env.SOCIAL_REFRESH,
    blueskyAppViewUrl: env.BLUESKY_APPVIEW_URL,
    mastodonApiUrl: env.MASTODON_API_URL,
  }
}

/** GitHub's API as the environment sets it (the public API, no token, every 6 hours by default). */
export function githubSettingsFromEnv(env: Env): GitHubSettings {
  return {
    ...defaultGitHubSettings,
    apiUrl: env.GITHUB_API_URL,
    token: env.GITHUB_TOKEN,
    refreshMs: env.GITHUB_REFRESH,
  }
}

/**
 * The alerts' timing and the channels the environment sets; channels saved
 * in the admin join them (server/services/notification-settings.ts).
 */
export function alertSettingsFromEnv(env: Env): AlertSettings {
  const siteHost = new URL(env.SITE_URL).hostname
  return {
    ...defaultAlertTiming,
    email: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          to: env.NOTIFY_EMAIL_TO,
          from: env.NOTIFY_EMAIL_FROM ?? `Portfolio <portfolio@${siteHost}>`,
        }
      : undefined,
    webhookUrl: env.NOTIFY_WEBHOOK_URL,
    retryBaseMs: env.NOTIFY_RETRY_BASE,
    retryMaxMs: env.NOTIFY_RETRY_MAX,
    pollMs: env.NOTIFY_POLL,
  }
}

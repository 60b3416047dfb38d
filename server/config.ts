/**
 * The settings the request handlers work with, in one place. server/env.ts
 * builds them from the environment; tests build them directly.
 */
import { isIP } from 'node:net'
import type { SecretBox } from './secret-box'

export interface ThrottleLimits {
  /** Failures in a row for one username before it is locked. */
  userMaxFailures: number
  /** How long each successive lockout of a username lasts. */
  userLockoutStepsMs: number[]
  /** Failures allowed from one client IP per window, whatever the usernames. */
  ipMaxFailures: number
  ipWindowMs: number
}

export const defaultThrottleLimits: ThrottleLimits = {
  userMaxFailures: 5,
  userLockoutStepsMs: [60_000, 15 * 60_000, 60 * 60_000],
  ipMaxFailures: 100,
  ipWindowMs: 60 * 60_000,
}

export interface ContactLimits {
  /** Messages one client IP may send per window. */
  perIp: number
  windowMs: number
  /** Messages stored per rolling 24 hours, from everyone together. */
  dailyCap: number
}

export const defaultContactLimits: ContactLimits = {
  perIp: 5,
  windowMs: 10 * 60_000,
  dailyCap: 500,
}

export interface AppConfig {
  sessionTtlMs: number
  sessionIdleMs: number
  /**
   * Reverse proxies whose X-Forwarded-* headers are believed: their number
   * (whoever connects), or their addresses and CIDR ranges (only those); 0
   * or empty: none. See server/http/infra/client-address.ts.
   */
  trustProxy?: number | readonly string[]
  /** Sign-in throttling; `defaultThrottleLimits` when absent. */
  loginThrottle?: ThrottleLimits
  /** Other origins allowed to call the API from a browser (CORS); none by default. */
  corsOrigins?: string[]
  /** Contact form limits; `defaultContactLimits` when absent. */
  contact?: ContactLimits
  /** The contact form's spam signals; `defaultSpamRules` when absent. */
  spam?: SpamRules
  /**
   * The alerts' timing, and the channels the environment sets (`SMTP_URL`,
   * `NOTIFY_WEBHOOK_URL`), which win over those saved in the admin
   * (server/services/notification-settings.ts); the default timing and none when absent.
   */
  alerts?: AlertSettings
  /** Seals the secrets saved in the admin (server/secret-box.ts); none: they cannot be saved. */
  secrets?: SecretBox
  /** The folder of the set-up token file (DATA_DIR), removed once the first admin is made. */
  setupTokenDir?: string
  /** GitHub's API for repository data and imports; `defaultGitHubSettings` when absent. */
  github?: GitHubSettings
  /**
   * The scholarly services (Crossref, DataCite, arXiv, ORCID, OpenAlex) and the citation
   * refresh's timing; `defaultScholarlyConfig` when absent (docs/publications.md).
   */
  scholarly?: ScholarlyConfig
  /** Searches per address and at once (http/infra/search-gate.ts); `defaultSearchLimits` when absent. */
  search?: SearchLimits
  /** Webmentions, conversations and the Mastodon/Bluesky fetches; `defaultSocialSettings` when absent. */
  social?: SocialSettings
  /** The newsletter's mail server and pace; `defaultNewsletterSettings` when absent. */
  newsletter?: NewsletterSettings
  /** ActivityPub's timing and limits (server/activitypub/); `defaultActivityPubSettings` when absent. */
  activitypub?: ActivityPubSettings
}

/** How the site federates (docs/activitypub.md). */
export interface ActivityPubSettings {
  /**
   * Tests only (`ACTIVITYPUB_ALLOW_LOOPBACK=on`): federation may be turned on
   * for an http or loopback SITE_URL, and remote servers on loopback are reached.
   */
  allowLoopback: boolean
  /** How often each instance looks for notes to federate and deliveries due. */
  pollMs: number
  /** The first retry of a failed delivery waits this long, each next twice as long… */
  retryBaseMs: number
  /** …up to this long. */
  retryMaxMs: number
  /** A delivery still failing this long after it was made is given up. */
  giveUpAfterMs: number
  /** How long a claimed delivery is left to its sender before another instance may take it. */
  leaseMs: number
  /** One delivery's whole exchange (and one remote document's fetch). */
  timeoutMs: number
  /** The largest activity the inbox reads. */
  inboxMaxBytes: number
  /** Activities one address may post to the inbox per minute. */
  inboxPerMinute: number
}

export const defaultActivityPubSettings: ActivityPubSettings = {
  allowLoopback: false,
  pollMs: 10_000,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 60 * 60_000,
  giveUpAfterMs: 3 * 24 * 60 * 60_000,
  leaseMs: 60_000,
  timeoutMs: 10_000,
  inboxMaxBytes: 256 * 1024,
  inboxPerMinute: 120,
}

/** The newsletter (server/services/newsletter/, docs/newsletter.md). */
export interface NewsletterSettings {
  /** `NEWSLETTER_SMTP_URL`; absent: the alerts' mail server in effect. */
  smtpUrl?: string
  /** `NEWSLETTER_FROM`; absent: the alerts' sender. */
  from?: string
  /** Emails a minute at most, every instance together (`NEWSLETTER_RATE`). */
  ratePerMinute: number
  /** A confirmation link's life (`NEWSLETTER_CONFIRM_TTL`). */
  confirmTtlMs: number
  /** How often the job runs (`NEWSLETTER_POLL`). */
  pollMs: number
  /** How long a claimed email is its sender's (`NEWSLETTER_LEASE`). */
  leaseMs: number
  /** Gives up on one SMTP attempt after this long. */
  sendTimeoutMs: number
  /** A temporary failure is tried again after this long, doubling, at most this many times. */
  retryBaseMs: number
  maxAttempts: number
  /** Subscriptions one client address may ask for per window, and one email address per window. */
  perIp: number
  perAddress: number
  windowMs: number
}

export const defaultNewsletterSettings: NewsletterSettings = {
  ratePerMinute: 60,
  confirmTtlMs: 48 * 60 * 60_000,
  pollMs: 15_000,
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 30_000,
  retryBaseMs: 60_000,
  maxAttempts: 8,
  perIp: 5,
  perAddress: 3,
  windowMs: 60 * 60_000,
}

/**
 * The social web (server/services/conversations.ts, server/services/webmentions.ts,
 * docs/social-web.md): what is fetched from outside, from where and how often.
 */
export interface SocialSettings {
  /**
   * Loopback addresses may be fetched (tests against local fakes). Off by default;
   * private ranges are never fetched (server/outbound/fetch.ts).
   */
  allowLoopback: boolean
  /** How often the received Webmentions wait at most before they are verified (the job's poll). */
  verifyPollMs: number
  /** How often the Webmention outbox looks for notes and projects to send from. */
  sendPollMs: number
  /** How often the replies of the posts named in "Discussion on" are fetched again. */
  refreshMs: number
  /** Bluesky's public AppView (`app.bsky.feed.getPostThread`, `getLikes`). */
  blueskyAppViewUrl: string
  /**
   * A Mastodon instance's API root in place of the post's own (tests: a fake on loopback);
   * none: the post's instance (`https://<its host>`).
   */
  mastodonApiUrl?: string
  /** The time and size limits of one fetch (a source, a photo, an API answer). */
  fetchTimeoutMs: number
  fetchMaxBytes: number
  /**
   * Tests only (never from the environment): the outbound fetcher's address rule and DNS
   * look-up in place of the real ones (a fake "public" site on one loopback address).
   */
  testOutbound?: {
    allowAddress?: (address: string) => boolean
    lookup?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>
  }
}

export const defaultSocialSettings: SocialSettings = {
  allowLoopback: false,
  verifyPollMs: 15_000,
  sendPollMs: 60_000,
  refreshMs: 6 * 60 * 60_000,
  blueskyAppViewUrl: 'https://public.api.bsky.app',
  fetchTimeoutMs: 10_000,
  fetchMaxBytes: 1024 * 1024,
}

/**
 * Where and how the server reads GitHub (server/services/github/). Tests
 * point `apiUrl` at a fake API on loopback.
 */
export interface GitHubSettings {
  /** `https://api.github.com`, or a GitHub Enterprise / test server's API root. */
  apiUrl: string
  /** Sent as `Authorization: Bearer …` (5,000 requests an hour instead of 60); never shown. */
  token?: string
  /** How long a fetched repository stays fresh before the job fetches it again. */
  refreshMs: number
  /** Gives up on one request after this long. */
  timeoutMs: number
  /** Stops reading an answer past this many bytes (a README included): GitHub's own stay far below. */
  maxAnswerBytes?: number
  /** The refresh job runs at least this often (every `refreshMs` when that is shorter). */
  pollMs: number
  /** How long a claimed repository is left to its fetcher before another may take it. */
  leaseMs: number
  /** After a failed fetch, the repository is tried again after this long (or at the next refresh, if sooner). */
  retryMs: number
  /** The owner's "Refresh now" is allowed once per this long. */
  manualRefreshMs: number
}

/** How much searching one address, and the whole server at once, may do. */
export interface SearchLimits {
  /** Searches one client address may make per window. */
  perAddress: number
  windowMs: number
  /** Searches under way at once, for the whole server. */
  concurrency: number
  /**
   * Searches started per second, for the whole server: PGlite runs one
   * query at a time on the server's own thread, so searches never overlap
   * there and only a rate keeps time for everything else.
   */
  perSecond: number
}

export const defaultSearchLimits: SearchLimits = {
  perAddress: 30,
  windowMs: 60_000,
  concurrency: 2,
  perSecond: 4,
}

export const defaultGitHubSettings: GitHubSettings = {
  apiUrl: 'https://api.github.com',
  refreshMs: 6 * 60 * 60_000,
  timeoutMs: 10_000,
  pollMs: 60_000,
  leaseMs: 2 * 60_000,
  retryMs: 15 * 60_000,
  manualRefreshMs: 60_000,
}

export interface SpamRules {
  /** A message sent sooner than this after the form was served is spam (no one types that fast). */
  minFillMs: number
  /** A form token older than this is no longer valid (the page was left open too long: spam). */
  maxTokenAgeMs: number
  /** This many links or more in one message: spam. */
  maxLinks: number
}

export const defaultSpamRules: SpamRules = {
  minFillMs: 3_000,
  maxTokenAgeMs: 7 * 24 * 60 * 60_000,
  maxLinks: 3,
}

/**
 * Alerts for each message that is not spam: an email over SMTP and/or a
 * JSON webhook. Sent by the outbox worker (server/notify/worker.ts).
 */
/** A mail server as the admin's Notifications screen saves it. */
export interface SmtpServer {
  host: string
  port: number
  /** `tls`: TLS from the start (465); `starttls`: upgraded, and required (587); `none`: plain (a local relay). */
  security: 'tls' | 'starttls' | 'none'
  user?: string
  password?: string
}

export interface AlertSettings {
  email?: {
    /** `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer's URL form): the environment's. */
    smtpUrl?: string
    /** Or the server saved in the admin. */
    smtp?: SmtpServer
    /** The owner's address; the profile's email when absent. */
    to?: string
    from: string
  }
  webhookUrl?: string
  /** The first retry waits this long; each next one twice as long, up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** How often the alert job runs, on whichever instance claims it (besides the kick after each message). */
  pollMs: number
  /** How long a claimed alert is left to its sender before another may take it. */
  leaseMs: number
  /** Gives up on one SMTP or webhook attempt after this long. */
  sendTimeoutMs: number
}

export const defaultAlertTiming = {
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  pollMs: 15_000,
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 30_000,
} as const

/** An S3-compatible bucket holding the uploaded images. */
export interface S3StorageConfig {
  kind: 's3'
  /** `https://s3.eu-west-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, … */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/**
 * Where uploaded images are kept (server/media/store.ts): a folder, by
 * default DATA_DIR/media (with either database), or an S3 bucket.
 */
export type MediaStorageConfig = { kind: 'folder'; dir: string } | S3StorageConfig

/** A TRUST_PROXY entry: an IPv4 or IPv6 address, with or without a /prefix. */
export function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (version === 4 ? 32 : 128)
}

/** Where the scholarly record's imports and citation counts come from, and how often. */
export interface ScholarlyConfig {
  crossrefUrl: string
  dataciteUrl: string
  arxivUrl: string
  orcidUrl: string
  openalexUrl: string
  /** The contact sent to OpenAlex and Crossref for their polite pools. */
  mailto?: string
  timeoutMs: number
  /** Tests: the fakes listen on loopback. */
  allowLoopback?: boolean
  /** How long a fetched count stays fresh before the job fetches it again. */
  refreshMs: number
  /** The job looks for due counts at least this often. */
  pollMs: number
  /** How long a claimed count is left to its fetcher before another instance may take it. */
  leaseMs: number
  /** After a failed fetch (not a 429), the count is tried again after this long. */
  retryMs: number
}

export const defaultScholarlyConfig: ScholarlyConfig = {
  crossrefUrl: 'https://api.crossref.org',
  dataciteUrl: 'https://api.datacite.org',
  arxivUrl: 'https://export.arxiv.org/api',
  orcidUrl: 'https://pub.orcid.org',
  openalexUrl: 'https://api.openalex.org',
  timeoutMs: 10_000,
  refreshMs: 24 * 60 * 60_000,
  pollMs: 5 * 60_000,
  leaseMs: 2 * 60_000,
  retryMs: 60 * 60_000,
}

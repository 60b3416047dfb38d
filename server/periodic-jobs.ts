/**
 * Every periodic job of this server, gathered from the features that
 * declare them; server/jobs/runner.ts runs them (docs/architecture.md,
 * "Periodic jobs", lists them, and a test keeps that list true). Add one:
 * declare it next to the work it does, then add it here.
 */
import { activityPubJobs } from './activitypub/delivery'
import {
  type ActivityPubSettings,
  type AlertSettings,
  type AppConfig,
  defaultSocialSettings,
  type GitHubSettings,
  type ScholarlyConfig,
} from './config'
import type { Db } from './db/client'
import type { Job } from './jobs/runner'
import type { Logger } from './log'
import type { MediaStore } from './media/store'
import { alertsJob } from './notify/worker'
import { type Analytics, analyticsFlushJob, analyticsSaltsJob } from './services/analytics'
import { deadSessionsJob } from './services/auth/sessions'
import { citationsRefreshJob } from './services/citations'
import { createGitHubApi, type GitHubApi } from './services/github/api'
import { githubRefreshJob } from './services/github/refresh-job'
import { newsletterJob } from './services/newsletter/sending'
import { publishNotesJob } from './services/note-publishing'
import { socialRepliesJob } from './services/social-replies'
import { trashPurgeJob } from './services/trash'
import { webmentionSendJob } from './services/webmention-sending'
import { webmentionVerifyJob } from './services/webmentions'

/**
 * Jobs added from outside the list (a test's preload module registers one
 * here before the server starts).
 */
export const extraJobs: Job[] = []

export interface JobSettings {
  sessionIdleMs: number
  mediaStore: MediaStore
  log: Logger
  /** This instance's page-view counts and how often they are written (0: at stop only); none: analytics off. */
  analytics?: { counts: Analytics; flushMs: number }
  /** The alerts' timing and the settings in effect at each run; none: no alert job here. */
  alerts?: {
    settings: AlertSettings
    current?: (db: Db) => Promise<AlertSettings>
    siteUrl: string
  }
  /** GitHub's API; none: no refresh (repositories wait). */
  github?: { settings: GitHubSettings; api?: GitHubApi }
  /** The scholarly services; none: citation counts are not refreshed here. */
  scholarly?: ScholarlyConfig
  /** The social web's jobs (Webmentions, replies from Mastodon and Bluesky); none: not run here. */
  social?: { config: AppConfig; siteUrl: string; kickAlerts?: () => void }
  /** The newsletter's settings and mail routes; none: no newsletter job here (emails wait). */
  newsletter?: { config: Pick<AppConfig, 'alerts' | 'secrets' | 'newsletter'>; siteUrl: string }
  /** ActivityPub's notes pass and delivery; none: nothing federates from here. */
  activitypub?: { siteUrl: string; settings: ActivityPubSettings }
}

/** Every job of this server, with the settings it runs under. */
export function serverJobs(settings: JobSettings): Job[] {
  const { analytics, alerts, github, newsletter } = settings
  return [
    publishNotesJob,
    ...(alerts ? [alertsJob(alerts)] : []),
    ...(github
      ? [
          githubRefreshJob({
            settings: github.settings,
            api: github.api ?? createGitHubApi(github.settings),
          }),
        ]
      : []),
    ...(newsletter ? [newsletterJob(newsletter)] : []),
    ...(settings.scholarly ? [citationsRefreshJob(settings.scholarly)] : []),
    ...(analytics ? [analyticsFlushJob(analytics.counts, analytics.flushMs)] : []),
    analyticsSaltsJob,
    deadSessionsJob(settings.sessionIdleMs),
    trashPurgeJob({ store: settings.mediaStore, log: settings.log }),
    ...(settings.social ? socialJobs(settings.social, settings.mediaStore) : []),
    ...(settings.activitypub
      ? activityPubJobs({ ...settings.activitypub, log: settings.log })
      : []),
    ...extraJobs,
  ]
}

/** The social web's jobs (docs/social-web.md). */
function socialJobs(social: NonNullable<JobSettings['social']>, mediaStore: MediaStore): Job[] {
  const settings = social.config.social ?? defaultSocialSettings
  const deps = { config: social.config, siteUrl: social.siteUrl, mediaStore }
  return [
    webmentionVerifyJob({ ...deps, pollMs: settings.verifyPollMs }),
    webmentionSendJob({ ...deps, pollMs: settings.sendPollMs }),
    // Due discussions are looked for every minute (each is fetched every `refreshMs`).
    socialRepliesJob({ ...deps, pollMs: Math.min(settings.refreshMs, 60_000) }),
  ]
}

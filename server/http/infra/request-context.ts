import type { AppConfig } from '../../config'
import type { Database } from '../../db/client'
import type { JobRunner } from '../../jobs/runner'
import type { Logger } from '../../log'
import type { MediaStore } from '../../media/store'
import { ALERTS_JOB } from '../../notify/worker'
import type { Analytics } from '../../services/analytics'
import { GITHUB_REFRESH_JOB } from '../../services/github/refresh-job'
import { NEWSLETTER_JOB } from '../../services/newsletter/sending'
import { type Context, createContextInner } from '../../trpc/context'
import { clientIp, createProxyWarning, isHttps, type PeerAddress } from './client-address'
import { deviceTokenOf } from './device-cookie'

export interface RequestContextOptions {
  database: Database
  config: AppConfig
  log: Logger
  mediaStore: MediaStore
  /** The public address, no trailing slash (absolute URLs of the site's own media count as its). */
  siteUrl?: string
  now: () => Date
  /** The request id the lifecycle gave the request. */
  requestIdOf: (request: Request) => string
  /** The address at the other end of the socket. */
  peerOf: PeerAddress
  /** This instance's jobs runner: the alert job and the GitHub refresh are kicked through it. */
  jobs?: JobRunner
  /** This instance's page-view counts (summaries write them first). */
  analytics?: Analytics
}

/**
 * The procedures' context for each kind of caller: a request through an
 * API door (its client address, token and device cookie), or the server
 * itself reading public content for a page or an SEO file (no token, no
 * client address).
 */
export function createRequestContexts(options: RequestContextOptions) {
  const { database, config, log, mediaStore, now, requestIdOf, peerOf, jobs, analytics } = options
  // Only the jobs this runner has: without an alert job, alerts wait in the outbox.
  const kickable = (name: string) => (jobs?.names.includes(name) ? jobs : undefined)
  const alerts = kickable(ALERTS_JOB)
  const github = kickable(GITHUB_REFRESH_JOB)
  const newsletter = kickable(NEWSLETTER_JOB)
  const { siteUrl } = options
  const trustProxy = config.trustProxy ?? 0
  const context = (requestId: string, ip: string, authorization: string | null): Context =>
    createContextInner({
      db: database.db,
      config,
      log,
      now,
      requestId,
      ip,
      authorization,
      mediaStore,
      siteUrl,
      databaseKind: database.kind,
      kickAlerts: alerts && (() => alerts.kick(ALERTS_JOB)),
      drainAlerts: alerts && (() => alerts.runNow(ALERTS_JOB)),
      flushAnalytics: analytics?.flush,
      kickGitHub: github && (() => github.kick(GITHUB_REFRESH_JOB)),
      kickNewsletter: newsletter && (() => newsletter.kick(NEWSLETTER_JOB)),
      kickJob: (name: string) => kickable(name)?.kick(name),
    })
  return {
    ofRequest: (request: Request): Context => ({
      ...context(
        requestIdOf(request),
        clientIp(request, peerOf(request), trustProxy),
        request.headers.get('authorization'),
      ),
      deviceToken: deviceTokenOf(request),
      https: isHttps(request, trustProxy, peerOf(request)),
      userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null,
    }),
    ofServer: (requestId: string) => context(requestId, 'server', null),
    /** Warns once when a proxy's headers arrive but TRUST_PROXY says there is none. */
    warnOfProxy: createProxyWarning(trustProxy, peerOf, log),
  }
}

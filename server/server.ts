/**
 * One server process, wired in one place: the database (opened, migrated
 * and prepared), the app, the jobs runner with every periodic job
 * (server/periodic-jobs.ts), the listening socket and the graceful stop.
 * `bun start` (server/main.ts) and the test harness (server/tests/support/harness.ts)
 * both build their server here; the harness calls `app.handle` instead of
 * listening and runs the jobs it needs by hand.
 */
import { type App, type AppDeps, createApp } from './app'
import { type AppConfig, defaultActivityPubSettings, defaultAlertTiming } from './config'
import type { Database } from './db/client'
import { readContentVersion } from './db/content-version'
import { appConfigFromEnv, type Env, mediaStorageFromEnv } from './env'
import { largestRequestBody } from './http/api/rest'
import { databaseFingerprint, type KeptStamp, writeKeptPages } from './http/infra/cache/kept-pages'
import { createJobRunner, type Job, type JobRunner } from './jobs/runner'
import type { Logger, LogLevel } from './log'
import { createMediaStore, type MediaStore } from './media/store'
import { serverJobs } from './periodic-jobs'
import { type Analytics, createAnalytics } from './services/analytics'
import type { GitHubApi } from './services/github/api'
import { alertSettingsInEffect } from './services/notification-settings'
import { prepareDatabase } from './setup'
import { unhandledResponse } from './trpc/errors'

export interface ServerOptions {
  env: Env
  log: Logger
  /** The database, or its opening under way (opened while the modules load). */
  database: Database | Promise<Database>
  /** Migrations, the profile seed, the first admin or set-up token (default on; tests prepare their own). */
  prepare?: boolean
  /** The request handlers' settings; the environment's by default. */
  config?: AppConfig
  /** Where uploads go; the environment's folder or bucket by default. */
  mediaStore?: MediaStore
  distDir: string
  ssr?: boolean
  cache?: AppDeps['cache']
  siteUrl?: string
  now?: () => Date
  backupToken?: string
  peerAddress?: AppDeps['peerAddress']
  /** Count page views and write them every `flushMs` (0: at stop only); the environment's by default. */
  analytics?: { flushMs: number } | false
  /** Send alerts for new messages (default: yes; the channels are read at each run). */
  alerts?: boolean
  /** Refresh GitHub data (default: when the configuration has GitHub settings). */
  github?: boolean
  /** Run the newsletter job (default: yes; nothing is sent without a mail server). */
  newsletter?: boolean
  /** The GitHub API the refresh reads (tests: the fake's); the configuration's by default. */
  githubApi?: GitHubApi
  /** The clock the jobs runner schedules with and hands its jobs (default: `now`). */
  jobsNow?: () => Date
  /**
   * Keep the cache's public pages for the next start when this server stops
   * (an embedded database in `dataDir`: server/http/infra/cache/kept-pages.ts),
   * with what this process started with.
   */
  keepPages?: {
    dataDir: string
    code: string
    environment: KeptStamp['environment']
    logLevel: LogLevel
  }
}

/**
 * The socket's settings. Past `maxRequestBodySize` Bun refuses a body itself;
 * below it the REST door's own limits answer with a sentence naming them
 * (http/infra/body.ts): 1 MB of JSON, 15 MB of image. Bun's defaults rather
 * than Elysia's: a port in use is an error, idle sockets close after 10 s.
 */
const socketSettings = {
  maxRequestBodySize: largestRequestBody + 1024 * 1024,
  idleTimeout: 10,
} as const

export interface Server {
  app: App
  database: Database
  config: AppConfig
  mediaStore: MediaStore
  /** Every periodic job of this process; `start()` runs them on their cadence. */
  jobs: JobRunner
  analytics?: Analytics
  /** When the database has no admin yet: the one-time set-up token. */
  setupToken?: string
  /**
   * Listens: Bun.serve, whose fetch answers a cache hit before Elysia's
   * handler (set as the app's server: handlers read the client's socket
   * address from it). `sharePort`: the kept pages' listener holds the port
   * (server/kept-pages-listener.ts); this socket joins it (SO_REUSEPORT)
   * and it then stops accepting.
   */
  listen(options: {
    port: number
    hostname: string
    sharePort?: boolean
  }): NonNullable<App['server']>
  /** One request through the listening socket's handler, a failure answered as the socket answers it (after `listen`). */
  handle(request: Request): Promise<Response>
  /** Starts the jobs runner. */
  start(): void
  /**
   * The graceful stop: no new connections and the requests under way
   * finished, the job under way told to stop and waited for (its lease let
   * go), the page views counted since the last flush written, the mail
   * connections closed, then the database.
   */
  stop(): Promise<void>
}

export async function createServer(options: ServerOptions): Promise<Server> {
  const { env, log } = options
  const database = await options.database
  let setupToken: string | undefined
  if (options.prepare !== false) {
    try {
      setupToken = (await prepareDatabase(database, env, log)).setupToken
    } catch (error) {
      await database.close()
      throw error
    }
  }
  const config = options.config ?? appConfigFromEnv(env)
  const mediaStore = options.mediaStore ?? createMediaStore(mediaStorageFromEnv(env))
  const now = options.now ?? (() => new Date())
  // As the app's: `http://localhost` when none is given.
  const siteUrl = options.siteUrl ?? 'http://localhost'
  const analyticsFlushMs =
    options.analytics === undefined
      ? env.ANALYTICS === 'on'
        ? env.ANALYTICS_FLUSH
        : undefined
      : options.analytics === false
        ? undefined
        : options.analytics.flushMs
  const analytics =
    analyticsFlushMs === undefined ? undefined : createAnalytics({ db: database.db, now, log })
  const githubSettings = options.github === false ? undefined : config.github
  const jobList: Job[] = serverJobs({
    sessionIdleMs: config.sessionIdleMs,
    mediaStore,
    log,
    analytics:
      analytics && analyticsFlushMs !== undefined
        ? { counts: analytics, flushMs: analyticsFlushMs }
        : undefined,
    // The alert job runs whether or not anything is set yet: the admin's settings may come at any time.
    alerts:
      options.alerts === false
        ? undefined
        : {
            settings: config.alerts ?? { ...defaultAlertTiming },
            current: (db) => alertSettingsInEffect(db, config, siteUrl),
            siteUrl,
          },
    github: githubSettings ? { settings: githubSettings, api: options.githubApi } : undefined,
    newsletter: options.newsletter === false ? undefined : { config, siteUrl },
    scholarly: config.scholarly,
    social: { config, siteUrl },
    activitypub: { siteUrl, settings: config.activitypub ?? defaultActivityPubSettings },
  })
  const jobs = createJobRunner({
    db: database.db,
    jobs: jobList,
    log,
    now: options.jobsNow ?? now,
    pollMs: env.JOBS_POLL,
  })
  const app = createApp({
    database,
    config,
    jobs,
    analytics,
    log,
    mediaStore,
    distDir: options.distDir,
    backupToken: options.backupToken,
    ssr: options.ssr,
    cache: options.cache,
    siteUrl: options.siteUrl,
    now: options.now,
    peerAddress: options.peerAddress,
  })
  let listening: NonNullable<App['server']> | undefined
  let listenedWith: { port: number; hostname: string } | undefined
  let stopping: Promise<void> | undefined

  /** The pages to keep for the next start: the cache's, for the content version now. */
  const pagesToKeep = async () => {
    const keep = options.keepPages
    if (!keep || !listenedWith) return undefined
    const version = await readContentVersion(database.db)
    const { period, pages } = app.keptPages.keep(version)
    if (pages.length === 0) return undefined
    const stamp: Omit<KeptStamp, 'database'> = {
      code: keep.code,
      environment: keep.environment,
      period,
      contentVersion: version,
      settings: {
        ...listenedWith,
        ...socketSettings,
        logLevel: keep.logLevel,
        corsOrigins: config.corsOrigins ?? [],
        trustProxy: config.trustProxy ?? 0,
      },
    }
    return { dataDir: keep.dataDir, stamp, pages }
  }

  const server: Server = {
    app,
    database,
    config,
    mediaStore,
    jobs,
    analytics,
    setupToken,
    listen({ port, hostname, sharePort }) {
      // Bun.serve called here rather than through Elysia's listen: a cache hit
      // is answered in the socket's own fetch, before Elysia's handler.
      const early = app.answerBeforeElysia()
      app.compile()
      const elysia = app.fetch
      const fetch = (request: Request) => early(request) ?? elysia(request)
      const error = (failure: Error) => unhandledResponse(failure, { log, requestId: null })
      listening = Bun.serve({
        port,
        hostname,
        development: false,
        reusePort: sharePort === true,
        ...socketSettings,
        error,
        fetch,
      })
      listenedWith = { port, hostname }
      server.handle = async (request) => {
        try {
          return await fetch(request)
        } catch (failure) {
          return error(failure instanceof Error ? failure : new Error(String(failure)))
        }
      }
      // Elysia's handlers read the client's socket address from it.
      app.server = listening
      return listening
    },
    handle: () => Promise.reject(new Error('the server is not listening yet')),
    start: () => jobs.start(),
    stop() {
      stopping ??= (async () => {
        // stop(false): refuse new connections, let in-flight requests finish.
        await listening?.stop(false)
        // The job under way ends (an alert being sent is marked; a GitHub fetch is stored;
        // a publishing run commits or rolls back); then the last page views are written.
        await jobs.stop()
        // Nothing writes any more: the pages of the content version now are kept,
        // and written once the database has closed (its fingerprint is read then).
        const kept = await pagesToKeep().catch((error: unknown) => {
          log.warn('could not keep the pages for the next start', { error: String(error) })
          return undefined
        })
        await database.close()
        if (kept) {
          try {
            const { dataDir, stamp, pages } = kept
            const count = writeKeptPages(
              dataDir,
              { ...stamp, database: databaseFingerprint(dataDir) },
              pages,
            )
            log.info('pages kept for the next start', { pages: count })
          } catch (error) {
            log.warn('could not keep the pages for the next start', { error: String(error) })
          }
        }
      })()
      return stopping
    },
  }
  return server
}

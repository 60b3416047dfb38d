// First: refuse an unsupported Bun before anything else runs.
import './bun-check'
import { resolve } from 'node:path'
import {
  createBackupToken,
  loopbackUrl,
  publishBackupAccess,
  withdrawBackupAccess,
} from './backup/access'
import { buildClient, viteBuildIsStale } from './build/client'
import type { Database } from './db/client'
import { DataDirLockedError } from './db/lock'
import { buildTemplate, templateDirIn, templateState } from './db/template'
import { appConfigFromEnv, ConfigError, loadEnv, mediaStorageFromEnv } from './env'
import { serverJobs } from './jobs'
import { startPostPublisher } from './jobs/publish-posts'
import { createJobRunner, type JobRunner } from './jobs/runner'
import { createLogger, errorDetails } from './log'
import { createMediaStore } from './media/store'
import { type AlertWorker, createAlertWorker } from './notify/worker'
import { type Analytics, createAnalytics } from './services/analytics'
import { prepareSignIn } from './services/auth/sign-in'
import { createGitHubApi } from './services/github/api'
import { createGitHubScheduler, type GitHubScheduler } from './services/github/scheduler'
import { openDatabaseFromEnv, prepareDatabase, setupBanner } from './setup'
import { unhandledResponse } from './trpc/errors'

const root = resolve(import.meta.dir, '..')
const distDir = resolve(root, 'dist')

async function main() {
  const env = loadEnv()
  const log = createLogger(env.LOG_LEVEL)
  // React picks its build from NODE_ENV when first loaded: set it before the
  // app (and with it the server renderer) is imported below.
  process.env.NODE_ENV = env.NODE_ENV

  // Signal handlers come first: Bun installs them asynchronously, and ones
  // registered right after Bun.serve() missed a SIGTERM sent just after the
  // "listening" line (the process died without closing the database or
  // releasing the DATA_DIR lock).
  let opening: Promise<Database> | undefined
  let server: ReturnType<typeof Bun.serve> | undefined
  let alerts: AlertWorker | undefined
  let analytics: Analytics | undefined
  let jobs: JobRunner | undefined
  let github: GitHubScheduler | undefined
  let publisher: { stop: () => Promise<void> } | undefined
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    withdrawBackupAccess(env.DATA_DIR)
    // stop(false): refuse new connections, let in-flight requests finish.
    await server?.stop(false)
    // The send under way finishes and is marked; the rest wait in the outbox.
    await alerts?.stop()
    // The job under way is told to stop and waited for; its lease is let go at the end of its run.
    await jobs?.stop()
    // The page views counted since the last flush, written before the database closes.
    await analytics?.stop()
    // A fetch under way finishes and is stored; a killed one is retried after its lease.
    await github?.stop()
    // A publishing run under way commits or rolls back; its posts stay due otherwise.
    await publisher?.stop()
    const database = await opening?.catch(() => undefined)
    await database?.close()
    log.info('stopped')
    log.flush?.()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  if (!env.SKIP_CLIENT_BUILD) {
    if (viteBuildIsStale(root, distDir)) {
      log.info('building the client (first start or sources changed)…')
      await buildClient(root, 'info')
    } else if (!env.DATABASE_URL && templateState(templateDirIn(distDir)) !== 'fresh') {
      log.info('making the database template (migrations changed)…')
      await buildTemplate(templateDirIn(distDir))
    }
  }

  // What does not need the database starts now and runs while it opens
  // (measured on a restart: about 0.25 s of the 0.7 s to the first answer).
  const modules = Promise.all([import('./app'), import('./http/api/rest')])
  // Awaited below; a failure here is reported there, not as an unhandled rejection.
  modules.catch(() => {})
  opening = openDatabaseFromEnv(env)
  const database = await opening
  if (database.createdFrom) {
    log.info('new data directory created from the database template', {
      dataDir: env.DATA_DIR,
      template: database.createdFrom.path,
      migrationsToApply: database.createdFrom.state === 'behind',
    })
  }
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>
  try {
    prepared = await prepareDatabase(database, env, log)
  } catch (error) {
    await database.close()
    throw error
  }

  // PGlite: `bun run backup` cannot open DATA_DIR while this server holds it,
  // so it asks this server, over loopback, with this token.
  const backupToken = database.kind === 'pglite' ? createBackupToken() : undefined
  const [{ createApp }, { largestRequestBody }] = await modules
  const mediaStore = createMediaStore(mediaStorageFromEnv(env))
  const config = appConfigFromEnv(env)
  alerts = config.alerts
    ? createAlertWorker({ db: database.db, settings: config.alerts, siteUrl: env.SITE_URL, log })
    : undefined
  analytics =
    env.ANALYTICS === 'on'
      ? createAnalytics({
          db: database.db,
          now: () => new Date(),
          log,
          flushMs: env.ANALYTICS_FLUSH,
        })
      : undefined
  const githubSettings = config.github
  github = githubSettings
    ? createGitHubScheduler({
        db: database.db,
        settings: githubSettings,
        api: createGitHubApi(githubSettings),
        log,
      })
    : undefined
  const app = createApp({
    database,
    config,
    alerts,
    analytics,
    github,
    log,
    mediaStore,
    distDir,
    backupToken,
    // Pages are rendered on the server; canonical URLs and the sitemap use SITE_URL.
    ssr: true,
    // Public pages and API reads are kept in memory until the content changes.
    cache: true,
    siteUrl: env.SITE_URL,
  })
  // Elysia's own listen: handlers get `server` (the client's socket address) from it.
  app.listen({
    port: env.PORT,
    hostname: env.HOST,
    // Past this Bun refuses a body itself; below it the REST door's own limits answer
    // with a sentence naming them (http/infra/body.ts): 1 MB of JSON, 15 MB of image.
    maxRequestBodySize: largestRequestBody + 1024 * 1024,
    // Bun's defaults rather than Elysia's: a port in use is an error, idle sockets close after 10 s.
    reusePort: false,
    idleTimeout: 10,
    error: (error) => unhandledResponse(error, { log, requestId: null }),
  })
  const listening = app.server
  if (!listening) throw new Error('the server did not start listening')
  server = listening
  // The dummy hash unknown usernames are checked against (~0.4 s of argon2id on
  // Bun's thread pool), made while the server already answers: every password
  // check waits for it (services/auth/sign-in.ts), known user or not, so no answer
  // tells the two apart.
  prepareSignIn().catch((error) => log.error('could not prepare sign-in', errorDetails(error)))
  if (backupToken) {
    const url = loopbackUrl(env.HOST, listening.port ?? env.PORT)
    if (url) publishBackupAccess(env.DATA_DIR, { pid: process.pid, url, token: backupToken })
    else {
      log.warn(
        '`bun run backup` cannot reach this server (HOST is not a loopback or wildcard address): stop the server to back up.',
      )
    }
  }
  // Alerts left pending by an earlier run (or another instance) go out now.
  alerts?.start()
  analytics?.start()
  jobs = createJobRunner({
    db: database.db,
    jobs: serverJobs({ sessionIdleMs: config.sessionIdleMs, files: { store: mediaStore, log } }),
    log,
    pollMs: env.JOBS_POLL,
  })
  jobs.start()
  // Repositories due (new, or not fetched for GITHUB_REFRESH) are fetched now, then every minute.
  github?.start()
  // Scheduled posts go live on time (claimed in the database: once, whichever instance runs first).
  publisher = startPostPublisher({ db: database.db, log })
  const address = `http://localhost:${listening.port}`
  log.info('listening', {
    url: address,
    database: database.kind,
    media: mediaStore.location,
  })
  if (prepared.setupToken) {
    const site = env.siteUrlSet ? env.SITE_URL : address
    const banner = setupBanner(site, prepared.setupToken)
    // The lines before it first (stdout is buffered), then the line for log readers,
    // then the same in plain words for the person who just typed `bun start`.
    log.flush?.()
    log.warn(banner.msg, { site, setup_url: banner.setupUrl })
    if (env.LOG_LEVEL !== 'silent') console.error(banner.text)
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        msg: 'start-up failed',
        ...errorDetails(error),
      }),
    )
  }
  process.exit(1)
})

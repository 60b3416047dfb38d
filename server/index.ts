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
import { createLogger, errorDetails } from './log'
import { createMediaStore } from './media/store'
import { messages } from './messages'
import { type AlertWorker, createAlertWorker } from './notify/worker'
import { type Analytics, createAnalytics } from './services/analytics'
import { prepareSignIn } from './services/auth'
import { openDatabaseFromEnv, prepareDatabase, setupBanner } from './setup'

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
    // The page views counted since the last flush, written before the database closes.
    await analytics?.stop()
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
  // The dummy hash unknown usernames are checked against: made before
  // listening, so the first such sign-in takes as long as any other.
  const signInReady = prepareSignIn()
  const modules = Promise.all([import('./app'), import('./rest/adapter')])
  // Awaited below; a failure here is reported there, not as an unhandled rejection.
  signInReady.catch(() => {})
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
  await signInReady
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
  const app = createApp({
    database,
    config,
    alerts,
    analytics,
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
  server = Bun.serve({
    port: env.PORT,
    hostname: env.HOST,
    fetch: (request) => app.handle(request),
    // Past this Bun refuses a body itself; below it the REST door's own limits answer
    // with a sentence naming them (http/body.ts): 1 MB of JSON, 15 MB of image.
    maxRequestBodySize: largestRequestBody + 1024 * 1024,
    error(error) {
      log.error('server error', errorDetails(error))
      return Response.json({ error: messages.internal }, { status: 500 })
    },
  })
  // Elysia hands handlers `server` (for the client's socket address) only when
  // it listens itself; without this, requestIP() had no server and every
  // client was "unknown".
  app.server = server
  if (backupToken) {
    const url = loopbackUrl(env.HOST, server.port ?? env.PORT)
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
  const listening = `http://localhost:${server.port}`
  log.info('listening', {
    url: listening,
    database: database.kind,
    media: mediaStore.location,
  })
  if (prepared.setupToken) {
    const site = env.siteUrlSet ? env.SITE_URL : listening
    const banner = setupBanner(site, prepared.setupToken)
    log.warn(banner.msg, { site, setup_url: banner.setupUrl })
    log.flush?.()
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

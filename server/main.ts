/**
 * The server's start, loaded by server/index.ts once the kept pages'
 * listener is up: env → db + migrations → seed → listen → graceful shutdown.
 */

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
import { ConfigError, loadEnv, variableNames } from './env'
import { environmentFingerprint, runtimeVariables } from './http/infra/cache/kept-pages'
import { startState } from './kept-pages-listener'
import { createLogger, errorDetails } from './log'
import type { Server } from './server'
import { prepareSignIn } from './services/auth/sign-in'
import { openDatabaseFromEnv, setupBanner } from './setup'

const root = resolve(import.meta.dir, '..')
/** How long after listening the jobs' first pass and the sign-in's dummy hash wait. */
const BACKGROUND_WORK_DELAY_MS = 1_000
const distDir = resolve(root, 'dist')
/** What the kept pages' stamp reads of the environment: the server's settings, the time zone and locale. */
const environmentNames = [...variableNames, ...runtimeVariables]
/** At a stop during the kept pages' hand-over: how long their thread may take to finish its requests. */
const HAND_OVER_WAIT_MS = 10_000

async function main() {
  const env = loadEnv()
  const kept = startState.listener
  const log = createLogger(env.LOG_LEVEL)
  if (startState.notUsed) log.info('kept pages not used', { reason: startState.notUsed })
  // React picks its build from NODE_ENV when first loaded: set it before the
  // app (and with it the server renderer) is imported below.
  process.env.NODE_ENV = env.NODE_ENV

  // Signal handlers come first: Bun installs them asynchronously, and ones
  // registered right after Bun.serve() missed a SIGTERM sent just after the
  // "listening" line (the process died without closing the database or
  // releasing the DATA_DIR lock).
  let opening: Promise<Database> | undefined
  let server: Server | undefined
  let stopping = false
  let backgroundWork: ReturnType<typeof setTimeout> | undefined
  let handingOver: Promise<void> | undefined
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    clearTimeout(backgroundWork)
    log.info('shutting down', { signal })
    withdrawBackupAccess(env.DATA_DIR)
    // Requests under way finish, the job under way ends, the last page views
    // are written, then the database closes (server/server.ts).
    if (server) {
      // The kept pages' thread finishes the requests it passed on before the server stops
      // (no longer than a connection may stay idle).
      if (handingOver) await Promise.race([handingOver, Bun.sleep(HAND_OVER_WAIT_MS)])
      kept?.close()
      await server.stop()
    } else {
      kept?.close()
      await (await opening?.catch(() => undefined))?.close()
    }
    log.info('stopped')
    log.flush?.()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  kept?.releaseSignals()

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
  const modules = import('./server')
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
  const { createServer } = await modules.catch(async (error: unknown) => {
    await database.close()
    throw error
  })
  // PGlite: `bun run backup` cannot open DATA_DIR while this server holds it,
  // so it asks this server, over loopback, with this token.
  const backupToken = database.kind === 'pglite' ? createBackupToken() : undefined
  server = await createServer({
    env,
    log,
    database,
    distDir,
    backupToken,
    // Pages are rendered on the server; canonical URLs and the sitemap use SITE_URL.
    ssr: true,
    // Public pages and API reads are kept in memory until the content changes.
    cache: true,
    siteUrl: env.SITE_URL,
    // The pages answered before the server was ready are counted after it is: their peer
    // address as it was then (their sockets may be gone).
    peerAddress: kept
      ? (request) => {
          const recorded = kept.peerOf(request)
          return recorded === undefined
            ? (server?.app.server?.requestIP(request)?.address ?? null)
            : recorded
        }
      : undefined,
    // An embedded database keeps the cache's pages for the next start (kept-pages-listener.ts).
    keepPages:
      startState.code === undefined || env.DATABASE_URL
        ? undefined
        : {
            dataDir: resolve(env.DATA_DIR),
            code: startState.code,
            environment: {
              names: environmentNames,
              hash: environmentFingerprint(environmentNames, startState.environment),
            },
            logLevel: env.LOG_LEVEL,
          },
  })
  // The port the kept pages' listener holds: this server joins it, and it stops accepting.
  const sharedPort = kept ? await kept.port : undefined
  if (kept) {
    // Valid only if the database's content version is still theirs: each lookup checks it.
    server.app.keptPages.adopt(kept.pages, kept.stamp.contentVersion, kept.stamp.period)
  }
  const listening = server.listen({
    port: sharedPort ?? env.PORT,
    hostname: env.HOST,
    sharePort: sharedPort !== undefined,
  })
  if (kept && sharedPort !== undefined) {
    handingOver = kept.handOver(server.handle, server.app.countAnswer).then((answered) => {
      log.info("the kept pages' listener has stopped", { answered })
    })
  } else kept?.close()
  const started = server
  // Work that can wait a moment waits: the first answers after a restart run
  // cold code, and on two cores these two beside them delayed the first by
  // about a tenth (docs/performance.md, "Where it stands").
  backgroundWork = setTimeout(() => {
    // The dummy hash unknown usernames are checked against (~0.4 s of argon2id on
    // Bun's thread pool): every password check waits for it, and starts it if it
    // is not yet under way (services/auth/sign-in.ts), known user or not, so no
    // answer tells the two apart.
    prepareSignIn().catch((error) => log.error('could not prepare sign-in', errorDetails(error)))
    // Every periodic job (server/periodic-jobs.ts): alerts left pending by an earlier run
    // go out now, repositories due are fetched, scheduled notes go live on time.
    started.start()
  }, BACKGROUND_WORK_DELAY_MS)
  if (backupToken) {
    const url = loopbackUrl(env.HOST, listening.port ?? env.PORT)
    if (url) publishBackupAccess(env.DATA_DIR, { pid: process.pid, url, token: backupToken })
    else {
      log.warn(
        '`bun run backup` cannot reach this server (HOST is not a loopback or wildcard address): stop the server to back up.',
      )
    }
  }
  const address = `http://localhost:${listening.port}`
  log.info('listening', {
    url: address,
    database: database.kind,
    media: server.mediaStore.location,
  })
  if (server.setupToken) {
    const site = env.siteUrlSet ? env.SITE_URL : address
    const banner = setupBanner(site, server.setupToken)
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

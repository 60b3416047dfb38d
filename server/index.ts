import { resolve } from 'node:path'
import { createApp } from './app'
import {
  createBackupToken,
  loopbackUrl,
  publishBackupAccess,
  withdrawBackupAccess,
} from './backup/access'
import { buildClient, clientBuildIsStale } from './build-client'
import type { Database } from './db/client'
import { DataDirLockedError } from './db/lock'
import { loadEnv } from './env'
import { createLogger, errorDetails } from './log'
import { openDatabaseFromEnv, prepareDatabase } from './setup'

const root = resolve(import.meta.dir, '..')
const distDir = resolve(root, 'dist')

async function main() {
  const env = loadEnv()
  const log = createLogger(env.LOG_LEVEL)

  // Signal handlers come first: Bun installs them asynchronously, and ones
  // registered right after Bun.serve() missed a SIGTERM sent just after the
  // "listening" line (the process died without closing the database or
  // releasing the DATA_DIR lock).
  let opening: Promise<Database> | undefined
  let server: ReturnType<typeof Bun.serve> | undefined
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    withdrawBackupAccess(env.DATA_DIR)
    // stop(false): refuse new connections, let in-flight requests finish.
    await server?.stop(false)
    const database = await opening?.catch(() => undefined)
    await database?.close()
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  if (process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildIsStale(root, distDir)) {
    log.info('building the client (first start or sources changed)…')
    await buildClient(root)
  }

  opening = openDatabaseFromEnv(env)
  const database = await opening
  try {
    await prepareDatabase(database, env, log)
  } catch (error) {
    await database.close()
    throw error
  }

  // PGlite: `bun run backup` cannot open DATA_DIR while this server holds it,
  // so it asks this server, over loopback, with this token.
  const backupToken = database.kind === 'pglite' ? createBackupToken() : undefined
  const app = createApp({
    database,
    config: {
      sessionTtlMs: env.SESSION_TTL,
      sessionIdleMs: env.SESSION_IDLE_TTL,
      trustProxy: env.TRUST_PROXY,
      corsOrigins: env.CORS_ORIGINS,
      contact: {
        perIp: env.CONTACT_MAX_PER_IP,
        windowMs: env.CONTACT_WINDOW,
        dailyCap: env.CONTACT_DAILY_CAP,
      },
    },
    log,
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
    maxRequestBodySize: 2 * 1024 * 1024,
    error(error) {
      log.error('server error', errorDetails(error))
      return Response.json(
        { error: 'Something went wrong on our side. Please try again later.' },
        { status: 500 },
      )
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
  log.info('listening', { url: `http://localhost:${server.port}`, database: database.kind })
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'))
  ) {
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

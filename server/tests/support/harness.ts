/**
 * Test harness: a real database per test file and the real app, called
 * through `app.handle(new Request(...))`. PGlite by default (each file starts
 * from a migrated template dumped once per process, which is fast); when
 * DATABASE_URL is set, a fresh PostgreSQL database per file (a copy of a migrated
 * template database), dropped after.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import postgres from 'postgres'
import type { AppDeps } from '../../app'
import { type AppConfig, defaultGitHubSettings, defaultScholarlyConfig } from '../../config'
import { type Database, migrateDatabase, migrationsFolder, openDatabase } from '../../db/client'
import * as schema from '../../db/schema'
import { loadEnv } from '../../env'
import { createLogger, type Logger } from '../../log'
import { createFolderStore } from '../../media/folder-store'
import type { MediaStore } from '../../media/store'
import { ALERTS_JOB } from '../../notify/worker'
import { createSecretBox } from '../../secret-box'
import { createServer } from '../../server'
import { setAdminPassword } from '../../services/auth/account'
import { GITHUB_REFRESH_JOB } from '../../services/github/refresh-job'
import { profileSeedFromEnv, seedProfile } from '../../services/profile'

export const ADMIN = { username: 'owner', password: 'correct horse battery staple' }

export const testEnv = loadEnv({
  OWNER_NAME: 'Ada Lovelace',
  OWNER_BIRTH_YEAR: '2003',
  OWNER_EMAIL: 'ada@example.com',
  OWNER_UNIVERSITY: 'Test University',
  OWNER_LINKEDIN_URL: 'https://www.linkedin.com/in/ada',
  OWNER_GITHUB_URL: 'https://github.com/ada',
  OWNER_PHOTO_URL: '/profile.svg',
})

let template: Promise<Blob> | undefined

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const client = await PGlite.create()
    await migrate(drizzle({ client }), { migrationsFolder })
    const dump = await client.dumpDataDir('none')
    await client.close()
    return dump
  })()
  return template
}

export const usingPostgres = Boolean(process.env.DATABASE_URL)

let postgresTemplateName: Promise<string> | undefined

/**
 * On PostgreSQL, a migrated database that each test file's database is copied from
 * (`CREATE DATABASE … TEMPLATE`), named by a hash of the migrations so that a new migration
 * makes a new one. Made once, under an advisory lock, by whichever process needs it first;
 * older ones are dropped then. Each copy is still migrated (a no-op that reads the journal),
 * so a template that missed a migration would be caught up, never silently used.
 */
function postgresTemplate(url: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const journal = readFileSync(join(migrationsFolder, 'meta', '_journal.json'))
    const hash = new Bun.CryptoHasher('sha256').update(journal).digest('hex').slice(0, 12)
    const name = `portfolio_tpl_${hash}`
    const admin = postgres(url, { max: 1, onnotice: () => {} })
    try {
      await admin`select pg_advisory_lock(4100217)`
      const [exists] = await admin`select 1 from pg_database where datname = ${name}`
      if (!exists) {
        const older = await admin<{ datname: string }[]>`
          select datname from pg_database where datname like 'portfolio_tpl_%'`
        for (const { datname } of older) await dropTestDatabase(url, datname)
        const building = `${name}_building`
        await dropTestDatabase(url, building)
        await admin.unsafe(`create database "${building}"`)
        const target = new URL(url)
        target.pathname = `/${building}`
        const database = await openDatabase({ kind: 'postgres', url: target.toString(), max: 1 })
        await migrateDatabase(database)
        await database.close()
        // Renamed only once complete: a run stopped half-way never leaves a half-made template.
        await admin.unsafe(`alter database "${building}" rename to "${name}"`)
      }
    } finally {
      await admin`select pg_advisory_unlock(4100217)`.catch(() => {})
      await admin.end()
    }
    return name
  })()
  return postgresTemplateName
}

/** A fresh, migrated database for one test file. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const database = await openDatabase({ kind: 'memory', loadDataDir: await pgliteTemplate() })
    await migrateDatabase(database)
    return database
  }
  const name = `portfolio_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const templateName = await postgresTemplate(url)
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}" template "${templateName}"`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), max: 5 })
  await migrateDatabase(database)
  return {
    ...database,
    close: async () => {
      await database.close()
      await dropTestDatabase(url, name)
    },
  }
}

/**
 * Drops a test database. WITH (FORCE) ends the connections left on it, but
 * PostgreSQL refuses (42501) when one of them is an autovacuum worker the
 * role may not signal (a test that wrote a lot): wait and try again, then
 * without FORCE once the worker is gone.
 */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await sql.unsafe(`drop database if exists "${name}"${attempt < 5 ? ' with (force)' : ''}`)
        return
      } catch (error) {
        if (attempt >= 9) throw error
        await Bun.sleep(250)
      }
    }
  } finally {
    await sql.end()
  }
}

/** A media store in a fresh temp folder, and how to remove it. */
export function tempMediaStore(): { store: MediaStore; dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-media-'))
  return {
    store: createFolderStore(dir),
    dir,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** A clock tests can move; the app reads time only through it. */
export type TestClock = ReturnType<typeof createClock>

export function createClock(start = new Date()) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms
    },
  }
}

export interface RequestOptions {
  body?: unknown
  token?: string | null
  headers?: Record<string, string>
  /** Send this exact text as the body (bypasses JSON encoding). */
  raw?: string
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One answer of the app, its body read once and offered typed. */
export interface TestResponse {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body, or null when there is none (or it is not JSON). */
  json: unknown
  /** The body as a JSON object; throws when it is not one. */
  readonly body: Record<string, unknown>
  /** The body as a JSON array; throws when it is not one. */
  readonly list: unknown[]
  /** `body.id` as a number; throws when it is not one. */
  readonly id: number
}

export async function toTestResponse(response: Response): Promise<TestResponse> {
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  const summary = () => `${response.status} ${text.slice(0, 500)}`
  return {
    status: response.status,
    headers: response.headers,
    text,
    json,
    get body() {
      if (!isRecord(json)) throw new Error(`expected a JSON object, got ${summary()}`)
      return json
    },
    get list() {
      if (!Array.isArray(json)) throw new Error(`expected a JSON array, got ${summary()}`)
      return json
    },
    get id() {
      const id = isRecord(json) ? json.id : undefined
      if (typeof id !== 'number') throw new Error(`expected a numeric id, got ${summary()}`)
      return id
    },
  }
}

/** Every row of every table, ordered: compare two snapshots to prove nothing changed. */
export async function snapshot(db: Database['db']) {
  return {
    projects: await db.select().from(schema.projects).orderBy(schema.projects.id),
    project_slugs: await db.select().from(schema.projectSlugs).orderBy(schema.projectSlugs.slug),
    timeline_events: await db
      .select()
      .from(schema.timelineEvents)
      .orderBy(schema.timelineEvents.id),
    messages: await db.select().from(schema.messages).orderBy(schema.messages.id),
    admin_users: await db.select().from(schema.adminUsers).orderBy(schema.adminUsers.id),
    sessions: await db.select().from(schema.sessions).orderBy(schema.sessions.id),
    profile: await db.select().from(schema.profile),
  }
}

/** A valid body for each kind of write, for tests that only need "some" content. */
export const sample = {
  project: (title = 'Sample Project') => ({
    title,
    description: 'A short description.',
    long_description: 'A longer description of the project.',
  }),
  event: (title = 'Sample Event') => ({ title, start_date: 'Jan 2024' }),
  message: () => ({ name: 'Grace', email: 'grace@example.com', message: 'Hello there!' }),
}

export async function createTestApp(
  options: {
    withAdmin?: boolean
    config?: Partial<AppConfig>
    database?: Database
    /** Render the pages on the server, as `bun start` does (off: the app shell). */
    ssr?: boolean
    /** The public address used for canonical URLs, the sitemap and robots.txt. */
    siteUrl?: string
    /** A client build to serve (with .vite/manifest.json); a stub app shell when absent. */
    distDir?: string
    /** Where uploads go; a fresh temp folder (removed by close()) when absent. */
    mediaStore?: MediaStore
    /** Keep public answers in the response cache, as the server does (off by default). */
    cache?: AppDeps['cache']
    /** Run the alert job (its channels from config.alerts or the saved settings): the jobs runner started here, stopped by close(). */
    alertWorker?: boolean
    /** Count page views (on by default; written by summaries, `analytics.flush()` and close()). */
    analytics?: boolean
    /** Run the GitHub refresh job (config.github must be set): kicked on save, `github.drain()`; never on a timer. */
    githubScheduler?: boolean
    /** Where the app's log lines go; silent when absent. */
    log?: Logger
    /** The socket's peer address of each request, as a listening server sees it (none by default). */
    peerAddress?: AppDeps['peerAddress']
    /**
     * Another test app's clock, for a second instance on the same database:
     * instances share the time, as NTP keeps real ones (a lease is taken on
     * the claimer's clock and judged on the others'). A new clock when absent.
     */
    clock?: TestClock
  } = {},
) {
  const database = options.database ?? (await freshDatabase())
  await seedProfile(database.db, profileSeedFromEnv(testEnv))
  if (options.withAdmin !== false) {
    await setAdminPassword(database.db, ADMIN.username, ADMIN.password)
  }
  const distDir = options.distDir ?? join(tmpdir(), `portfolio-dist-${process.pid}`)
  if (!options.distDir) {
    mkdirSync(distDir, { recursive: true })
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><title>app shell</title><div id="root"></div>',
    )
    writeFileSync(
      join(distDir, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
    )
  }
  const media = options.mediaStore
    ? { store: options.mediaStore, remove: () => {} }
    : tempMediaStore()
  const mediaStore = media.store
  const clock = options.clock ?? createClock()
  const config: AppConfig = {
    sessionTtlMs: 7 * 86_400_000,
    sessionIdleMs: 86_400_000,
    // Suites send many messages from one address; the limits have their own tests.
    contact: { perIp: 10_000, windowMs: 600_000, dailyCap: 100_000 },
    // Likewise searches (search-load.test.ts tests the limits).
    search: { perAddress: 10_000, windowMs: 60_000, concurrency: 2, perSecond: 10_000 },
    // Never the internet: GitHub is a closed loopback port unless a test serves a fake there.
    github: { ...defaultGitHubSettings, apiUrl: 'http://127.0.0.1:9' },
    // Likewise the scholarly services: a closed port unless a test serves fakes.
    scholarly: {
      ...defaultScholarlyConfig,
      crossrefUrl: 'http://127.0.0.1:9',
      dataciteUrl: 'http://127.0.0.1:9',
      arxivUrl: 'http://127.0.0.1:9',
      orcidUrl: 'http://127.0.0.1:9',
      openalexUrl: 'http://127.0.0.1:9',
      allowLoopback: true,
    },
    // The secrets saved in the admin, sealed under a key of the test's own.
    secrets: createSecretBox({ key: 'the test suites’ secrets key, 32 characters or more' }),
    ...options.config,
  }
  const log = options.log ?? createLogger('silent')
  // The server as `bun start` wires it (server/server.ts), without a socket:
  // requests go through app.handle, and the jobs runner is not started (tests
  // run jobs themselves), except the alert job's when asked for.
  const server = await createServer({
    env: testEnv,
    log,
    database,
    prepare: false,
    config,
    mediaStore,
    distDir,
    now: clock.now,
    ssr: options.ssr,
    siteUrl: options.siteUrl,
    cache: options.cache,
    peerAddress: options.peerAddress,
    analytics: options.analytics === false ? false : { flushMs: 0 },
    alerts: Boolean(options.alertWorker),
    github: Boolean(options.githubScheduler),
    // The outbox's rows carry real times (the alert tests wait for real retries):
    // with an alert job, the runner keeps real time; otherwise the test's clock.
    jobsNow: options.alertWorker ? () => new Date() : clock.now,
  })
  if (options.alertWorker) server.jobs.start()
  const { app, jobs, analytics } = server
  /** Runs one job now on this instance (after its run under way), as a kick does. */
  const runJob = (name: string) => (jobs.names.includes(name) ? jobs.runNow(name) : undefined)
  const alerts = options.alertWorker ? { drain: () => runJob(ALERTS_JOB) } : undefined
  const github =
    options.githubScheduler && config.github
      ? { drain: () => runJob(GITHUB_REFRESH_JOB) }
      : undefined

  async function request(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...opts.headers }
    let body: string | undefined
    if (opts.raw !== undefined) body = opts.raw
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] ??= 'application/json'
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    return toTestResponse(
      await app.handle(new Request(`http://localhost${path}`, { method, headers, body })),
    )
  }

  async function login(username = ADMIN.username, password = ADMIN.password): Promise<string> {
    const response = await request('POST', '/api/auth/login', { body: { username, password } })
    const token = isRecord(response.json) ? response.json.token : undefined
    if (response.status !== 200 || typeof token !== 'string') {
      throw new Error(`login failed: ${response.status} ${response.text}`)
    }
    return token
  }

  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    request,
    login,
    mediaStore,
    snapshot: () => snapshot(database.db),
    jobs,
    alerts,
    analytics,
    github,
    close: async () => {
      // The jobs stopped (the last page views written), then the database closed.
      await server.stop()
      media.remove()
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Every path under `dir` whose mode lets group or others in. */
export function loose(dir: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const stats = lstatSync(path)
    if ((stats.mode & 0o077) !== 0) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`)
    if (stats.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry))
  }
  walk(dir)
  return found
}

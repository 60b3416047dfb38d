import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { lockDataDir } from './lock'
import { pgliteStartParams } from './pglite-params'
import { openPgliteThread, type PgliteThread } from './pglite-thread'
import { makePrivateDir } from './private-dir'
import * as schema from './schema'
import { copyTemplate, type Template, templateFor } from './template'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname
/** Where the client build, and the PGlite template beside it (template.ts), live. */
export const defaultDistDir = new URL('../../dist', import.meta.url).pathname

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PGlite: the template a new DATA_DIR was unpacked from at this opening (none when it existed). */
  createdFrom?: { path: string; state: 'fresh' | 'behind' }
  /** Cheap liveness probe for /healthz. */
  ping(): Promise<void>
  /**
   * Runs `work` while holding the start-up lock: on PostgreSQL a session
   * advisory lock on a connection of its own, so instances started together
   * prepare the database one after the other (the first migrates, the
   * others find it done). PGlite has one process by construction (the
   * DATA_DIR lock): `work` just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  /**
   * A DATA_DIR. A new one is copied from the template in `distDir`
   * (dist/ by default; made first when missing or unusable), never made by
   * initdb in this process.
   */
  | { kind: 'pglite'; dataDir: string; distDir?: string }
  /** An in-memory PGlite, optionally started from a dumped data directory (tests). */
  | { kind: 'memory'; loadDataDir?: Blob }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Loaded for PostgreSQL only: postgres.js brings node:net, node:tls and
    // node:stream, ~50 ms of a PGlite start that needs none of them.
    const [{ default: postgres }, { drizzle: drizzlePostgres }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
    ])
    const sql = postgres(options.url, {
      max: options.max ?? 10,
      onnotice: () => {},
      // With the database unreachable, requests answer 503 within ~2 s (not hang) …
      connect_timeout: 2,
      idle_timeout: 30,
      // … and keep doing so however long the outage lasts, and service resumes
      // within a second of its return. postgres.js waits before reconnecting a
      // connection that failed, growing up to 20 s by default (3^retries / 100 s);
      // a request waits that long for it. Connections are opened on demand
      // only, so a short cap does not hammer a database that is down.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
    })
    const db: Db = drizzlePostgres({ client: sql, schema })
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await sql`select 1`
      },
      exclusive: async (work) => {
        // A client of its own (not one of the pool's connections: a pool of
        // one would wait for itself), closed with its session and the lock.
        const holder = postgres(options.url, { max: 1, onnotice: () => {}, connect_timeout: 10 })
        try {
          await holder`select pg_advisory_lock(${STARTUP_LOCK_KEY})`
          return await work()
        } finally {
          await holder.end({ timeout: 5 })
        }
      },
      close: () => sql.end({ timeout: 5 }),
    }
  }

  const release = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => {}
  let template: Template | undefined
  try {
    let client: PGlite | PgliteThread
    if (options.kind === 'pglite') {
      if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
        template = await templateFor(options.distDir ?? defaultDistDir)
        copyTemplate(template, options.dataDir)
      }
      // On a thread of its own: it opens while the server's modules load (pglite-thread.ts).
      client = await openPgliteThread(options.dataDir)
      // A new directory's files were just copied, as the template's modes.
      makePrivateDir(options.dataDir)
    } else {
      client = await PGlite.create({
        loadDataDir: options.loadDataDir,
        startParams: pgliteStartParams,
      })
    }
    // drizzle calls `query` and `transaction` only, which the thread's client answers alike.
    const db: Db = drizzlePglite({ client: client as PGlite, schema })
    return {
      db,
      kind: 'pglite',
      createdFrom: template && { path: template.path, state: template.state },
      ping: async () => {
        await client.query('select 1')
      },
      exclusive: (work) => work(),
      close: async () => {
        try {
          await client.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  } finally {
    template?.discard()
  }
}

/**
 * The advisory lock key instances take around start-up (migrations, seeding):
 * any 64-bit number no other program on the database uses; this one spells
 * "portfoli" in ASCII.
 */
export const STARTUP_LOCK_KEY = '8101820098923162729'

/**
 * Applies the SQL migrations in drizzle/ (idempotent; run at every start),
 * under the start-up lock.
 */
export function migrateDatabase(database: Database): Promise<void> {
  return database.exclusive(() => applyMigrations(database))
}

/** The migrations without the lock: for a caller that holds it already (`exclusive`). */
export async function applyMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: migratePostgres } = await import('drizzle-orm/postgres-js/migrator')
    await migratePostgres(database.db as never, { migrationsFolder })
  } else {
    await migratePglite(database.db as never, { migrationsFolder })
  }
}

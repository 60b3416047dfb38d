/**
 * Several instances started at the same moment on one empty PostgreSQL
 * database: each opens its own pool and prepares the database (migrations,
 * the owner's profile, the first admin) at once. Without a lock between
 * them the migrations collide (`pg_type_typname_nsp_index`, or a table
 * made twice) and an instance fails to start.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import postgres from 'postgres'
import { type Database, openDatabase } from '../../db/client'
import { createLogger } from '../../log'
import { prepareDatabase } from '../../setup'
import { cleanupChildren, freshPostgresUrl } from '../support/child-server'
import { ADMIN, testEnv, usingPostgres } from '../support/harness'

afterAll(cleanupChildren)

const migrationFiles = [
  ...new Bun.Glob('*.sql').scanSync(new URL('../../../drizzle', import.meta.url).pathname),
]

describe.skipIf(!usingPostgres)(
  'start-up of several instances on one empty PostgreSQL database',
  () => {
    test('five instances prepare it together: one migration run, one admin, all come up', async () => {
      for (let round = 0; round < 3; round++) {
        const url = await freshPostgresUrl()
        const instances: Database[] = []
        for (let i = 0; i < 5; i++)
          instances.push(await openDatabase({ kind: 'postgres', url, max: 3 }))
        const env = { ...testEnv, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }
        const log = createLogger('error')
        const results = await Promise.allSettled(
          instances.map((db) => prepareDatabase(db, env, log)),
        )
        await Promise.all(instances.map((db) => db.close()))
        const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))
        expect(failures).toEqual([])
        const sql = postgres(url, { max: 1, onnotice: () => {} })
        try {
          const [migrations] =
            await sql`select count(*)::int as n from drizzle.__drizzle_migrations`
          expect(migrations?.n).toBe(migrationFiles.length)
          const [admins] = await sql`select count(*)::int as n from admin_users`
          expect(admins?.n).toBe(1)
          const [profiles] = await sql`select count(*)::int as n from profile`
          expect(profiles?.n).toBe(1)
        } finally {
          await sql.end()
        }
      }
    }, 60_000)
  },
)

import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, openDatabase } from '../../db/client'
import { profile } from '../../db/schema'
import { pgErrorCode } from '../../services/rows'

/**
 * A DATA_DIR's PGlite runs on a Worker (server/db/pglite-thread.ts): every
 * statement crosses threads. What the app relies on, through drizzle as the
 * app calls it: rows and their types, transactions that commit or roll back
 * (nested ones too), one transaction at a time, Postgres errors with their
 * codes, and a database that is closed, kept, and opened again.
 */
const root = mkdtempSync(join(tmpdir(), 'portfolio-thread-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** What drizzle's `execute` answers on PGlite (its type says `unknown` for any driver). */
type Executed = { rows: Record<string, unknown>[] }

const rowsOf = async (database: Database, query: string) =>
  ((await database.db.execute(sql.raw(query))) as Executed).rows

describe('PGlite on its own thread', () => {
  const dataDir = join(root, 'data')
  let database: Database

  test('opens a new DATA_DIR and answers drizzle with typed rows', async () => {
    database = await openDatabase({ kind: 'pglite', dataDir })
    // The template's tables, through drizzle's query builder.
    expect(await database.db.select().from(profile).limit(1)).toEqual([])
    await database.db.execute(
      sql.raw(
        'create table thread_t (id serial primary key, name text unique, at timestamptz, n bigint, b bytea, j jsonb)',
      ),
    )
    await database.db.execute(
      sql`insert into thread_t (name, at, n, b, j) values (${'one'}, ${'2026-12-03T10:00:00Z'}, ${'9007199254740993'}, ${new Uint8Array([1, 2, 3])}, ${JSON.stringify({ a: [1, 'x'] })}::jsonb)`,
    )
    const [row] = await rowsOf(database, 'select name, at, n, b, j from thread_t')
    expect(row?.name).toBe('one')
    expect(String(row?.at)).toContain('2026-12-03 10:00:00')
    expect(String(row?.n)).toBe('9007199254740993')
    expect(Array.from((row?.b as Uint8Array | undefined) ?? [])).toEqual([1, 2, 3])
    expect(row?.j).toEqual({ a: [1, 'x'] })
  })

  test('a transaction commits; one whose callback throws is rolled back and its error comes back', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_t (name) values (${'two'})`)
    })
    const thrown = new Error('changed my mind')
    const outcome = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_t (name) values (${'three'})`)
        throw thrown
      })
      .catch((error: unknown) => error)
    expect(outcome).toBe(thrown)
    expect(
      (await rowsOf(database, 'select name from thread_t order by id')).map((r) => r.name),
    ).toEqual(['one', 'two'])
  })

  test('a nested transaction rolls back alone', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_t (name) values (${'four'})`)
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_t (name) values (${'five'})`)
          throw new Error('inner only')
        })
        .catch(() => {})
    })
    const names = (await rowsOf(database, 'select name from thread_t order by id')).map(
      (r) => r.name,
    )
    expect(names).toEqual(['one', 'two', 'four'])
  })

  test('transactions started together run one after the other', async () => {
    await database.db.execute(sql.raw('create table thread_counter (n int not null)'))
    await database.db.execute(sql.raw('insert into thread_counter values (0)'))
    await Promise.all(
      Array.from({ length: 8 }, () =>
        database.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql.raw('select n from thread_counter'))) as Executed
          const [row] = rows as { n: number }[]
          await Bun.sleep(1)
          await tx.execute(sql`update thread_counter set n = ${(row?.n ?? 0) + 1}`)
        }),
      ),
    )
    expect(await rowsOf(database, 'select n from thread_counter')).toEqual([{ n: 8 }])
  })

  test('a Postgres error keeps its code and words; the statement after it works', async () => {
    const error = await database.db
      .execute(sql`insert into thread_t (name) values (${'one'})`)
      .catch((caught: unknown) => caught)
    expect(pgErrorCode(error)).toBe('23505')
    expect(String((error as Error).cause ?? error)).toContain('duplicate key')
    const syntax = await database.db.execute(sql.raw('selec 1')).catch((caught: unknown) => caught)
    expect(pgErrorCode(syntax)).toBe('42601')
    expect(await rowsOf(database, 'select count(*)::int as c from thread_t')).toEqual([{ c: 3 }])
  })

  test('closed, its data is kept and the directory opens again', async () => {
    await database.close()
    const after = await rowsOf(database, 'select 1').catch((error: unknown) => error)
    expect(String((after as Error).cause)).toContain('The database is closed.')
    const again = await openDatabase({ kind: 'pglite', dataDir })
    expect(
      (await rowsOf(again, 'select name from thread_t order by id')).map((r) => r.name),
    ).toEqual(['one', 'two', 'four'])
    await again.close()
  })
})

/**
 * A new PGlite DATA_DIR is unpacked from the migrated template
 * (server/db/template.ts), not made by initdb in the server's process.
 * Observable facts, no timings: the opening reports the template it used;
 * (copied, not unpacked in the server: server/db/template.ts says why);
 * the new database has the template's system identifier (initdb draws a new
 * random one for every cluster it makes); the migrations are there before
 * any migration runs; the start's seeding works; the directory is private;
 * and the template is never served.
 */
import { afterAll, expect, test } from 'bun:test'
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, openDatabase } from '../../db/client'
import {
  currentMigrations,
  pgliteVersion,
  type TemplateInfo,
  templateDirIn,
  templateState,
} from '../../db/template'
import { createStaticHandler } from '../../http/pages/static'
import { createLogger } from '../../log'
import { prepareDatabase } from '../../setup'
import { loose, testEnv } from '../support/harness'

const root = mkdtempSync(join(tmpdir(), 'portfolio-template-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
// A dist/ of its own: the template is made there on first use (in a child process).
const distDir = join(root, 'dist')
const templateDir = templateDirIn(distDir)

async function systemIdentifier(database: Database): Promise<string> {
  const result = await database.db.execute(
    sql`select system_identifier::text as id from pg_control_system()`,
  )
  return String((result as unknown as { rows: { id: string }[] }).rows[0]?.id)
}

async function appliedMigrations(database: Database): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n)
}

test('a new DATA_DIR is copied from the migrated template, seeded at start, and private', async () => {
  expect(templateState(templateDir)).toBe('unusable') // none yet: made at the first opening
  const first = join(root, 'first')
  const database = await openDatabase({ kind: 'pglite', dataDir: first, distDir })
  expect(database.createdFrom).toEqual({ path: join(templateDir, 'data'), state: 'fresh' })
  expect(templateState(templateDir)).toBe('fresh')
  // Migrated before any migration ran in this process.
  expect(await appliedMigrations(database)).toBe(currentMigrations().length)
  // The same cluster as the template: initdb would have drawn a new
  // identifier. It is the first 8 bytes of global/pg_control.
  const templateId = readFileSync(join(templateDir, 'data', 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString()
  expect(await systemIdentifier(database)).toBe(String(templateId))

  await prepareDatabase(database, testEnv, createLogger('silent'))
  const profile = await database.db.execute(sql`select name from profile where id = 1`)
  expect((profile as unknown as { rows: { name: string }[] }).rows[0]?.name).toBe(
    testEnv.OWNER_NAME,
  )
  await database.close()
  expect(lstatSync(first).mode & 0o777).toBe(0o700)
  expect(loose(first)).toEqual([])

  // Reopened: the existing directory is used as it is, with its data.
  const again = await openDatabase({ kind: 'pglite', dataDir: first, distDir })
  expect(again.createdFrom).toBeUndefined()
  const kept = await again.db.execute(sql`select name from profile where id = 1`)
  expect((kept as unknown as { rows: { name: string }[] }).rows[0]?.name).toBe(testEnv.OWNER_NAME)
  await again.close()

  // A copy cut short (no PG_VERSION yet) is made again at the next start.
  const cut = join(root, 'cut')
  mkdirSync(join(cut, 'base'), { recursive: true })
  writeFileSync(join(cut, 'base', 'half-copied'), 'x')
  const retried = await openDatabase({ kind: 'pglite', dataDir: cut, distDir })
  expect(retried.createdFrom?.state).toBe('fresh')
  expect(await appliedMigrations(retried)).toBe(currentMigrations().length)
  await retried.close()

  // A second new directory comes from the same template (made once).
  const second = await openDatabase({ kind: 'pglite', dataDir: join(root, 'second'), distDir })
  expect(database.createdFrom?.path).toBe(second.createdFrom?.path)
  expect(await systemIdentifier(second)).toBe(String(templateId))
  await second.close()
}, 120_000)

test('the template is never served', () => {
  const handler = createStaticHandler(distDir)
  expect(handler.file('/.pglite/data/PG_VERSION')).toBeNull()
  expect(handler.file('/.pglite/template.json')).toBeNull()
})

test('a template behind the migrations is used (the start migrates); another PGlite’s or other migrations’ is not', () => {
  const dir = join(root, 'states')
  const write = (info: TemplateInfo) => {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    mkdirSync(join(dir, 'data'), { recursive: true })
    writeFileSync(join(dir, 'data', 'PG_VERSION'), '17\n')
    writeFileSync(join(dir, 'template.json'), JSON.stringify(info))
  }
  const migrations = currentMigrations()
  write({ pglite: pgliteVersion(), migrations })
  expect(templateState(dir)).toBe('fresh')
  write({ pglite: pgliteVersion(), migrations: migrations.slice(0, -1) })
  expect(templateState(dir)).toBe('behind')
  write({ pglite: '0.0.1', migrations })
  expect(templateState(dir)).toBe('unusable')
  write({ pglite: pgliteVersion(), migrations: ['0000_init:edited', ...migrations.slice(1)] })
  expect(templateState(dir)).toBe('unusable')
  write({ pglite: pgliteVersion(), migrations: [...migrations, '9999_future:x'] })
  expect(templateState(dir)).toBe('unusable')
})

import { afterAll, expect, test } from 'bun:test'
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrateDatabase, openDatabase } from '../../db/client'
import { loose } from '../support/harness'

const root = mkdtempSync(join(tmpdir(), 'portfolio-modes-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('a new DATA_DIR is 0700 and what was copied into it is private; a restart tightens the rest', async () => {
  const dataDir = join(root, 'new')
  const database = await openDatabase({ kind: 'pglite', dataDir })
  // Right after the start: the directory and every file in it are ours alone.
  expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
  expect(readdirSync(dataDir).length).toBeGreaterThan(3)
  expect(loose(dataDir)).toEqual([])
  await migrateDatabase(database)
  await database.db.execute('create table t (x text)')
  await database.db.execute("insert into t values ('secret')")
  await database.close()
  // Whatever PGlite wrote meanwhile sits in the 0700 directory; the next start tightens it.
  expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
  const again = await openDatabase({ kind: 'pglite', dataDir })
  expect(loose(dataDir)).toEqual([])
  await again.close()
})

test('an existing DATA_DIR with loose modes is tightened at start', async () => {
  const dataDir = join(root, 'old')
  mkdirSync(join(dataDir, 'pg_wal'), { recursive: true })
  writeFileSync(join(dataDir, 'pg_wal', 'leftover'), 'x')
  chmodSync(join(dataDir, 'pg_wal', 'leftover'), 0o666)
  chmodSync(join(dataDir, 'pg_wal'), 0o777)
  chmodSync(dataDir, 0o755)
  expect(loose(dataDir).length).toBe(3)
  const database = await openDatabase({ kind: 'pglite', dataDir })
  expect(loose(dataDir)).toEqual([])
  await database.close()
})

/**
 * Where a backup test's database lives (PGlite or PostgreSQL), for the CLI
 * (its environment) and for the test (opened and closed here), and a media
 * store of its own for reads of backups with no media.
 */
import { afterAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Backup } from '../../backup/format'
import { readBackup } from '../../backup/snapshot'
import { type Database, openDatabase } from '../../db/client'
import { createFolderStore } from '../../media/folder-store'
import { freshPostgresUrl, tempDir } from './child-server'

const emptyStores: string[] = []
/** A media store in a temp folder of its own, for reads of backups with no media. */
export function emptyStore() {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-backup-media-'))
  emptyStores.push(dir)
  return createFolderStore(dir)
}
afterAll(() => {
  for (const dir of emptyStores) rmSync(dir, { recursive: true, force: true })
})

export type Kind = 'pglite' | 'postgres'

/** Where a database lives, for the CLI (env) and for the test (open). */
export interface Target {
  kind: Kind
  env: Record<string, string>
  open(): Promise<Database>
}

export async function newTarget(kind: Kind): Promise<Target> {
  const dataDir = join(tempDir(`backup-${kind}`), 'data')
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
    }
  }
  const url = await freshPostgresUrl()
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openDatabase({ kind: 'postgres', url, max: 2 }),
  }
}

/** Every table of a backup, read straight from the database (opened and closed here). */
export async function tablesOf(target: Target): Promise<Backup['tables']> {
  const database = await target.open()
  try {
    return (await readBackup(database.db, database.kind, emptyStore())).tables
  } finally {
    await database.close()
  }
}

export function idsOf(rows: Array<{ id: number }>): number[] {
  return rows.map((row) => row.id)
}

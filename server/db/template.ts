/**
 * The PGlite template: a data directory made by initdb and migrated, dumped
 * once (at `bun run build`, or lazily by `bun start`) into
 * dist/.pglite/data, with what it was made from beside it
 * (template.json: the PGlite version and the migrations it holds). A new
 * DATA_DIR is created by copying it: creating a database with initdb
 * takes ~4 s and leaves the process holding ~660 MB more than opening one
 * (two WebAssembly PostgreSQL instances), so the server never runs it
 * itself. The template is made in a child process (`bun server/db/template.ts
 * <dir>`), whose memory goes back to the system when it exits.
 *
 * A template made before migrations were added still serves: the migrations
 * run at every start and apply the missing ones. One made by another PGlite
 * version, or from migrations that differ from the current ones, does not.
 */
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname

export interface TemplateInfo {
  /** The @electric-sql/pglite version that made it: its files are that version's PostgreSQL's. */
  pglite: string
  /** The migrations applied in it, in order: drizzle/meta/_journal.json's tags and their SQL's SHA-256. */
  migrations: string[]
}

export const templateDirIn = (distDir: string) => join(distDir, '.pglite')
const dataName = 'data'
const infoName = 'template.json'

export function pgliteVersion(): string {
  const entry = Bun.resolveSync('@electric-sql/pglite', import.meta.dir)
  let dir = dirname(entry)
  while (!existsSync(join(dir, 'package.json')) && dir !== dirname(dir)) dir = dirname(dir)
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
    .version
}

/** The current migrations, as a template records them. */
export function currentMigrations(folder = migrationsFolder): string[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  return journal.entries.map((entry) => {
    const sql = readFileSync(join(folder, `${entry.tag}.sql`))
    return `${entry.tag}:${createHash('sha256').update(sql).digest('hex')}`
  })
}

function readInfo(dir: string): TemplateInfo | null {
  try {
    return JSON.parse(readFileSync(join(dir, infoName), 'utf8')) as TemplateInfo
  } catch {
    return null
  }
}

export type TemplateState = 'fresh' | 'behind' | 'unusable'

/**
 * 'fresh': made by this PGlite from exactly the current migrations;
 * 'behind': usable, the migrations at start add what it lacks;
 * 'unusable': missing, another PGlite version, or migrations that differ.
 */
export function templateState(dir: string): TemplateState {
  const info = readInfo(dir)
  if (!info || !existsSync(join(dir, dataName, 'PG_VERSION'))) return 'unusable'
  if (info.pglite !== pgliteVersion()) return 'unusable'
  const current = currentMigrations()
  if (info.migrations.length > current.length) return 'unusable'
  if (info.migrations.some((migration, i) => migration !== current[i])) return 'unusable'
  return info.migrations.length === current.length ? 'fresh' : 'behind'
}

/**
 * Makes the template in `dir` in a child process (initdb and the migrations
 * happen there, not in this process). Written beside and renamed, so a
 * reader never sees half a template.
 */
export async function buildTemplate(dir: string): Promise<void> {
  const child = Bun.spawn(['bun', import.meta.path, dir], {
    stdout: 'inherit',
    stderr: 'inherit',
    stdin: 'ignore',
  })
  const code = await child.exited
  if (code !== 0) throw new Error(`Making the database template failed (exit code ${code}).`)
}

export interface Template {
  /** The template's data directory: a cleanly closed, migrated PGlite cluster. */
  path: string
  state: 'fresh' | 'behind'
  /** Removes a template made in a temp folder for this start only. */
  discard(): void
}

/**
 * The template for a new DATA_DIR: the one in dist/.pglite when usable;
 * otherwise one made now, there (or, when dist/ cannot be written, in a temp
 * folder that is removed after use).
 */
export async function templateFor(distDir: string): Promise<Template> {
  let dir = templateDirIn(distDir)
  let temporary = false
  if (templateState(dir) === 'unusable') {
    try {
      mkdirSync(dir, { recursive: true })
      await buildTemplate(dir)
    } catch {
      dir = join(tmpdir(), `portfolio-template-${process.pid}`)
      temporary = true
      await buildTemplate(dir)
    }
  }
  const state = templateState(dir)
  if (state === 'unusable') throw new Error(`The database template in ${dir} is unusable.`)
  return {
    path: join(dir, dataName),
    state,
    discard: () => {
      if (temporary) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Copies the template's cluster into a new DATA_DIR with the file system's
 * own copy: nothing passes through this process's heap (PGlite's
 * `loadDataDir` reads a 41 MB tarball into memory and unpacks it in
 * JavaScript: measured 206–289 MB at rest afterwards, against 187 MB on an
 * existing directory). PG_VERSION comes last, and is what marks a directory
 * as holding a database: a copy cut short is made again at the next start.
 */
export function copyTemplate(template: Template, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  for (const entry of readdirSync(template.path)) {
    if (entry === 'PG_VERSION') continue
    cpSync(join(template.path, entry), join(dataDir, entry), { recursive: true, force: true })
  }
  copyFileSync(join(template.path, 'PG_VERSION'), join(dataDir, 'PG_VERSION'))
}

/**
 * initdb and the migrations in memory, a checkpoint, `dumpDataDir()`, then
 * the dump unpacked into `dir`/data on disk by PGlite and closed cleanly.
 */
async function makeTemplate(dir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = await PGlite.create()
  await migrate(drizzle({ client }), { migrationsFolder })
  // A checkpoint first: the dump then holds the tables, not a WAL to replay.
  await client.exec('checkpoint')
  const dump = await client.dumpDataDir('none')
  await client.close()
  mkdirSync(dir, { recursive: true })
  const suffix = `.${process.pid}.tmp`
  const data = join(dir, dataName + suffix)
  rmSync(data, { recursive: true, force: true })
  const onDisk = await PGlite.create({ dataDir: data, loadDataDir: dump })
  await onDisk.close()
  const info: TemplateInfo = { pglite: pgliteVersion(), migrations: currentMigrations() }
  writeFileSync(join(dir, infoName + suffix), `${JSON.stringify(info, null, 2)}\n`)
  rmSync(join(dir, dataName), { recursive: true, force: true })
  renameSync(data, join(dir, dataName))
  renameSync(join(dir, infoName + suffix), join(dir, infoName))
}

if (import.meta.main) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('usage: bun server/db/template.ts <dir>')
    process.exit(2)
  }
  await makeTemplate(dir)
}

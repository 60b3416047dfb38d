/**
 * Kept pages: the public pages the response cache held when the server
 * stopped, written to `DATA_DIR/kept-pages/` so that the next start can
 * answer them before its database has opened (server/kept-pages-listener.ts).
 *
 * They are exactly what the server would render again, or they are not used:
 * the stamp written beside them names everything a page is made from, and the
 * next start compares each part before answering anything.
 *
 * - the code: Bun's version and every source, migration and build file (path,
 *   size, modification time), as they were when the stopped server started;
 * - the environment: every variable the server reads (server/env.ts) and the
 *   time zone and locale, blank counting as unset, as it was when the
 *   stopped server started;
 * - the database: `global/pg_control` and the write-ahead log's files, read
 *   after the database closed. PostgreSQL rewrites `pg_control` at every
 *   opening and every shutdown checkpoint, so any process that opened the
 *   directory since (a restore, `bun run admin:password`, another server)
 *   changes it;
 * - the period: the year the pages were made in (they show an age).
 *
 * Only an embedded database (PGlite in DATA_DIR) keeps pages: on PostgreSQL
 * other instances write while this one is stopped. The files are read once:
 * the stamp is removed as it is read, so a start that fails, or a database
 * opened by anything else afterwards, never finds them again.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { setValue } from '../../../env-defaults'
import type { LogLevel } from '../../../log'
import type { ProxyTrust } from '../client-address'
import type { Bytes } from '../compress'

/** One page as the cache held it: its key, status, headers and bodies (the compressed ones as made). */
export interface KeptPage {
  /** The cache key: the page's address and its appearance (`#dark+fonts`), never a query. */
  key: string
  /** The request log's path. */
  path: string
  status: number
  /** The page's own headers (no transfer headers: those are made per answer). */
  headers: Record<string, string>
  body: Bytes
  br?: Bytes
  gzip?: Bytes
}

/** What the listener needs to answer as the server would, from the stopped server's settings. */
export interface KeptSettings {
  port: number
  hostname: string
  maxRequestBodySize: number
  idleTimeout: number
  logLevel: LogLevel
  corsOrigins: readonly string[]
  trustProxy: ProxyTrust
}

/** What the pages were made from (see the module's comment). */
export interface KeptStamp {
  code: string
  environment: { names: readonly string[]; hash: string }
  database: string
  period: string
  /** The database's content version the pages belong to (the started server's cache checks it again). */
  contentVersion: number
  settings: KeptSettings
}

type Span = readonly [offset: number, length: number]

interface Manifest extends KeptStamp {
  format: typeof FORMAT
  bodies: { bytes: number; hash: string }
  pages: Array<{
    key: string
    path: string
    status: number
    headers: Record<string, string>
    body: Span
    br?: Span
    gzip?: Span
  }>
}

const FORMAT = 1
const FOLDER = 'kept-pages'
const MANIFEST = 'stamp.json'
const BODIES = 'bodies.bin'

/** The most a stop writes: the most recently used pages first. */
export const KEPT_LIMITS = { pages: 500, bytes: 32 * 1024 * 1024 }

const hashOf = (bytes: Uint8Array | string) => Bun.hash(bytes).toString(16)

/** What of the checkout the pages are made from: sources, migrations, the client build, Bun. */
const codeInputs = ['server', 'src', 'client', 'drizzle', join('dist', '.vite')]
const codeFiles = ['package.json', 'bun.lock', join('dist', 'index.html')]

/**
 * The code's fingerprint: Bun's version and revision, and the path, size and
 * modification time of every file the pages are made from (about 650 files:
 * 7 ms on two cores). The server's own tests are left out.
 */
export function codeFingerprint(root: string): string {
  const lines = [`bun ${Bun.version} ${Bun.revision}`]
  const add = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (stat?.isFile()) lines.push(`${relative(root, path)} ${stat.size} ${stat.mtimeMs}`)
  }
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (path !== join(root, 'server', 'tests')) walk(path)
      } else add(path)
    }
  }
  for (const input of codeInputs) walk(join(root, input))
  for (const file of codeFiles) add(join(root, file))
  return hashOf(lines.join('\n'))
}

/**
 * What the runtime itself reads from the environment that can change a
 * rendered page (a date's time zone, a default locale): fingerprinted beside
 * the server's own settings.
 */
export const runtimeVariables: readonly string[] = ['TZ', 'LANG', 'LC_ALL']

/** The environment's fingerprint over these variables; a blank value counts as unset (as server/env.ts reads it). */
export function environmentFingerprint(
  names: readonly string[],
  source: Record<string, string | undefined>,
): string {
  const lines = [...names].sort().map((name) => {
    const value = setValue(source[name])
    return value === undefined ? name : `${name}=${value}`
  })
  return hashOf(lines.join('\0'))
}

/** The database's fingerprint: `global/pg_control` and the WAL's files; empty when the directory holds no database. */
export function databaseFingerprint(dataDir: string): string {
  const control = join(dataDir, 'global', 'pg_control')
  if (!existsSync(control)) return ''
  const lines = [hashOf(readFileSync(control))]
  const wal = join(dataDir, 'pg_wal')
  if (existsSync(wal)) {
    for (const name of readdirSync(wal).sort()) {
      const stat = statSync(join(wal, name))
      lines.push(`${name} ${stat.size} ${stat.mtimeMs}`)
    }
  }
  return hashOf(lines.join('\n'))
}

/** Writes the pages and their stamp (bodies first, the stamp last, each by rename). */
export function writeKeptPages(dataDir: string, stamp: KeptStamp, pages: readonly KeptPage[]) {
  const folder = join(dataDir, FOLDER)
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const chunks: Uint8Array[] = []
  let offset = 0
  const span = (bytes: Bytes): Span => {
    chunks.push(bytes)
    const at: Span = [offset, bytes.byteLength]
    offset += bytes.byteLength
    return at
  }
  const listed: Manifest['pages'] = []
  for (const page of pages) {
    if (listed.length >= KEPT_LIMITS.pages) break
    const size = page.body.byteLength + (page.br?.byteLength ?? 0) + (page.gzip?.byteLength ?? 0)
    if (offset + size > KEPT_LIMITS.bytes) continue
    listed.push({
      key: page.key,
      path: page.path,
      status: page.status,
      headers: page.headers,
      body: span(page.body),
      br: page.br && span(page.br),
      gzip: page.gzip && span(page.gzip),
    })
  }
  const bodies = Buffer.concat(chunks)
  const manifest: Manifest = {
    format: FORMAT,
    ...stamp,
    bodies: { bytes: bodies.byteLength, hash: hashOf(bodies) },
    pages: listed,
  }
  const write = (name: string, data: string | Uint8Array) => {
    const path = join(folder, name)
    writeFileSync(`${path}.tmp`, data, { mode: 0o600 })
    renameSync(`${path}.tmp`, path)
  }
  write(BODIES, bodies)
  write(MANIFEST, JSON.stringify(manifest))
  return listed.length
}

/** What a start compares the stamp with: this checkout's, this environment's and this directory's. */
export interface KeptExpectation {
  code: string
  environment: (names: readonly string[]) => string
  database: string
  period: string
}

export type KeptPagesRead =
  | { kind: 'none' }
  | { kind: 'stale'; reason: string }
  | { kind: 'kept'; stamp: KeptStamp; pages: KeptPage[] }

/**
 * The pages kept in `dataDir`, when their stamp matches; either way the
 * files are removed (they are used at most once).
 */
export function takeKeptPages(dataDir: string, expected: KeptExpectation): KeptPagesRead {
  const folder = join(dataDir, FOLDER)
  const manifestPath = join(folder, MANIFEST)
  if (!existsSync(manifestPath)) return { kind: 'none' }
  let text: string
  let bodies: Buffer
  try {
    text = readFileSync(manifestPath, 'utf8')
    bodies = readFileSync(join(folder, BODIES))
  } catch (error) {
    return { kind: 'stale', reason: `the files could not be read (${String(error)})` }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  let manifest: Manifest
  try {
    manifest = JSON.parse(text) as Manifest
  } catch {
    return { kind: 'stale', reason: 'the stamp is not JSON' }
  }
  const reason =
    manifest.format !== FORMAT
      ? 'written by another version of the format'
      : manifest.code !== expected.code
        ? 'the code changed since they were made'
        : manifest.environment.hash !== expected.environment(manifest.environment.names)
          ? 'the environment changed since they were made'
          : manifest.database !== expected.database
            ? 'the database changed since they were made'
            : manifest.period !== expected.period
              ? 'they were made in another year'
              : bodies.byteLength !== manifest.bodies.bytes ||
                  hashOf(bodies) !== manifest.bodies.hash
                ? 'their bodies do not match the stamp'
                : undefined
  if (reason) return { kind: 'stale', reason }
  const slice = (span: Span): Bytes =>
    new Uint8Array(bodies.buffer, bodies.byteOffset + span[0], span[1]) as Bytes
  const pages = manifest.pages.map(
    (page): KeptPage => ({
      key: page.key,
      path: page.path,
      status: page.status,
      headers: page.headers,
      body: slice(page.body),
      br: page.br && slice(page.br),
      gzip: page.gzip && slice(page.gzip),
    }),
  )
  const { format: _format, bodies: _bodies, pages: _pages, ...stamp } = manifest
  return { kind: 'kept', stamp, pages }
}

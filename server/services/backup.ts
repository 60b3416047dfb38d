/**
 * Backup and restore: the content (projects with every slug they have had,
 * timeline events, contact messages), the owner's profile and the admin users
 * (with their password hashes) as one JSON document. Sessions and abuse
 * counters are left out: a restore signs everyone out.
 *
 * Reading happens in one REPEATABLE READ, READ ONLY transaction, so a backup
 * is a consistent snapshot even while the server takes writes. Restoring
 * replaces everything in one transaction: all of it or nothing.
 *
 * With PGlite the running server holds the DATA_DIR lock, so `bun run backup`
 * asks the server itself: at start the server writes DATA_DIR/backup-access.json
 * (mode 0600: the same OS user only, who can read the database files anyway)
 * holding its pid, a loopback URL and a random token; `GET /internal/backup`
 * answers only requests from a loopback address, not relayed by a proxy,
 * carrying that token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { eventTypes } from '../../src/schemas/timeline'
import type { Database, Db } from '../db/client'
import {
  adminUsers,
  contactMessages,
  profile,
  projectSlugs,
  projects,
  timelineEvents,
} from '../db/schema'
import { isDatabaseUnavailable } from '../db/unavailable'
import { jsonError } from '../http/respond'
import { bumpContentVersion } from './content-version'

export const BACKUP_FORMAT = 'portfolio-backup'
export const BACKUP_VERSION = 1

// ---------------------------------------------------------------------------
// The format

const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/

/** A date and time that exist (no 30 February, no year 0): PostgreSQL would refuse them. */
function isRealMoment(value: string): boolean {
  const parts = isoPattern.exec(value)?.slice(1, 7).map(Number)
  if (!parts) return false
  const [year = 0, month = 0, day = 0, hour = 99, minute = 99, second = 99] = parts
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
  return year >= 1 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59
}

const timestamp = z
  .string()
  .regex(isoPattern, 'must be an ISO 8601 timestamp like 2024-01-31T12:00:00.000000Z')
  .refine(isRealMoment, 'is not a real date and time')
const text = z.string().refine((value) => !value.includes('\0'), 'must not contain NUL characters')
const id = z.number().int().min(1).max(2_147_483_647)

const rowSchemas = {
  profile: z.strictObject({
    id: z.literal(1),
    name: text,
    birth_year: z.number().int().min(1900).max(2100),
    email: text,
    university: text,
    major: text,
    focus: text,
    minor: text,
    headline: text,
    linkedin_url: text,
    github_url: text,
    photo_url: text,
    created_at: timestamp,
    updated_at: timestamp,
  }),
  admin_users: z.strictObject({
    id,
    username: text.min(1),
    password_hash: text.min(1),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  projects: z.strictObject({
    id,
    slug: text.min(1),
    title: text,
    description: text,
    long_description: text,
    website_url: text.nullable(),
    image_urls: z.array(text),
    tags: z.array(text),
    is_featured: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  project_slugs: z.strictObject({
    slug: text.min(1),
    project_id: id,
    created_at: timestamp,
  }),
  timeline_events: z.strictObject({
    id,
    title: text,
    start_date: text,
    end_date: text.nullable(),
    position: text,
    icon_path: text.nullable(),
    description: z.array(text),
    event_type: z.enum(eventTypes),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  contact_messages: z.strictObject({
    id,
    name: text,
    email: text,
    message: text,
    created_at: timestamp,
    updated_at: timestamp,
  }),
}

const tablesSchema = z.strictObject({
  profile: z.array(rowSchemas.profile).length(1, 'must hold exactly one row'),
  admin_users: z.array(rowSchemas.admin_users),
  projects: z.array(rowSchemas.projects),
  project_slugs: z.array(rowSchemas.project_slugs),
  timeline_events: z.array(rowSchemas.timeline_events),
  contact_messages: z.array(rowSchemas.contact_messages),
})

export type BackupTables = z.infer<typeof tablesSchema>

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>()
  const repeated = new Set<T>()
  for (const value of values) (seen.has(value) ? repeated : seen).add(value)
  return [...repeated]
}

export const backupSchema = z
  .strictObject({
    format: z.literal(BACKUP_FORMAT, { error: `format must be "${BACKUP_FORMAT}"` }),
    version: z.literal(BACKUP_VERSION, {
      error: `version must be ${BACKUP_VERSION} (this program reads version ${BACKUP_VERSION} only)`,
    }),
    created_at: timestamp,
    /** The database it was taken from, for information. */
    source: z.enum(['pglite', 'postgres']).optional(),
    tables: tablesSchema,
  })
  .superRefine((backup, ctx) => {
    // What the database would refuse, caught before anything is touched.
    const t = backup.tables
    const fail = (path: string[], message: string) =>
      ctx.addIssue({ code: 'custom', path: ['tables', ...path], message })
    for (const [name, ids] of [
      ['admin_users', t.admin_users.map((row) => row.id)],
      ['projects', t.projects.map((row) => row.id)],
      ['timeline_events', t.timeline_events.map((row) => row.id)],
      ['contact_messages', t.contact_messages.map((row) => row.id)],
    ] as const) {
      const repeated = duplicates<number>(ids)
      if (repeated.length) fail([name], `duplicate ids: ${repeated.slice(0, 5).join(', ')}`)
    }
    const usernames = duplicates(t.admin_users.map((row) => row.username))
    if (usernames.length) fail(['admin_users'], `duplicate usernames: ${usernames.join(', ')}`)
    const current = duplicates(t.projects.map((row) => row.slug))
    if (current.length) fail(['projects'], `duplicate slugs: ${current.slice(0, 5).join(', ')}`)
    const slugs = duplicates(t.project_slugs.map((row) => row.slug))
    if (slugs.length) fail(['project_slugs'], `duplicate slugs: ${slugs.slice(0, 5).join(', ')}`)
    const projectIds = new Set(t.projects.map((row) => row.id))
    const owners = new Map(t.project_slugs.map((row) => [row.slug, row.project_id]))
    for (const [index, row] of t.project_slugs.entries()) {
      if (!projectIds.has(row.project_id)) {
        fail(['project_slugs', String(index)], `project ${row.project_id} does not exist`)
      }
    }
    for (const [index, row] of t.projects.entries()) {
      if (owners.get(row.slug) !== row.id) {
        fail(['projects', String(index)], `slug "${row.slug}" is missing from project_slugs`)
      }
    }
  })

export type Backup = z.infer<typeof backupSchema>

export class BackupFormatError extends Error {}

/** Parses and checks a backup file's text; a BackupFormatError says what is wrong. */
export function parseBackup(content: string): Backup {
  let value: unknown
  try {
    value = JSON.parse(content)
  } catch (error) {
    throw new BackupFormatError(`it is not JSON (${(error as Error).message})`)
  }
  const result = backupSchema.safeParse(value)
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((issue) => {
      const path = issue.path.map(String).join('.')
      return path ? `${path}: ${issue.message}` : issue.message
    })
    const more = result.error.issues.length - issues.length
    throw new BackupFormatError(`${issues.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`)
  }
  return result.data
}

export function serializeBackup(backup: Backup): string {
  return `${JSON.stringify(backup, null, 2)}\n`
}

export function backupSummary(tables: BackupTables): string {
  return [
    `${tables.projects.length} projects (${tables.project_slugs.length} slugs)`,
    `${tables.timeline_events.length} timeline events`,
    `${tables.contact_messages.length} contact messages`,
    `${tables.admin_users.length} admin users`,
    `${tables.profile.length} profile`,
  ].join(', ')
}

// ---------------------------------------------------------------------------
// Reading and restoring

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A timestamptz as ISO 8601 in UTC with all six digits: nothing is rounded away. */
const iso = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

async function readTables(tx: Tx): Promise<BackupTables> {
  return {
    profile: await tx
      .select({
        id: sql<1>`${profile.id}`,
        name: profile.name,
        birth_year: profile.birth_year,
        email: profile.email,
        university: profile.university,
        major: profile.major,
        focus: profile.focus,
        minor: profile.minor,
        headline: profile.headline,
        linkedin_url: profile.linkedin_url,
        github_url: profile.github_url,
        photo_url: profile.photo_url,
        created_at: iso(profile.created_at),
        updated_at: iso(profile.updated_at),
      })
      .from(profile),
    admin_users: await tx
      .select({
        id: adminUsers.id,
        username: adminUsers.username,
        password_hash: adminUsers.password_hash,
        created_at: iso(adminUsers.created_at),
        updated_at: iso(adminUsers.updated_at),
      })
      .from(adminUsers)
      .orderBy(asc(adminUsers.id)),
    projects: await tx
      .select({
        id: projects.id,
        slug: projects.slug,
        title: projects.title,
        description: projects.description,
        long_description: projects.long_description,
        website_url: projects.website_url,
        image_urls: projects.image_urls,
        tags: projects.tags,
        is_featured: projects.is_featured,
        created_at: iso(projects.created_at),
        updated_at: iso(projects.updated_at),
      })
      .from(projects)
      .orderBy(asc(projects.id)),
    project_slugs: await tx
      .select({
        slug: projectSlugs.slug,
        project_id: projectSlugs.project_id,
        created_at: iso(projectSlugs.created_at),
      })
      .from(projectSlugs)
      .orderBy(asc(projectSlugs.project_id), asc(projectSlugs.created_at), asc(projectSlugs.slug)),
    timeline_events: await tx
      .select({
        id: timelineEvents.id,
        title: timelineEvents.title,
        start_date: timelineEvents.start_date,
        end_date: timelineEvents.end_date,
        position: timelineEvents.position,
        icon_path: timelineEvents.icon_path,
        description: timelineEvents.description,
        event_type: timelineEvents.event_type,
        created_at: iso(timelineEvents.created_at),
        updated_at: iso(timelineEvents.updated_at),
      })
      .from(timelineEvents)
      .orderBy(asc(timelineEvents.id)),
    contact_messages: await tx
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        created_at: iso(contactMessages.created_at),
        updated_at: iso(contactMessages.updated_at),
      })
      .from(contactMessages)
      .orderBy(asc(contactMessages.id)),
  }
}

/** A consistent snapshot of everything a backup holds (one read-only transaction). */
export async function readBackup(db: Db, source: Database['kind']): Promise<Backup> {
  const created_at = new Date().toISOString()
  const tables = await db.transaction(readTables, {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at, source, tables }
}

function chunks<T>(rows: T[], size = 200): T[][] {
  const out: T[][] = []
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size))
  return out
}

const at = (value: string) => sql`${value}::timestamptz`

/** Tables with a serial id whose sequence a restore moves past the restored rows. */
const serialTables = ['admin_users', 'projects', 'timeline_events', 'contact_messages', 'sessions']

/**
 * Replaces all content, the profile and the admin users with the backup's, in
 * one transaction. Sessions are dropped (everyone signs in again); throttle
 * counters are kept; the content version moves on (cached pages are dropped).
 * The id sequences continue after the restored rows.
 */
export async function restoreBackup(db: Db, backup: Backup): Promise<void> {
  const t = backup.tables
  await db.transaction(async (tx) => {
    // One statement, ACCESS EXCLUSIVE locks: a server writing to the same
    // PostgreSQL database waits for the restore instead of mixing in.
    await tx.execute(
      sql.raw(
        'truncate table sessions, admin_users, project_slugs, projects, timeline_events, contact_messages, profile',
      ),
    )
    for (const row of t.profile) {
      await tx
        .insert(profile)
        .values({ ...row, created_at: at(row.created_at), updated_at: at(row.updated_at) })
    }
    for (const rows of chunks(t.admin_users)) {
      await tx.insert(adminUsers).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    for (const rows of chunks(t.projects)) {
      await tx.insert(projects).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    for (const rows of chunks(t.project_slugs)) {
      await tx
        .insert(projectSlugs)
        .values(rows.map((row) => ({ ...row, created_at: at(row.created_at) })))
    }
    for (const rows of chunks(t.timeline_events)) {
      await tx.insert(timelineEvents).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    for (const rows of chunks(t.contact_messages)) {
      await tx.insert(contactMessages).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    // Servers on this database drop the public answers they cached.
    await bumpContentVersion(tx)
    for (const table of serialTables) {
      // The next id is max(id) + 1 (1 for an empty table).
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
        ),
      )
    }
  })
}

// ---------------------------------------------------------------------------
// Files

/**
 * Writes a file so that readers see the old content or the new, never a part:
 * a temp file in the same directory, flushed to disk, then renamed over.
 */
export function writeFileAtomic(path: string, content: string, mode = 0o600): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  const fd = openSync(temp, 'wx', mode)
  try {
    writeSync(fd, content)
    fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    unlinkSync(temp)
    throw error
  }
  closeSync(fd)
  try {
    renameSync(temp, path)
  } catch (error) {
    unlinkSync(temp)
    throw error
  }
  try {
    const dir = openSync(dirname(path), 'r')
    try {
      fsyncSync(dir) // the rename itself
    } finally {
      closeSync(dir)
    }
  } catch {
    // some platforms cannot fsync a directory
  }
}

/** `backup-YYYYMMDD-HHMMSS.json`, in UTC. */
export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-')
  return `backup-${stamp}.json`
}

// ---------------------------------------------------------------------------
// The running PGlite server's backup door

export const BACKUP_ACCESS_FILE = 'backup-access.json'
export const BACKUP_TOKEN_HEADER = 'x-backup-token'

export interface BackupAccess {
  pid: number
  /** Where the server answers on the loopback interface. */
  url: string
  token: string
}

const accessSchema = z.object({ pid: z.number().int(), url: z.string(), token: z.string() })

export function createBackupToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The URL a local tool uses to reach a server listening on `host`, or null when loopback cannot. */
export function loopbackUrl(host: string, port: number): string | null {
  const h = host.trim().toLowerCase()
  if (h === '' || h === '0.0.0.0' || h === 'localhost' || h.startsWith('127.')) {
    return `http://127.0.0.1:${port}`
  }
  if (h === '::' || h === '::1' || h === '[::]' || h === '[::1]') return `http://[::1]:${port}`
  return null
}

export function publishBackupAccess(dataDir: string, access: BackupAccess): void {
  writeFileAtomic(join(dataDir, BACKUP_ACCESS_FILE), `${JSON.stringify(access)}\n`, 0o600)
}

/** Removes the access file, if it is still this process's. */
export function withdrawBackupAccess(dataDir: string, pid = process.pid): void {
  const path = join(dataDir, BACKUP_ACCESS_FILE)
  if (readBackupAccess(dataDir)?.pid !== pid) return
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    const parsed = accessSchema.safeParse(
      JSON.parse(readFileSync(join(dataDir, BACKUP_ACCESS_FILE), 'utf8')),
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const a = address.toLowerCase()
  return a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.')
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * `GET /internal/backup`: the backup document, for `bun run backup` on the
 * same machine. Without a token configured (PostgreSQL, tests), from a
 * non-loopback address, or relayed by a proxy, it does not exist (404).
 */
export async function handleBackupRequest(
  request: Request,
  server: Bun.Server<unknown> | null,
  database: Database,
  token: string | undefined,
): Promise<Response> {
  const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) =>
    request.headers.has(name),
  )
  if (!token || relayed || !isLoopbackAddress(server?.requestIP(request)?.address)) {
    return jsonError(404, 'Not found.')
  }
  if (!sameSecret(request.headers.get(BACKUP_TOKEN_HEADER) ?? '', token)) {
    return jsonError(403, 'The backup token is missing or wrong.')
  }
  try {
    const backup = await readBackup(database.db, database.kind)
    return new Response(JSON.stringify(backup), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    })
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    return jsonError(
      503,
      'The service is temporarily unavailable. Please try again shortly.',
      {},
      {
        'retry-after': '5',
      },
    )
  }
}

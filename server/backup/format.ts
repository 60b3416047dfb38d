/**
 * The backup file: one JSON document holding the content (projects with every
 * slug they have had, timeline events, contact messages), the owner's profile
 * and the admin users (with their password hashes). Sessions and abuse
 * counters are left out.
 */
import { z } from 'zod'
import { eventTypes } from '../../src/schemas/timeline'

export const BACKUP_FORMAT = 'portfolio-backup'
export const BACKUP_VERSION = 1

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

/** `backup-YYYYMMDD-HHMMSS.json`, in UTC. */
export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-')
  return `backup-${stamp}.json`
}

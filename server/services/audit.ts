import { and, desc, gte, like, lt, or, type SQL } from 'drizzle-orm'
import type { AuditGroup, AuditPage } from '../../src/schemas/security'
import type { Db } from '../db/client'
import { auditLog } from '../db/schema'
import type { ServiceContext } from './context'

/** Entries are kept this long, then deleted. */
export const AUDIT_RETENTION_MS = 180 * 24 * 60 * 60_000

export interface AuditEvent {
  /** `auth.login`, `projects.update`…: see `auditGroupPrefixes`. */
  action: string
  actor?: string | null
  target?: string | null
  /** Redacted particulars: never a password, token, secret or code. */
  details?: Record<string, unknown>
}

/** What each filter of the audit screen matches: action prefixes. */
export const auditGroupPrefixes: Record<AuditGroup, string[]> = {
  sign_in: ['auth.'],
  two_factor: ['twoFactor.'],
  sessions: ['sessions.'],
  content: ['projects.', 'timeline.', 'profile.', 'media.', 'shareLinks.'],
  messages: ['contact.'],
  maintenance: ['admin.', 'backup.'],
}

/**
 * Records one entry, and deletes those past the retention in the same
 * breath (an index range that is nearly always empty: cheaper than a timer,
 * and right on every instance).
 */
export async function recordAudit(
  ctx: Pick<ServiceContext, 'db' | 'now'> & { ip?: string | null },
  event: AuditEvent,
): Promise<void> {
  const now = ctx.now()
  await ctx.db.insert(auditLog).values({
    created_at: now,
    action: event.action,
    ip: ctx.ip ?? null,
    actor: event.actor ?? null,
    target: event.target ?? null,
    details: event.details ?? {},
  })
  await purgeAudit(ctx.db, now)
}

/** Deletes entries older than the retention; answers how many. */
export async function purgeAudit(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(auditLog)
    .where(lt(auditLog.created_at, new Date(now.getTime() - AUDIT_RETENTION_MS)))
    .returning({ id: auditLog.id })
  return removed.length
}

export interface AuditFilter {
  group?: AuditGroup | undefined
  /** First day included, `YYYY-MM-DD` (UTC). */
  from?: string | undefined
  /** Last day included, `YYYY-MM-DD` (UTC). */
  to?: string | undefined
  /** Only entries with a smaller id (the next page). */
  before?: number | undefined
  limit?: number | undefined
}

const DAY_MS = 86_400_000

/** Newest first, `limit` (50) at a time; `next_before` leads to the older page. */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<AuditPage> {
  const limit = filter.limit ?? 50
  const conditions: SQL[] = []
  if (filter.group) {
    const prefixes = auditGroupPrefixes[filter.group].map((prefix) =>
      like(auditLog.action, `${prefix}%`),
    )
    const matches = or(...prefixes)
    if (matches) conditions.push(matches)
  }
  if (filter.from) conditions.push(gte(auditLog.created_at, new Date(`${filter.from}T00:00:00Z`)))
  if (filter.to) {
    conditions.push(
      lt(auditLog.created_at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)),
    )
  }
  if (filter.before) conditions.push(lt(auditLog.id, filter.before))
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  return {
    entries: page.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  }
}

/** Input keys whose values are never recorded, nor their names. */
const secretKey = /pass|token|secret|code|challenge|otp|cookie/i
const fieldName = /^[a-z][a-z0-9_]{0,39}$/i
/** The singular a procedure's router stands for, in a target ("project 3 …"). */
const nouns: Record<string, string> = {
  projects: 'project',
  timeline: 'event',
  media: 'image',
  contact: 'message',
  profile: 'profile',
  sessions: 'session',
  shareLinks: 'share link',
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const short = (value: string, max = 120) => (value.length > max ? `${value.slice(0, max)}…` : value)

/**
 * The entry of an admin write, from the procedure's path, its raw input and
 * its answer: the id and title it concerns, the names of the fields sent
 * (never their values, so nothing typed into a field can leak here, and
 * never a field named like a secret), and for an upload the file's size
 * and the type it was stored as.
 */
export function describeWrite(path: string, rawInput: unknown, output: unknown): AuditEvent {
  const details: Record<string, unknown> = {}
  let input: Record<string, unknown> = {}
  if (typeof FormData !== 'undefined' && rawInput instanceof FormData) {
    for (const [key, value] of rawInput.entries() as Iterable<[string, unknown]>) {
      if (value instanceof Blob) details.file = { bytes: value.size }
      else input[key] = value
    }
  } else if (isRecord(rawInput)) {
    input = rawInput
  }
  const out = isRecord(output) ? output : {}
  const idOf = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value)
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : undefined
  const id = idOf(out.id) ?? idOf(input.id)
  const titleOf = (record: Record<string, unknown>) =>
    [record.title, record.name, record.slug].find(
      (value): value is string => typeof value === 'string' && value !== '',
    )
  const title = titleOf(out) ?? titleOf(input)
  const fields = Object.keys(input)
    .filter((key) => key !== 'id' && fieldName.test(key) && !secretKey.test(key))
    .slice(0, 40)
  if (id !== undefined) details.id = id
  if (title) details.title = short(title)
  // What an upload turned out to be (read from its bytes, not the name it was sent with).
  if (typeof out.content_type === 'string') details.content_type = short(out.content_type, 50)
  if (fields.length) details.fields = fields
  // A count the answer gives (sessions revoked).
  if (typeof out.revoked === 'number') details.revoked = out.revoked
  const noun = nouns[path.split('.')[0] ?? ''] ?? null
  const target =
    noun && (id !== undefined || title)
      ? [noun, id === undefined ? null : String(id), title ? `"${short(title, 80)}"` : null]
          .filter(Boolean)
          .join(' ')
      : null
  return { action: path, target, details }
}

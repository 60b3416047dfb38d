import { and, desc, eq, getTableColumns, gte, like, lt, or, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { AuditGroup, AuditPage } from '../../src/schemas/security'
import type { ContentKind } from '../content/kind'
import { contentKinds } from '../content/registry'
import type { Db } from '../db/client'
import { auditLog, passkeys, profile, shareLinks } from '../db/schema'
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

/** The action prefixes of the content kinds whose entries fall under a filter. */
function kindRouters(group: AuditGroup): string[] {
  return contentKinds
    .filter((kind) => kind.audit.group === group)
    .map((kind) => `${kind.labels.router}.`)
}

/** What each filter of the audit screen matches: action prefixes. */
export const auditGroupPrefixes: Record<AuditGroup, string[]> = {
  sign_in: ['auth.', 'passkeys.'],
  two_factor: ['twoFactor.'],
  sessions: ['sessions.'],
  content: [
    ...kindRouters('content'),
    'profile.',
    'appearance.',
    'navigation.',
    'settings.',
    'shareLinks.',
    'cv.',
    'import.',
    'github.',
    'trash.',
    // The site's fediverse account: its settings and its followers.
    'activityPub.',
  ],
  // The messages and the alerts that announce them (a test alert).
  messages: [...kindRouters('messages'), 'notifications.', 'newsletter.'],
  maintenance: ['admin.', 'backup.', 'overview.'],
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

/** Column names never listed as changed: secrets by their name, and bookkeeping. */
const secretKey = /pass|token|secret|code|challenge|otp|cookie|hash|recovery/i
const bookkeeping = new Set(['id', 'created_at', 'updated_at', 'first_seen_at', 'last_seen_at'])
/** The singular a procedure's router stands for, in a target ("project 3 …"). */
const nouns: Record<string, string> = {
  ...Object.fromEntries(contentKinds.map((kind) => [kind.labels.router, kind.labels.auditNoun])),
  profile: 'profile',
  sessions: 'session',
  shareLinks: 'share link',
  trash: 'trash item',
  passkeys: 'passkey',
}

type Row = Record<string, unknown>
const first = async (rows: Promise<Row[]>): Promise<Row | undefined> => (await rows)[0]

/** A kind's stored row by id; a generated column (a note's search document) is never listed as changed. */
function kindRow(kind: ContentKind) {
  const source: PgTable = kind.table
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(source)).filter(([, column]) => !column.generated),
  )
  return async (db: Db, id: number | undefined): Promise<Row | undefined> =>
    id === undefined
      ? undefined
      : first(db.select(columns).from(source).where(eq(kind.table.id, id)).limit(1))
}

/**
 * The stored row an admin write of each router concerns, by id (the
 * profile: its one row): read before the write and after it, so the entry
 * names the columns whose value changed, not the fields a form sent. None
 * of these tables holds a secret; column names like one are left out anyway.
 */
const storedRows: Record<string, (db: Db, id: number | undefined) => Promise<Row | undefined>> = {
  ...Object.fromEntries(contentKinds.map((kind) => [kind.labels.router, kindRow(kind)])),
  shareLinks: async (db, id) =>
    id === undefined
      ? undefined
      : first(db.select().from(shareLinks).where(eq(shareLinks.id, id)).limit(1)),
  profile: async (db) => first(db.select().from(profile).limit(1)),
  // The name and flags only: the counter moves at each sign-in, the key is not worth listing.
  passkeys: async (db, id) =>
    id === undefined
      ? undefined
      : first(
          db
            .select({ id: passkeys.id, name: passkeys.name, rp_id: passkeys.rp_id })
            .from(passkeys)
            .where(eq(passkeys.id, id))
            .limit(1),
        ),
}

/** Routers whose rows have a title worth naming (a message's sender's name is not kept here). */
const titled = new Set([
  ...contentKinds.filter((kind) => kind.audit.titled).map((kind) => kind.labels.router),
  'shareLinks',
  'trash',
  'passkeys',
])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const short = (value: string, max = 120) => (value.length > max ? `${value.slice(0, max)}…` : value)

/** An id as a path parameter or a body sends it. */
export function idOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value)
    ? value
    : typeof value === 'string' && /^\d{1,10}$/.test(value)
      ? Number(value)
      : undefined
}

/** The raw input of a write as a record (a form upload: its text fields). */
function inputRecord(rawInput: unknown): { input: Row; file?: { bytes: number } } {
  if (typeof FormData !== 'undefined' && rawInput instanceof FormData) {
    const input: Row = {}
    let file: { bytes: number } | undefined
    for (const [key, value] of rawInput.entries() as Iterable<[string, unknown]>) {
      if (value instanceof Blob) file = { bytes: value.size }
      else input[key] = value
    }
    return file ? { input, file } : { input }
  }
  return { input: isRecord(rawInput) ? rawInput : {} }
}

/**
 * The row a write of this procedure concerns, as stored now (undefined:
 * the router keeps no such row, or the input names none: a create). Read
 * before the write and again after it (`describeWrite`'s `rows`).
 */
export async function storedRowOf(
  db: Db,
  path: string,
  rawInput: unknown,
  output?: unknown,
): Promise<Row | undefined> {
  const load = storedRows[path.split('.')[0] ?? '']
  if (!load) return undefined
  const out = isRecord(output) ? output : {}
  return load(db, idOf(out.id) ?? idOf(inputRecord(rawInput).input.id))
}

/** The columns whose stored value differs between two reads of a row, in the row's order. */
export function changedColumns(before: Row, after: Row): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  return Object.keys(after).filter(
    (key) => !bookkeeping.has(key) && !secretKey.test(key) && !same(before[key], after[key]),
  )
}

/** What the answer of some writes says about them (never a secret: none of these answers holds one). */
const outcomes: Record<string, (out: Row) => Row> = {
  'backup.restore': (out) => ({
    taken_at: out.created_at,
    tables: out.tables,
    media_files: out.media_files,
  }),
  'import.jsonResume': (out) => {
    const created = isRecord(out.created) ? out.created : {}
    const count = (value: unknown) => (Array.isArray(value) ? value.length : 0)
    return {
      created: { projects: count(created.projects), events: count(created.timeline) },
      profile_fields_filled: Array.isArray(out.profile) ? out.profile : [],
      skipped: count(out.skipped),
    }
  },
  'github.import': (out) => ({
    created: Array.isArray(out.created) ? out.created.length : 0,
    skipped: Array.isArray(out.skipped) ? out.skipped.length : 0,
  }),
  'github.refresh': (out) => ({
    updated: out.updated,
    unchanged: out.unchanged,
    unavailable: out.unavailable,
    failed: out.failed,
  }),
  'cv.upload': (out) => {
    const uploaded = isRecord(out.uploaded) ? out.uploaded : {}
    return {
      file_name: typeof uploaded.file_name === 'string' ? short(uploaded.file_name, 80) : null,
      bytes: uploaded.bytes,
    }
  },
  'notifications.test': (out) => ({
    channels: [
      ...(isRecord(out.email) && out.email.configured ? ['email'] : []),
      ...(isRecord(out.webhook) && out.webhook.configured ? ['webhook'] : []),
    ],
  }),
}

/**
 * The entry of an admin write, from the procedure's path, its raw input,
 * its answer and the row it concerns read before and after it (`rows`):
 * the id and title it concerns, the columns whose value changed (names,
 * never values, so nothing typed into a field can leak here; never a
 * column named like a secret), for an upload the file's size and the type
 * it was stored as, and for a restore, an import, a CV or a test alert
 * what their answer says.
 */
export function describeWrite(
  path: string,
  rawInput: unknown,
  output: unknown,
  rows: { before?: Row | undefined; after?: Row | undefined } = {},
): AuditEvent {
  const router = path.split('.')[0] ?? ''
  const details: Record<string, unknown> = {}
  const { input, file } = inputRecord(rawInput)
  if (file) details.file = file
  const out = isRecord(output) ? output : {}
  const id = idOf(out.id) ?? idOf(input.id)
  const titleOf = (record: Row | undefined) =>
    record
      ? [record.title, record.name, record.slug].find(
          (value): value is string => typeof value === 'string' && value !== '',
        )
      : undefined
  const title = titled.has(router)
    ? (titleOf(out) ?? titleOf(input) ?? titleOf(rows.after) ?? titleOf(rows.before))
    : undefined
  if (id !== undefined) details.id = id
  if (title) details.title = short(title)
  // What an upload turned out to be (read from its bytes, not the name it was sent with).
  if (typeof out.content_type === 'string') details.content_type = short(out.content_type, 50)
  if (rows.before && rows.after) details.fields = changedColumns(rows.before, rows.after)
  // A new order: the ids, first to last.
  if (path.endsWith('.reorder') && Array.isArray(input.ids)) {
    details.order = input.ids
      .map(idOf)
      .filter((value) => value !== undefined)
      .slice(0, 100)
  }
  // Which kind of item a Trash action concerns (project, image…).
  if (router === 'trash' && typeof input.kind === 'string') details.kind = short(input.kind, 20)
  // A count the answer gives (sessions revoked).
  if (typeof out.revoked === 'number') details.revoked = out.revoked
  const outcome = outcomes[path]
  if (outcome) Object.assign(details, outcome(out))
  const noun = nouns[router] ?? null
  const target =
    noun && (id !== undefined || title || router === 'profile')
      ? [noun, id === undefined ? null : String(id), title ? `"${short(title, 80)}"` : null]
          .filter(Boolean)
          .join(' ')
      : null
  return { action: path, target, details }
}

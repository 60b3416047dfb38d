/**
 * The backup file: one JSON document holding the content (projects with every
 * slug they have had, timeline events, contact messages), the owner's profile,
 * the admin users (with their password hashes and their second factor: the
 * TOTP secret and hashed recovery codes, so a restore keeps two-factor
 * sign-in on) and the media library: its rows, and every stored file
 * (base64) in `media_files`, so a restore on a new machine shows every
 * image. Sessions, sign-in challenges, trusted devices, abuse counters and
 * the audit log are left out. Version 4 added the share links and the
 * page-view counts (views per day and page, and each day's visitor hashes;
 * never the daily salt, which is gone once its day is over). Version 5
 * added the Trash (deleted items within their 30 days, a trashed image's
 * files in `media_files` too) and the revisions of projects and the
 * profile. Version 6 added the notes (posts, with their state: scheduled
 * time and the moment they went live, and every slug they have had). Version 7
 * added the appearance (the site style). Version 8 added the passkeys (their
 * public keys, counters and the site each was made for). Version 1
 * files (before the media library), version 2 (before two-factor sign-in)
 * version 3 (before the analytics), version 4 (before the Trash and
 * revisions: both come back empty), version 5 (before the notes: none) and
 * version 6 (before site styles: the default, minimal) and version 7 (before
 * passkeys: none) are still read.
 *
 * `backupTables` is the one list of what a file holds, in the order the rows
 * are inserted (parents first). Each table's rows are checked with a schema
 * derived from server/db/schema.ts by drizzle-zod, as the file stores them:
 * timestamps as ISO 8601 strings, text without NUL (PostgreSQL refuses it).
 */
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { ACCENT_PATTERN, DEFAULT_ACCENT } from '../../src/domain/accent'
import { isPlaceholder } from '../../src/domain/placeholder'
import { normalSitePath } from '../../src/domain/site-path'
import { siteStyleSchema } from '../../src/schemas/appearance'
import {
  adminUsers,
  analyticsViews,
  analyticsVisitors,
  appearance,
  contactMessages,
  cvFile,
  media,
  passkeys,
  postSlugs,
  posts,
  profile,
  projectSlugs,
  projects,
  revisions,
  shareLinks,
  timelineEvents,
  trash,
  twoFactor,
} from '../db/schema'
import { isDocumentKey, isMediaKey } from '../media/keys'
import {
  type FieldIssue,
  type RuleKind,
  revisionRuleKind,
  rowIssues,
  trashRuleKind,
} from './field-rules'

export const BACKUP_FORMAT = 'portfolio-backup'
/** What this program writes; it reads this one and the ones before it. */
export const BACKUP_VERSION = 8
const READABLE_VERSIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const

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

/** The type of `stored(schema)`. */
type Stored<S> = S extends z.ZodDate
  ? z.ZodString
  : S extends z.ZodNullable<infer I>
    ? z.ZodNullable<Stored<I>>
    : S extends z.ZodArray<infer E>
      ? z.ZodArray<Stored<E>>
      : S

/**
 * A column's schema as the file holds it: a timestamp is an ISO 8601 string,
 * text (alone or in an array) holds no NUL.
 */
function stored(schema: z.core.$ZodType): z.core.$ZodType {
  if (schema instanceof z.ZodDate) return timestamp
  if (schema instanceof z.ZodString) {
    return schema.refine((value) => !value.includes('\0'), 'must not contain NUL characters')
  }
  if (schema instanceof z.ZodNullable) return z.nullable(stored(schema.unwrap()))
  if (schema instanceof z.ZodArray) return z.array(stored(schema.element))
  return schema
}

/** A row of the file: a table's select schema (drizzle-zod), stored, with no other keys. */
function storedRow<S extends z.ZodRawShape>(select: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(select.shape).map(([key, schema]) => [key, stored(schema)]),
  )
  return z.strictObject(shape as { [K in keyof S]: Stored<S[K]> })
}

/** A table in the file: its rows' schema is the select schema `rows` (drizzle-zod), stored. */
function backupTable<T extends PgTable, S extends z.ZodRawShape>(entry: {
  table: T
  rows: z.ZodObject<S>
  /** The columns its rows are sorted by in the file. */
  order: AnyPgColumn[]
}) {
  return { ...entry, rows: storedRow(entry.rows) }
}

// What the file asks beyond the column types.
const positive = (id: z.ZodInt) => id.min(1)
const nonEmpty = (value: z.ZodString) => value.min(1)
/** The manual order (an int4 column), absent from files written before it. */
const sortOrder = z.number().int().min(-2_147_483_648).max(2_147_483_647).optional()

/** What a backup holds, parents before children: the order a restore inserts in. */
export const backupTables = {
  profile: backupTable({
    table: profile,
    rows: createSelectSchema(profile, {
      id: z.literal(1),
      birth_year: (year) => year.min(1900).max(2100),
    }).extend({
      // Files written before the accent colour: the migration's default.
      accent_color: z
        .string()
        .regex(ACCENT_PATTERN, 'must be a colour like #4f46e5')
        .default(DEFAULT_ACCENT),
      // Files written before the optional profile fields: the migration's defaults.
      show_age: z.boolean().default(true),
      bio: z.string().default(''),
      skills: z.array(z.string()).default([]),
      location: z.string().default(''),
      links: z.array(z.strictObject({ label: z.string(), url: z.string() })).default([]),
    }),
    order: [profile.id],
  }),
  // The site style (version 7); none: the default.
  appearance: backupTable({
    table: appearance,
    rows: createSelectSchema(appearance, { id: z.literal(1), style: siteStyleSchema }),
    order: [appearance.id],
  }),
  admin_users: backupTable({
    table: adminUsers,
    rows: createSelectSchema(adminUsers, {
      id: positive,
      username: nonEmpty,
      password_hash: nonEmpty,
    }),
    order: [adminUsers.id],
  }),
  // The second factor (secret, last step, hashed recovery codes): kept, so a
  // restore does not silently turn two-factor sign-in off.
  two_factor: backupTable({
    table: twoFactor,
    rows: createSelectSchema(twoFactor, { user_id: positive, secret: nonEmpty }),
    order: [twoFactor.user_id],
  }),
  // The passkeys (version 8): public keys and counters, no secret; each names its site.
  passkeys: backupTable({
    table: passkeys,
    rows: createSelectSchema(passkeys, {
      id: positive,
      user_id: positive,
      credential_id: nonEmpty,
      public_key: nonEmpty,
      rp_id: nonEmpty,
    }),
    order: [passkeys.id],
  }),
  projects: backupTable({
    table: projects,
    rows: createSelectSchema(projects, { id: positive, slug: nonEmpty }).extend(
      // Versions 1 and 2 were written before drafts, case studies and the manual order.
      {
        is_published: z.boolean().default(true),
        repo_url: z.string().nullable().default(null),
        role: z.string().nullable().default(null),
        period: z.string().nullable().default(null),
        sort_order: sortOrder,
      },
    ),
    order: [projects.id],
  }),
  project_slugs: backupTable({
    table: projectSlugs,
    rows: createSelectSchema(projectSlugs, { slug: nonEmpty, project_id: positive }),
    order: [projectSlugs.project_id, projectSlugs.created_at, projectSlugs.slug],
  }),
  timeline_events: backupTable({
    table: timelineEvents,
    rows: createSelectSchema(timelineEvents, { id: positive }).extend({
      sort_order: sortOrder,
    }),
    order: [timelineEvents.id],
  }),
  // The notes (version 6): the search document is generated, so not in the file.
  posts: backupTable({
    table: posts,
    rows: createSelectSchema(posts, { id: positive, slug: nonEmpty }).omit({ search: true }),
    order: [posts.id],
  }),
  post_slugs: backupTable({
    table: postSlugs,
    rows: createSelectSchema(postSlugs, { slug: nonEmpty, post_id: positive }),
    order: [postSlugs.post_id, postSlugs.created_at, postSlugs.slug],
  }),
  contact_messages: backupTable({
    table: contactMessages,
    rows: createSelectSchema(contactMessages, { id: positive }).extend({
      // Files written before the inbox: the migration's default, unread.
      status: createSelectSchema(contactMessages).shape.status.default('unread'),
    }),
    order: [contactMessages.id],
  }),
  media: backupTable({
    table: media,
    rows: createSelectSchema(media, {
      id: positive,
      key: (key) => key.refine(isMediaKey, 'must be a media key'),
      // Written into a CSS url("…") on public pages: a base64 WebP or PNG data: URL, nothing else.
      placeholder: (placeholder) =>
        placeholder.refine(
          isPlaceholder,
          'must be a base64 data:image/webp or data:image/png URL (at most 16 KB)',
        ),
      variants: z.array(
        z.strictObject({
          width: z.number().int().positive(),
          key: z.string().refine(isMediaKey, 'must be a media key'),
          content_type: z.string(),
          bytes: z.number().int().nonnegative(),
        }),
      ),
    }).extend({
      // Files written before media kept their file names: no name.
      name: z.string().default(''),
    }),
    order: [media.id],
  }),
  // The CV the owner uploaded (its file is in media_files); none: the generated one.
  cv_file: backupTable({
    table: cvFile,
    rows: createSelectSchema(cvFile, {
      id: z.literal(1),
      key: (key) => key.refine(isDocumentKey, 'must be a stored PDF key (<sha256>.pdf)'),
    }),
    order: [cvFile.id],
  }),
  // The owner's named share links and what was counted (version 4).
  share_links: backupTable({
    table: shareLinks,
    rows: createSelectSchema(shareLinks, {
      id: positive,
      code: (code) => code.regex(/^[a-z0-9]{6,32}$/, 'must be a share link code'),
      name: nonEmpty,
      target_path: (path) =>
        path.refine(
          (value) => normalSitePath(value) !== null,
          'must be a public page of this site (a path starting with a single / that stays on the site)',
        ),
    }),
    order: [shareLinks.id],
  }),
  analytics_views: backupTable({
    table: analyticsViews,
    rows: createSelectSchema(analyticsViews, {
      day: (day) => day.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2025-01-31'),
      views: (views) => views.min(0),
    }),
    order: [
      analyticsViews.day,
      analyticsViews.path,
      analyticsViews.referrer_host,
      analyticsViews.device,
      analyticsViews.share_link_id,
    ],
  }),
  analytics_visitors: backupTable({
    table: analyticsVisitors,
    rows: createSelectSchema(analyticsVisitors, {
      day: (day) => day.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2025-01-31'),
    }),
    order: [analyticsVisitors.day, analyticsVisitors.share_link_id, analyticsVisitors.visitor],
  }),
  // Deleted items within their 30 days, and earlier versions (version 5).
  trash: backupTable({
    table: trash,
    rows: createSelectSchema(trash, { item_id: positive, row: z.record(z.string(), z.unknown()) }),
    order: [trash.kind, trash.item_id],
  }),
  revisions: backupTable({
    table: revisions,
    rows: createSelectSchema(revisions, {
      id: positive,
      row: z.record(z.string(), z.unknown()),
    }),
    order: [revisions.id],
  }),
}

/** The stored files of the images in the Trash: kept in the store until they are removed for good. */
export function trashedMediaKeys(rows: { kind: string; row: Record<string, unknown> }[]): string[] {
  return rows
    .filter((item) => item.kind === 'image' && typeof item.row.key === 'string')
    .flatMap((item) => {
      const variants = Array.isArray(item.row.variants) ? item.row.variants : []
      return [
        String(item.row.key),
        ...variants
          .map((variant: unknown) =>
            typeof variant === 'object' && variant !== null && 'key' in variant
              ? String(variant.key)
              : '',
          )
          .filter(isMediaKey),
      ]
    })
    .filter(isMediaKey)
}

/** Every stored file of a media row: its full-size fallback and its variants. */
export function mediaKeysOf(row: { key: string; variants: { key: string }[] }): string[] {
  return [row.key, ...row.variants.map((variant) => variant.key)]
}

export type BackupTableName = keyof typeof backupTables
/** The names in `backupTables`, in its order. */
export const backupTableNames = Object.keys(backupTables) as BackupTableName[]

const tablesSchema = z.strictObject({
  profile: z.array(backupTables.profile.rows).length(1, 'must hold exactly one row'),
  // Files before version 7 were written before site styles: the default style.
  appearance: z.array(backupTables.appearance.rows).max(1, 'holds at most one row').default([]),
  admin_users: z.array(backupTables.admin_users.rows),
  // Files before version 3 were written before two-factor sign-in.
  two_factor: z.array(backupTables.two_factor.rows).default([]),
  // Files before version 8 were written before passkeys.
  passkeys: z.array(backupTables.passkeys.rows).default([]),
  projects: z.array(backupTables.projects.rows),
  project_slugs: z.array(backupTables.project_slugs.rows),
  timeline_events: z.array(backupTables.timeline_events.rows),
  // Files before version 6 were written before the notes.
  posts: z.array(backupTables.posts.rows).default([]),
  post_slugs: z.array(backupTables.post_slugs.rows).default([]),
  contact_messages: z.array(backupTables.contact_messages.rows),
  // Version 1 files were written before the media library.
  media: z.array(backupTables.media.rows).default([]),
  // Files written before the uploaded CV was kept hold none: the generated CV.
  cv_file: z.array(backupTables.cv_file.rows).max(1, 'holds at most one row').default([]),
  // Files before version 4 were written before the analytics.
  share_links: z.array(backupTables.share_links.rows).default([]),
  analytics_views: z.array(backupTables.analytics_views.rows).default([]),
  analytics_visitors: z.array(backupTables.analytics_visitors.rows).default([]),
  // Files before version 5 were written before the Trash and revisions.
  trash: z.array(backupTables.trash.rows).default([]),
  revisions: z.array(backupTables.revisions.rows).default([]),
})

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>()
  const repeated = new Set<T>()
  for (const value of values) (seen.has(value) ? repeated : seen).add(value)
  return [...repeated]
}

export const backupSchema = z
  .strictObject({
    format: z.literal(BACKUP_FORMAT, { error: `format must be "${BACKUP_FORMAT}"` }),
    version: z.literal(READABLE_VERSIONS, {
      error: `version must be ${READABLE_VERSIONS.join(' or ')} (this program reads those)`,
    }),
    created_at: timestamp,
    /** The database it was taken from, for information. */
    source: z.enum(['pglite', 'postgres']).optional(),
    tables: tablesSchema,
    /** The media files, base64, by key. */
    media_files: z
      .record(
        z.string().refine((key) => isMediaKey(key) || isDocumentKey(key), 'must be a media key'),
        z.base64(),
      )
      .default({}),
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
      ['media', t.media.map((row) => row.id)],
      ['posts', t.posts.map((row) => row.id)],
      ['share_links', t.share_links.map((row) => row.id)],
    ] as const) {
      const repeated = duplicates<number>(ids)
      if (repeated.length) fail([name], `duplicate ids: ${repeated.slice(0, 5).join(', ')}`)
    }
    const codes = duplicates(t.share_links.map((row) => row.code))
    if (codes.length) fail(['share_links'], `duplicate codes: ${codes.slice(0, 5).join(', ')}`)
    const viewKeys = duplicates(
      t.analytics_views.map((row) =>
        [row.day, row.path, row.referrer_host, row.device, row.share_link_id].join('\n'),
      ),
    )
    if (viewKeys.length) fail(['analytics_views'], 'a day, page, referrer, device and link twice')
    const visitorKeys = duplicates(
      t.analytics_visitors.map((row) => [row.day, row.share_link_id, row.visitor].join('\n')),
    )
    if (visitorKeys.length) fail(['analytics_visitors'], 'a visitor twice on one day and link')
    const hashes = duplicates(t.media.map((row) => row.hash))
    if (hashes.length) fail(['media'], `duplicate hashes: ${hashes.slice(0, 5).join(', ')}`)
    for (const [index, row] of t.media.entries()) {
      const missing = mediaKeysOf(row).filter((key) => !Object.hasOwn(backup.media_files, key))
      if (missing.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['tables', 'media', String(index)],
          message: `its files are missing from media_files: ${missing.join(', ')}`,
        })
      }
    }
    const trashed = duplicates(t.trash.map((row) => `${row.kind} ${row.item_id}`))
    if (trashed.length) fail(['trash'], `duplicate items: ${trashed.slice(0, 5).join(', ')}`)
    const missingTrashed = trashedMediaKeys(t.trash).filter(
      (key) => !Object.hasOwn(backup.media_files, key),
    )
    if (missingTrashed.length) {
      fail(['trash'], `files missing from media_files: ${missingTrashed.slice(0, 5).join(', ')}`)
    }
    for (const [index, row] of t.cv_file.entries()) {
      if (!Object.hasOwn(backup.media_files, row.key)) {
        fail(['cv_file', String(index)], `its file is missing from media_files: ${row.key}`)
      }
    }
    const userIds = new Set(t.admin_users.map((row) => row.id))
    for (const [index, row] of t.two_factor.entries()) {
      if (!userIds.has(row.user_id)) {
        fail(['two_factor', String(index)], `admin user ${row.user_id} does not exist`)
      }
    }
    const factors = duplicates(t.two_factor.map((row) => row.user_id))
    if (factors.length) fail(['two_factor'], `duplicate user ids: ${factors.join(', ')}`)
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
    const postSlugsNow = duplicates(t.posts.map((row) => row.slug))
    if (postSlugsNow.length)
      fail(['posts'], `duplicate slugs: ${postSlugsNow.slice(0, 5).join(', ')}`)
    const allPostSlugs = duplicates(t.post_slugs.map((row) => row.slug))
    if (allPostSlugs.length) {
      fail(['post_slugs'], `duplicate slugs: ${allPostSlugs.slice(0, 5).join(', ')}`)
    }
    const postIds = new Set(t.posts.map((row) => row.id))
    const postOwners = new Map(t.post_slugs.map((row) => [row.slug, row.post_id]))
    for (const [index, row] of t.post_slugs.entries()) {
      if (!postIds.has(row.post_id)) {
        fail(['post_slugs', String(index)], `post ${row.post_id} does not exist`)
      }
    }
    for (const [index, row] of t.posts.entries()) {
      if (postOwners.get(row.slug) !== row.id) {
        fail(['posts', String(index)], `slug "${row.slug}" is missing from post_slugs`)
      }
    }
  })

/**
 * Rows of a file written before the manual order (versions 1 and 2) get the
 * order they were shown in then: newest first.
 */
function inShownOrder<R extends { id: number; created_at: string; sort_order?: number }>(
  rows: R[],
): (R & { sort_order: number })[] {
  if (rows.every((row) => row.sort_order !== undefined)) {
    return rows.map((row) => ({ ...row, sort_order: row.sort_order ?? 0 }))
  }
  const shown = [...rows].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id,
  )
  const place = new Map(shown.map((row, index) => [row.id, index]))
  return rows.map((row) => ({ ...row, sort_order: place.get(row.id) ?? 0 }))
}

/** A checked backup, its rows complete (what older versions lack filled in). */
export const completeBackupSchema = backupSchema.transform((backup) => ({
  ...backup,
  tables: {
    ...backup.tables,
    projects: inShownOrder(backup.tables.projects),
    timeline_events: inShownOrder(backup.tables.timeline_events),
  },
}))

export type Backup = z.infer<typeof completeBackupSchema>
export type BackupTables = Backup['tables']

export class BackupFormatError extends Error {}

/** Each content table's rows, read by the input's rules of their kind. */
const tableRules: Partial<Record<BackupTableName, RuleKind>> = {
  profile: 'profile',
  admin_users: 'admin_user',
  projects: 'project',
  timeline_events: 'timeline_event',
  posts: 'post',
  contact_messages: 'message',
  media: 'image',
  share_links: 'share_link',
}

/**
 * Every row a restore would write, by the input's field rules
 * (server/backup/field-rules.ts): the tables' rows, and the rows the Trash
 * and the revisions hold (a Trash or revision restore writes them later).
 * Each issue as `tables.<table>.<index>.<field>: <message>`.
 */
export function fieldRuleIssues(tables: BackupTables): string[] {
  const found: string[] = []
  const add = (path: string, issues: FieldIssue[]) => {
    for (const issue of issues) found.push(`${path}.${issue.field}: ${issue.message}`)
  }
  for (const [name, kind] of Object.entries(tableRules) as [BackupTableName, RuleKind][]) {
    for (const [index, row] of (tables[name] as Record<string, unknown>[]).entries()) {
      add(`tables.${name}.${index}`, rowIssues(kind, row))
    }
  }
  for (const [index, item] of tables.trash.entries()) {
    const kind = trashRuleKind(item.kind)
    if (kind) add(`tables.trash.${index}.row`, rowIssues(kind, item.row))
  }
  for (const [index, item] of tables.revisions.entries()) {
    const kind = revisionRuleKind(item.kind)
    if (kind) add(`tables.revisions.${index}.row`, rowIssues(kind, item.row))
  }
  return found
}

const listed = (issues: string[]) => {
  const shown = issues.slice(0, 5)
  const more = issues.length - shown.length
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`
}

export interface CheckOptions {
  /**
   * Also hold every row to the input's field rules (on by default: what a
   * restore reads). Off for a backup being written, which must never fail
   * on a row stored before a rule existed.
   */
  fieldRules?: boolean
}

/** Parses and checks a backup file's text; a BackupFormatError says what is wrong. */
export function parseBackup(content: string, options: CheckOptions = {}): Backup {
  let value: unknown
  try {
    value = JSON.parse(content)
  } catch (error) {
    throw new BackupFormatError(`it is not JSON (${(error as Error).message})`)
  }
  return checkBackup(value, options)
}

/** Checks a backup already parsed from JSON (an upload's body); a BackupFormatError says what is wrong. */
export function checkBackup(value: unknown, options: CheckOptions = {}): Backup {
  const result = completeBackupSchema.safeParse(value)
  if (!result.success) {
    throw new BackupFormatError(
      listed(
        result.error.issues.map((issue) => {
          const path = issue.path.map(String).join('.')
          return path ? `${path}: ${issue.message}` : issue.message
        }),
      ),
    )
  }
  if (options.fieldRules !== false) {
    const issues = fieldRuleIssues(result.data.tables)
    if (issues.length > 0) throw new BackupFormatError(listed(issues))
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
    `${tables.posts.length} notes (${tables.post_slugs.length} slugs)`,
    `${tables.contact_messages.length} contact messages`,
    `${tables.media.length} images`,
    `${tables.trash.length} items in the Trash`,
    `${tables.cv_file.length ? 'an uploaded CV' : 'the generated CV'}`,
    `${tables.share_links.length} share links`,
    `${tables.analytics_views.reduce((sum, row) => sum + row.views, 0)} page views counted`,
    `${tables.admin_users.length} admin users`,
    `${tables.two_factor.filter((row) => row.enabled_at !== null).length} with two-factor sign-in`,
    `${tables.profile.length} profile`,
  ].join(', ')
}

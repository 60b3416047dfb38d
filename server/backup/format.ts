import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { ACCENT_PATTERN, DEFAULT_ACCENT } from '../../src/domain/accent'
import { SEO_SCREENS } from '../../src/domain/seo-screens'
import { normalSitePath } from '../../src/domain/site-path'
import { siteStyleSchema } from '../../src/schemas/appearance'
import { backupTable, nonEmpty, positive, timestamp } from '../content/backup-rows'
import { contentKinds, kindBackupTables } from '../content/registry'
import {
  activitypubFollowers,
  activitypubKeys,
  activitypubNotes,
  activitypubProjects,
  activitypubSettings,
  adminUsers,
  analyticsViews,
  analyticsVisitors,
  appearance,
  cvFile,
  navigation,
  newsletterIssues,
  newsletterSettings,
  newsletterSubscribers,
  notificationSettings,
  passkeys,
  profile,
  revisions,
  screenSeo,
  shareLinks,
  trash,
  twoFactor,
} from '../db/schema'
import { isDocumentKey, isMediaKey } from '../media/keys'
import { type FieldIssue, type RuleKind, revisionRuleKind, rowIssues } from './field-rules'

export const BACKUP_FORMAT = 'portfolio-backup'
/** What this program writes; it reads this one and the ones before it. */
export const BACKUP_VERSION = 10
const READABLE_VERSIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const

/**
 * The words files before version 9 wrote (decision 0387): notes were
 * `posts` (their slugs `post_slugs`, by `post_id`; kind `post` in the Trash
 * and revisions), messages `contact_messages`. Read as today's names, so an
 * older file restores as it always did.
 */
const FIRST_VERSION_WITH_CURRENT_NAMES = 9
const formerTableNames: Readonly<Record<string, string>> = {
  posts: 'notes',
  post_slugs: 'note_slugs',
  contact_messages: 'messages',
}
const formerColumnNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  note_slugs: { post_id: 'note_id' },
}
const formerKindNames: Readonly<Record<string, string>> = { post: 'note' }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A row with its former column names as today's (a name already there is left alone, and refused). */
function renameColumns(row: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!isRecord(row)) return row
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => {
      const current = names[column]
      return [current && !(current in row) ? current : column, value]
    }),
  )
}

/** A Trash or revision row whose `kind` is a former name, with today's. */
function renameKind(row: unknown): unknown {
  if (!isRecord(row) || typeof row.kind !== 'string') return row
  const current = formerKindNames[row.kind]
  return current ? { ...row, kind: current } : row
}

/** A file before version 9 with today's table, column and kind names; any other value as it is. */
export function withCurrentNames(value: unknown): unknown {
  if (!isRecord(value) || !isRecord(value.tables)) return value
  if (typeof value.version !== 'number' || value.version >= FIRST_VERSION_WITH_CURRENT_NAMES) {
    return value
  }
  const given = value.tables
  const tables: Record<string, unknown> = {}
  for (const [name, rows] of Object.entries(given)) {
    const former = formerTableNames[name]
    // A file that holds both names keeps both: the former one is then refused as unknown.
    const current = former && !(former in given) ? former : name
    const columns = formerColumnNames[current]
    tables[current] =
      Array.isArray(rows) && columns
        ? rows.map((row) => renameColumns(row, columns))
        : Array.isArray(rows) && (current === 'trash' || current === 'revisions')
          ? rows.map(renameKind)
          : rows
  }
  return { ...value, tables }
}

/** Every kind's tables, from its descriptor (server/content/), in the registry's order. */
const kindTables = kindBackupTables

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
      // Files written before the social web's identity and the ORCID iD: none.
      fediverse_account: z.string().default(''),
      atproto_did: z.string().default(''),
      orcid: z.string().default(''),
    }),
    order: [profile.id],
  }),
  // The site style (version 7); none: the default.
  appearance: backupTable({
    table: appearance,
    rows: createSelectSchema(appearance, { id: z.literal(1), style: siteStyleSchema }),
    order: [appearance.id],
  }),
  // Where alerts go (version 9), its secrets sealed as stored: a server with
  // another key reads them as unreadable, and the screen asks for them again.
  notification_settings: backupTable({
    table: notificationSettings,
    rows: createSelectSchema(notificationSettings, {
      id: z.literal(1),
      smtp_port: (port) => port.min(1).max(65_535),
      smtp_password: (value) => value.regex(/^v1\./, 'must be a sealed value (v1.…)'),
      webhook_url: (value) => value.regex(/^v1\./, 'must be a sealed value (v1.…)'),
    }),
    order: [notificationSettings.id],
  }),
  // The newsletter (version 10): its mode, its subscribers (their consent with them) and the
  // emails already written, so a restored site sends no note a second time. Emails on
  // their way (sends, confirmation links) are not kept.
  newsletter_settings: backupTable({
    table: newsletterSettings,
    rows: createSelectSchema(newsletterSettings, { id: z.literal(1) }),
    order: [newsletterSettings.id],
  }),
  newsletter_subscribers: backupTable({
    table: newsletterSubscribers,
    rows: createSelectSchema(newsletterSubscribers, {
      id: positive,
      email: (email) =>
        email
          .min(3)
          .max(320)
          .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
    }),
    order: [newsletterSubscribers.id],
  }),
  newsletter_issues: backupTable({
    table: newsletterIssues,
    rows: createSelectSchema(newsletterIssues, { id: positive, key: nonEmpty }),
    order: [newsletterIssues.id],
  }),
  // What the fixed screens say to search engines and link previews; none: what they make.
  screen_seo: backupTable({
    table: screenSeo,
    rows: createSelectSchema(screenSeo, { screen: z.enum(SEO_SCREENS) }),
    order: [screenSeo.screen],
  }),
  // The header's and the footer's menus (version 9); none: the default menu.
  navigation: backupTable({
    table: navigation,
    rows: createSelectSchema(navigation, {
      id: z.literal(1),
      header: z.array(z.unknown()),
      footer: z.array(z.unknown()),
    }),
    order: [navigation.id],
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
  ...kindTables,
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
  // ActivityPub (version 10): the settings, the actor's keys (the site's identity to
  // every follower's server), the followers, what was federated of each note (so a
  // restore sends no note again). Replies, likes and boosts are conversations.
  activitypub_settings: backupTable({
    table: activitypubSettings,
    rows: createSelectSchema(activitypubSettings, { id: z.literal(1) }),
    order: [activitypubSettings.id],
  }),
  activitypub_keys: backupTable({
    table: activitypubKeys,
    rows: createSelectSchema(activitypubKeys, {
      public_jwk: z.record(z.string(), z.unknown()),
      private_jwk: z.record(z.string(), z.unknown()),
    }),
    order: [activitypubKeys.algorithm],
  }),
  activitypub_followers: backupTable({
    table: activitypubFollowers,
    rows: createSelectSchema(activitypubFollowers, {
      id: positive,
      actor_id: (value) => value.url(),
      inbox: (value) => value.url(),
    }),
    order: [activitypubFollowers.id],
  }),
  activitypub_notes: backupTable({
    table: activitypubNotes,
    rows: createSelectSchema(activitypubNotes, {
      note_id: positive,
      object: z.record(z.string(), z.unknown()),
    }),
    order: [activitypubNotes.note_id],
  }),
  activitypub_projects: backupTable({
    table: activitypubProjects,
    rows: createSelectSchema(activitypubProjects, {
      project_id: positive,
      object: z.record(z.string(), z.unknown()),
    }),
    order: [activitypubProjects.project_id],
  }),
}

const keepsFiles = (kind: string) =>
  contentKinds.some((each) => each.name === kind && each.trash.keepsFiles)

/** The stored files of the images in the Trash: kept in the store until they are removed for good. */
export function trashedMediaKeys(rows: { kind: string; row: Record<string, unknown> }[]): string[] {
  return rows
    .filter((item) => keepsFiles(item.kind) && typeof item.row.key === 'string')
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

type KindArrays = {
  [K in keyof typeof kindTables]: z.ZodArray<(typeof kindTables)[K]['rows']>
}
/** Each kind's tables as arrays of rows; empty in files written before the kind. */
const kindArrays = Object.fromEntries(
  contentKinds.flatMap((kind) =>
    Object.entries(kind.backup.tables as Record<string, { rows: z.ZodType }>).map(
      ([name, entry]) => [
        name,
        kind.backup.absentFromOlderFiles ? z.array(entry.rows).default([]) : z.array(entry.rows),
      ],
    ),
  ),
) as unknown as KindArrays

const tablesSchema = z.strictObject({
  profile: z.array(backupTables.profile.rows).length(1, 'must hold exactly one row'),
  // Files before version 7 were written before site styles: the default style.
  appearance: z.array(backupTables.appearance.rows).max(1, 'holds at most one row').default([]),
  // Files written before search and sharing: none.
  screen_seo: z.array(backupTables.screen_seo.rows).default([]),
  // Files before version 9 were written before the admin's alert settings: none.
  notification_settings: z
    .array(backupTables.notification_settings.rows)
    .max(1, 'holds at most one row')
    .default([]),
  // Files before version 10 were written before the newsletter: none.
  newsletter_settings: z
    .array(backupTables.newsletter_settings.rows)
    .max(1, 'holds at most one row')
    .default([]),
  newsletter_subscribers: z.array(backupTables.newsletter_subscribers.rows).default([]),
  newsletter_issues: z.array(backupTables.newsletter_issues.rows).default([]),
  // Files before version 9 were written before the menus: the default menu.
  navigation: z.array(backupTables.navigation.rows).max(1, 'holds at most one row').default([]),
  admin_users: z.array(backupTables.admin_users.rows),
  // Files before version 3 were written before two-factor sign-in.
  two_factor: z.array(backupTables.two_factor.rows).default([]),
  // Files before version 8 were written before passkeys.
  passkeys: z.array(backupTables.passkeys.rows).default([]),
  // The kinds' tables; a kind added after version 1 defaults to none.
  ...kindArrays,
  // Files written before the uploaded CV was kept hold none: the generated CV.
  cv_file: z.array(backupTables.cv_file.rows).max(1, 'holds at most one row').default([]),
  // Files before version 4 were written before the analytics.
  share_links: z.array(backupTables.share_links.rows).default([]),
  analytics_views: z.array(backupTables.analytics_views.rows).default([]),
  analytics_visitors: z.array(backupTables.analytics_visitors.rows).default([]),
  // Files before version 5 were written before the Trash and revisions.
  trash: z.array(backupTables.trash.rows).default([]),
  revisions: z.array(backupTables.revisions.rows).default([]),
  // Files before version 10 were written before ActivityPub: off, no keys yet, no followers.
  activitypub_settings: z
    .array(backupTables.activitypub_settings.rows)
    .max(1, 'holds at most one row')
    .default([]),
  activitypub_keys: z.array(backupTables.activitypub_keys.rows).max(2).default([]),
  activitypub_followers: z.array(backupTables.activitypub_followers.rows).default([]),
  activitypub_notes: z.array(backupTables.activitypub_notes.rows).default([]),
  activitypub_projects: z.array(backupTables.activitypub_projects.rows).default([]),
})

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>()
  const repeated = new Set<T>()
  for (const value of values) (seen.has(value) ? repeated : seen).add(value)
  return [...repeated]
}

const currentBackupSchema = z
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
    const rowsOf = (name: string) =>
      (t as unknown as Record<string, Record<string, unknown>[]>)[name] ?? []
    for (const [name, ids] of [
      ['admin_users', t.admin_users.map((row) => row.id)],
      ...contentKinds.map(
        (kind) =>
          [
            kind.labels.backupTable.name,
            rowsOf(kind.labels.backupTable.name).map((row) => Number(row.id)),
          ] as const,
      ),
      ['share_links', t.share_links.map((row) => row.id)],
      ['newsletter_subscribers', t.newsletter_subscribers.map((row) => row.id)],
      ['newsletter_issues', t.newsletter_issues.map((row) => row.id)],
    ] as const) {
      const repeated = duplicates<number>(ids)
      if (repeated.length) fail([name], `duplicate ids: ${repeated.slice(0, 5).join(', ')}`)
    }
    const addresses = duplicates(t.newsletter_subscribers.map((row) => row.email))
    if (addresses.length) fail(['newsletter_subscribers'], 'an address twice')
    const issueKeys = duplicates(t.newsletter_issues.map((row) => row.key))
    if (issueKeys.length) fail(['newsletter_issues'], 'an email key twice')
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
    // A kind with addresses: each slug once, each owned by an item that exists, each current one kept.
    for (const kind of contentKinds) {
      if (!kind.slugs || !kind.labels.slugTable) continue
      const [items, slugs] = [kind.labels.backupTable.name, kind.labels.slugTable.name]
      const itemColumn = kind.slugs.item.name
      const current = duplicates(rowsOf(items).map((row) => String(row.slug)))
      if (current.length) fail([items], `duplicate slugs: ${current.slice(0, 5).join(', ')}`)
      const all = duplicates(rowsOf(slugs).map((row) => String(row.slug)))
      if (all.length) fail([slugs], `duplicate slugs: ${all.slice(0, 5).join(', ')}`)
      const ids = new Set(rowsOf(items).map((row) => row.id))
      const owners = new Map(rowsOf(slugs).map((row) => [row.slug, row[itemColumn]]))
      for (const [index, row] of rowsOf(slugs).entries()) {
        if (!ids.has(row[itemColumn])) {
          fail([slugs, String(index)], `${kind.name} ${String(row[itemColumn])} does not exist`)
        }
      }
      for (const [index, row] of rowsOf(items).entries()) {
        if (owners.get(row.slug) !== row.id) {
          fail([items, String(index)], `slug "${String(row.slug)}" is missing from ${slugs}`)
        }
      }
    }
  })

/** A backup file as read: older files' former names first taken as today's (`withCurrentNames`). */
export const backupSchema = z.preprocess(withCurrentNames, currentBackupSchema)

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
export const completeBackupSchema = backupSchema.transform((backup) => {
  const tables: Record<string, unknown> = { ...backup.tables }
  for (const kind of contentKinds) {
    if (!kind.backup.manualOrder) continue
    const name = kind.labels.backupTable.name
    tables[name] = inShownOrder(tables[name] as Parameters<typeof inShownOrder>[0])
  }
  return { ...backup, tables: tables as typeof backup.tables }
})

export type Backup = z.infer<typeof completeBackupSchema>
export type BackupTables = Backup['tables']

export class BackupFormatError extends Error {}

/** Each content table's rows, read by the input's rules of their kind. */
const tableRules: Partial<Record<BackupTableName, RuleKind>> = {
  profile: 'profile',
  admin_users: 'admin_user',
  ...Object.fromEntries(contentKinds.map((kind) => [kind.labels.backupTable.name, kind.name])),
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
    add(`tables.trash.${index}.row`, rowIssues(item.kind, item.row))
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
    ...contentKinds.map((kind) => {
      const count = (name: string) =>
        ((tables as unknown as Record<string, unknown[]>)[name] ?? []).length
      const { backupTable, slugTable } = kind.labels
      const slugs = slugTable ? ` (${count(slugTable.name)} slugs)` : ''
      return `${count(backupTable.name)} ${backupTable.label.toLowerCase()}${slugs}`
    }),
    `${tables.trash.length} items in the Trash`,
    `${tables.cv_file.length ? 'an uploaded CV' : 'the generated CV'}`,
    `${tables.share_links.length} share links`,
    `${tables.newsletter_subscribers.length} newsletter subscribers`,
    `${tables.analytics_views.reduce((sum, row) => sum + row.views, 0)} page views counted`,
    `${tables.admin_users.length} admin users`,
    `${tables.two_factor.filter((row) => row.enabled_at !== null).length} with two-factor sign-in`,
    `${tables.profile.length} profile`,
  ].join(', ')
}

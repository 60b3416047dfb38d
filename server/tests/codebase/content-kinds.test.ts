/**
 * The content-kind registry (server/content/) is complete: every table of
 * the schema is a kind's (its rows or its slugs) or set aside here with the
 * reason it is no kind, every kind declares every facet, the owner's words
 * (src/domain/content-kinds.ts) name the same kinds and tables, and a
 * backup written before a kind's field existed still restores, the field
 * taking its default.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableName, is, type SQL } from 'drizzle-orm'
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core'
import {
  contentKindLabels,
  contentKindNames,
  revisionKindNames,
  searchKindNames,
} from '../../../src/domain/content-kinds'
import { backupTableNames, parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import type { ContentKind } from '../../content/kind'
import { contentKinds } from '../../content/registry'
import type { Database } from '../../db/client'
import * as schema from '../../db/schema'
import { createFolderStore } from '../../media/folder-store'
import { createProject } from '../../services/projects'
import { createTestApp, freshDatabase, type TestApp } from '../support/harness'

/** Every table that is no content kind, and why. A new table fails the test until it is a kind or listed here. */
const notKinds: Record<string, string> = {
  project_slugs: "a project's addresses: part of the project kind (its `slugs`)",
  note_slugs: "a note's addresses: part of the note kind (its `slugs`)",
  profile:
    "the owner's one row: no list, nothing to trash; its revisions and image uses are its own",
  appearance: 'one setting (the site style), not content',
  navigation: 'one setting (the menus), not content: its links name pages by id',
  admin_users: 'the sign-in account, not content',
  two_factor: "the account's second factor",
  passkeys: "the account's passkeys",
  sessions: 'sign-in state; never backed up',
  sign_in_challenges: 'sign-in state; never backed up',
  passkey_challenges: 'sign-in state; never backed up',
  trusted_devices: 'sign-in state; never backed up',
  throttle_counters: 'abuse counters; never backed up',
  audit_log: 'the record of writes itself; never backed up',
  server_secrets: "the server's keys; never backed up",
  setup_token: 'the first set-up; never backed up',
  notification_outbox: 'alerts on their way out; never backed up',
  content_version: 'the caches’ version counter',
  cv_file: 'one uploaded file (the CV), not a list of items',
  share_links: 'the owner’s tracking addresses: no page, no Trash (deleted at once)',
  analytics_views: 'counts, not content',
  analytics_visitors: 'counts, not content',
  analytics_salts: 'the daily salt; never backed up',
  jobs: 'the periodic work’s schedule',
  github_repositories: "GitHub's data about a project's repository, fetched again at will",
  github_state: "GitHub's rate limit",
  publication_citations: "OpenAlex's citation counts by DOI, fetched again at will",
  trash: 'where the kinds wait after a delete',
  revisions: 'earlier versions of the kinds that keep them',
  backup_restores: 'the moments of restores; never backed up',
  admin_home: "the admin's checklist setting",
  screen_seo: 'what the fixed screens say to search engines (settings), not content',
  newsletter_subscribers: 'the newsletter’s readers (their addresses and consent), not content',
  newsletter_settings: 'the newsletter’s one setting (an email per note or a weekly digest)',
  newsletter_issues: 'the emails the newsletter wrote, so that no note is sent twice',
  newsletter_sends: 'the newsletter’s emails on their way out; never backed up',
  newsletter_confirmations: 'confirmation links on their way out; never backed up',
  notification_settings: 'where alerts go (one row of settings), not content',
  webmentions: 'Webmentions received and their verification; what they became is a conversation',
  webmention_outbox: 'Webmentions on their way out; never backed up (made again from the notes)',
  discussion_fetches: 'when the replies of a post were last fetched; never backed up',
  activitypub_settings: 'whether and how the site federates (one row of settings), not content',
  activitypub_keys: "the ActivityPub actor's key pairs, backed up with the settings",
  activitypub_followers: 'remote accounts that follow the site: no page, no Trash',
  activitypub_notes: 'what was federated of each note: delivery state',
  activitypub_projects: 'what was federated of each project: delivery state',
  activitypub_deliveries: 'activities on their way out; never backed up',
  activitypub_kv: "Fedify's caches; never backed up",
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
)
const kindTableNames = contentKinds.flatMap((kind) => Object.keys(kind.backup.tables))

describe('the registry', () => {
  test('every table is a content kind’s or set aside with a reason', () => {
    const unaccounted = tables
      .map((table) => getTableName(table))
      .filter((name) => !kindTableNames.includes(name) && !(name in notKinds))
    expect(unaccounted).toEqual([])
    // Nothing set aside twice, and nothing set aside that is gone.
    const names = tables.map((table) => getTableName(table))
    expect(Object.keys(notKinds).filter((name) => !names.includes(name))).toEqual([])
    expect(
      Object.keys(notKinds).filter((name) =>
        contentKinds.some((k) => k.labels.backupTable.name === name),
      ),
    ).toEqual([])
  })

  const facets: (keyof ContentKind)[] = [
    'name',
    'labels',
    'table',
    'public',
    'slugs',
    'audit',
    'fieldRules',
    'backup',
    'imageUses',
    'search',
    'revisions',
    'trash',
  ]
  test.each(contentKinds.map((kind) => [kind.name, kind] as const))(
    '%s declares every facet',
    (_name, kind) => {
      const descriptor = kind as unknown as Record<string, unknown>
      expect(facets.filter((facet) => descriptor[facet] === undefined)).toEqual([])
      // Its rows' table is the first of its backup tables; its slugs' is the second.
      expect(Object.keys(kind.backup.tables)[0]).toBe(getTableName(kind.table))
      expect(kind.labels.backupTable.name).toBe(getTableName(kind.table))
      if (kind.slugs) {
        expect(kind.labels.slugTable?.name).toBe(getTableName(kind.slugs.table))
        expect(Object.keys(kind.backup.tables)).toContain(getTableName(kind.slugs.table))
      } else {
        expect(kind.labels.slugTable).toBeNull()
      }
      // A searchable kind answers with a `kind` of its own; one with image uses has titles to name them by.
      expect(Boolean(kind.search)).toBe(Boolean(kind.labels.searchKind))
      if (kind.imageUses.length > 0) expect(Object.keys(kind.table)).toContain('title')
      // Each audit action is labelled and under the kind's router.
      for (const action of Object.keys(kind.labels.actions)) {
        expect(action.startsWith(`${kind.labels.router}.`)).toBe(true)
      }
      // A kind with revisions names its columns in the History; one without names none.
      if (kind.revisions) expect(Object.keys(kind.labels.fields ?? {}).length).toBeGreaterThan(0)
      else expect(kind.labels.fields).toBeNull()
    },
  )

  test('the owner’s words (src) name exactly the registry’s kinds', () => {
    expect([...contentKindNames].sort()).toEqual(contentKinds.map((kind) => kind.name).sort())
    for (const kind of contentKinds) expect(kind.labels).toBe(contentKindLabels[kind.name])
  })

  test('a revision’s kinds are the registry’s kinds with revisions and the profile, in the schema’s check too', () => {
    const keeping = contentKinds.filter((kind) => kind.revisions).map((kind) => kind.name)
    expect<string[]>([...revisionKindNames].sort()).toEqual([...keeping, 'profile'].sort())
    const check = getTableConfig(schema.revisions).checks.find(
      (each) => each.name === 'revisions_kind_check',
    )
    const sqlText = new PgDialect().sqlToQuery(check?.value as SQL).sql
    for (const kind of revisionKindNames) expect(sqlText).toContain(`'${kind}'`)
    expect(sqlText.match(/'[a-z_]+'/g)?.length).toBe(revisionKindNames.length)
  })

  test('every searchable kind has its word on the public search page and in the header’s suggestions', () => {
    // Kept there rather than imported from src/domain/content-kinds.ts: a public bundle carries only what it shows.
    for (const file of ['client/routes/search.tsx', 'client/components/search-suggestions.tsx']) {
      const source = readFileSync(join(import.meta.dir, '../../..', file), 'utf8')
      const missing = searchKindNames.filter((kind) => !new RegExp(`\\b${kind}: '`).test(source))
      expect(missing, file).toEqual([])
    }
  })

  test('every kind’s tables are in the backup', () => {
    expect(kindTableNames.filter((name) => !(backupTableNames as string[]).includes(name))).toEqual(
      [],
    )
  })
})

describe('a backup made before a field existed', () => {
  let app: TestApp
  let target: Database
  beforeAll(async () => {
    app = await createTestApp()
    target = await freshDatabase()
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await target?.close()
  })

  test('restores with the field’s default (a version 2 file: projects before drafts, case studies and the order)', async () => {
    const store = createFolderStore(mkdtempSync(join(tmpdir(), 'kinds-')))
    await createProject(app.db, {
      title: 'Older file',
      description: 'Short.',
      long_description: 'Long.',
      website_url: null,
      image_urls: [],
      tags: ['one'],
      is_featured: false,
      is_published: false,
      repo_url: 'https://github.com/ada/older',
      role: 'Lead',
      period: '2023',
      seo_description: 'Said to search engines.',
      share_image: null,
      canonical_url: null,
      noindex: true,
    } as Parameters<typeof createProject>[1])
    const backup = await readBackup(app.db, 'pglite', store)
    // The file as version 2 wrote it: none of the columns added since.
    const document = JSON.parse(serializeBackup(backup)) as {
      version: number
      tables: Record<string, Record<string, unknown>[]>
    }
    document.version = 2
    for (const table of ['notes', 'note_slugs', 'trash', 'revisions', 'passkeys', 'appearance']) {
      delete document.tables[table]
    }
    for (const row of document.tables.projects ?? []) {
      for (const field of [
        'is_published',
        'repo_url',
        'role',
        'period',
        'sort_order',
        'seo_description',
        'share_image',
        'canonical_url',
        'noindex',
      ]) {
        delete row[field]
      }
    }
    const older = parseBackup(JSON.stringify(document))
    await restoreBackup(target.db, older, store)
    const [project] = await target.db.select().from(schema.projects)
    expect(project).toMatchObject({
      title: 'Older file',
      tags: ['one'],
      // The defaults: published, no repository, role or period, first in the order.
      is_published: true,
      repo_url: null,
      role: null,
      period: null,
      sort_order: 0,
      // Search and sharing: nothing of its own, found by search engines.
      seo_description: null,
      share_image: null,
      canonical_url: null,
      noindex: false,
    })
    expect(await target.db.select().from(schema.notes)).toEqual([])
  }, 60_000)
})

/**
 * Migration 0023 renames the tables of notes and messages in place
 * (decision 0387): a database written before it keeps every note, former
 * slug, message, Trash item and audit entry, now under the new names, and
 * they work as before (search, ids, constraints). On PostgreSQL with DATABASE_URL (a
 * database of its own), else on PGlite.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { migrationsFolder } from '../../db/client'
import { dropTestDatabase } from '../support/harness'

const RENAME = '0023_rename_notes_messages'

/** drizzle/ as it was before the rename: the journal and files up to 0022. */
function foldersBeforeRename(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'before-rename-'))
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[]
  }
  const at = journal.entries.findIndex((entry) => entry.tag === RENAME)
  expect(at).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalPath, JSON.stringify(journal))
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

/** A database of its own, not migrated: PostgreSQL with DATABASE_URL, else PGlite in memory. */
interface RawDatabase {
  exec(text: string): Promise<void>
  query<T>(text: string): Promise<{ rows: T[] }>
  migrate(folder: string): Promise<void>
  close(): Promise<void>
}

async function rawDatabase(): Promise<RawDatabase> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const client = await PGlite.create()
    return {
      exec: async (text) => void (await client.exec(text)),
      query: (text) => client.query(text),
      migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
      close: () => client.close(),
    }
  }
  const name = `portfolio_rename_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const sql = postgres(target.toString(), { max: 1, onnotice: () => {} })
  return {
    exec: async (text) => void (await sql.unsafe(text)),
    query: async <T>(text: string) => ({ rows: (await sql.unsafe(text)) as unknown as T[] }),
    migrate: (folder) => migratePostgres(drizzlePostgres(sql), { migrationsFolder: folder }),
    close: async () => {
      await sql.end()
      await dropTestDatabase(url, name)
    },
  }
}

describe('migration 0023 (posts → notes, contact_messages → messages)', () => {
  let client: RawDatabase
  const before = foldersBeforeRename()

  beforeAll(async () => {
    client = await rawDatabase()
    await client.migrate(before.folder)
    // What the site had stored under the former names.
    await client.exec(`
      insert into posts (slug, title, summary, body, status, published_at, went_live_at)
        values ('second-title', 'Second Title', 'S.', 'Body **one**.', 'published', now(), now());
      insert into post_slugs (slug, post_id) values ('first-title', 1), ('second-title', 1);
      insert into contact_messages (name, email, message, status)
        values ('Grace', 'grace@example.com', 'Hello there!', 'read');
      insert into trash (kind, item_id, title, row, slugs)
        values ('post', 7, 'Binned Note', '{"id": 7, "slug": "binned-note", "title": "Binned Note"}', '{binned-note}');
      insert into audit_log (action, actor, target)
        values ('posts.create', 'owner', 'note 1 "Second Title"'),
               ('contact.setStatus', 'owner', 'message 1'),
               ('contact.delete', 'owner', 'message 2'),
               ('projects.create', 'owner', 'project 1 "Kept"');
    `)
    await client.migrate(migrationsFolder)
  }, 60_000)
  afterAll(async () => {
    await client?.close()
    before.remove()
  })

  test('the rows are kept under the new names; the old tables are gone', async () => {
    const notes = await client.query<{ id: number; slug: string; title: string }>(
      'select id, slug, title from notes',
    )
    expect(notes.rows).toEqual([{ id: 1, slug: 'second-title', title: 'Second Title' }])
    const slugs = await client.query<{ slug: string; note_id: number }>(
      'select slug, note_id from note_slugs order by slug',
    )
    expect(slugs.rows).toEqual([
      { slug: 'first-title', note_id: 1 },
      { slug: 'second-title', note_id: 1 },
    ])
    const messages = await client.query<{ name: string; status: string }>(
      'select name, status from messages',
    )
    expect(messages.rows).toEqual([{ name: 'Grace', status: 'read' }])
    const old = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_name in ('posts', 'post_slugs', 'contact_messages')`,
    )
    expect(old.rows).toEqual([])
  })

  test('the generated search document, the sequences and the constraints carry on', async () => {
    const found = await client.query<{ id: number }>(
      "select id from notes where search @@ to_tsquery('english', 'one')",
    )
    expect(found.rows).toEqual([{ id: 1 }])
    // The next ids follow the kept rows (the sequences were renamed with their tables).
    const note = await client.query<{ id: number }>(
      "insert into notes (slug, title, summary, body) values ('next', 'Next', 'S.', 'B.') returning id",
    )
    expect(note.rows[0]?.id).toBe(2)
    const message = await client.query<{ id: number }>(
      "insert into messages (name, email, message) values ('Ada', 'ada@example.com', 'Hi') returning id",
    )
    expect(message.rows[0]?.id).toBe(2)
    const names = await client.query<{ name: string }>(
      `select conname as name from pg_constraint
        where conrelid in ('notes'::regclass, 'note_slugs'::regclass, 'messages'::regclass)
          and contype in ('p', 'u', 'c', 'f')
        order by conname`,
    )
    expect(names.rows.map((row) => row.name)).toEqual([
      'messages_pkey',
      'messages_status_check',
      'note_slugs_note_id_notes_id_fk',
      'note_slugs_pkey',
      'notes_pkey',
      'notes_slug_unique',
      'notes_status_check',
    ])
    // A note removed goes with its slugs (the renamed foreign key still cascades).
    await client.exec('delete from notes where id = 1')
    expect((await client.query('select * from note_slugs')).rows).toEqual([])
  })

  test('the Trash holds the note under kind `note`, and refuses `post` from now on', async () => {
    const trash = await client.query<{ kind: string; item_id: number }>(
      'select kind, item_id from trash',
    )
    expect(trash.rows).toEqual([{ kind: 'note', item_id: 7 }])
    await expect(
      client.exec(
        `insert into trash (kind, item_id, title, row) values ('post', 8, 'Old', '{}'::jsonb)`,
      ),
    ).rejects.toThrow(/trash_kind_check/)
  })

  test('audit entries name the new routers; other actions are untouched', async () => {
    const actions = await client.query<{ action: string }>(
      'select action from audit_log order by id',
    )
    expect(actions.rows.map((row) => row.action)).toEqual([
      'notes.create',
      'messages.setStatus',
      'messages.delete',
      'projects.create',
    ])
  })
})

/**
 * Notes in the Trash and in backups, on PGlite and PostgreSQL: a deleted
 * note leaves every public answer, is listed in the Trash by its title and
 * comes back with its slugs and its state (live, scheduled or draft), or
 * goes for good after 30 days; a backup carries the notes and every slug
 * they have had, with their scheduled time and the moment they went live,
 * and a restore puts them back; a file written before the notes restores
 * with none.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { backupSummary, parseBackup } from '../../backup/format'
import { noteSlugs, notes } from '../../db/schema'
import { publishDueNotes } from '../../services/note-publishing'
import { purgeTrash } from '../../services/trash'
import { ADMIN, createTestApp, isRecord, type TestApp } from '../support/harness'

setDefaultTimeout(60_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: 'https://ada.example' })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

const DAY_MS = 86_400_000
const note = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  summary: `About ${title}.`,
  body: `The text of ${title}.`,
  tags: ['Writing'],
  status: 'published',
  ...extra,
})
const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString()

async function create(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/notes', { token, body })
  expect(r.status).toBe(201)
  return r.body as { id: number; slug: string; published_at: string | null; state: string }
}

const publicSlugs = async () =>
  (await t.request('GET', '/api/notes')).list.map((item) => (isRecord(item) ? item.slug : null))

/** What a restore must give back: the stored rows, the search document aside. */
async function storedNotes() {
  const rows = await t.db.select().from(notes).orderBy(notes.id)
  return rows.map(({ search: _search, ...row }) => row)
}

describe('notes in the Trash', () => {
  test('DELETE: 204 then 404; the Trash lists it by its title; a restore brings back its slugs and state', async () => {
    const live = await create(note('First Title'))
    const renamed = await t.request('PUT', `/api/notes/${live.id}`, {
      token,
      body: note('Second Title'),
    })
    expect(renamed.body.slug).toBe('second-title')
    const before = (await t.request('GET', '/api/notes/second-title', { token })).body

    expect((await t.request('DELETE', `/api/notes/${live.id}`, { token })).status).toBe(204)
    expect((await t.request('DELETE', `/api/notes/${live.id}`, { token })).status).toBe(404)
    expect((await t.request('GET', '/api/notes/second-title')).status).toBe(404)
    expect((await t.request('GET', '/api/notes/first-title', { token })).status).toBe(404)
    expect(await publicSlugs()).not.toContain('second-title')

    const trash = (await t.request('GET', '/api/trash', { token })).list
    expect(trash).toContainEqual(
      expect.objectContaining({ kind: 'note', id: live.id, title: 'Second Title' }),
    )

    const back = await t.request('POST', `/api/trash/note/${live.id}/restore`, { token })
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({ kind: 'note', id: live.id, title: 'Second Title' })
    // As it was: live since the same moment, both slugs answering.
    const again = await t.request('GET', '/api/notes/second-title')
    expect(again.status).toBe(200)
    expect(again.body).toEqual(before)
    expect((await t.request('GET', '/api/notes/first-title')).body.slug).toBe('second-title')
    expect(await publicSlugs()).toContain('second-title')
    expect((await t.request('GET', '/api/trash', { token })).list).toEqual([])
  })

  test('a scheduled note comes back scheduled: not public until its time, then the job publishes it', async () => {
    const scheduled = await create(note('Later Note', { published_at: inFuture(2 * DAY_MS) }))
    expect(scheduled.state).toBe('scheduled')
    expect((await t.request('DELETE', `/api/notes/${scheduled.id}`, { token })).status).toBe(204)
    const back = await t.request('POST', `/api/trash/note/${scheduled.id}/restore`, { token })
    expect(back.status).toBe(200)
    const mine = await t.request('GET', '/api/notes/later-note', { token })
    expect(mine.body).toMatchObject({ state: 'scheduled', published_at: scheduled.published_at })
    expect((await t.request('GET', '/api/notes/later-note')).status).toBe(404)
    t.clock.advance(2 * DAY_MS + 1_000)
    token = await t.login()
    expect(await publishDueNotes({ db: t.db }, t.clock.now())).toEqual([scheduled.id])
    expect((await t.request('GET', '/api/notes/later-note')).status).toBe(200)
  })

  test('a draft comes back a draft; its slugs stay reserved while it is in the Trash', async () => {
    const draft = await create(note('Draft Note', { status: 'draft' }))
    await t.request('DELETE', `/api/notes/${draft.id}`, { token })
    // A new note with the same title gets the next slug: the trashed one keeps its own.
    const other = await create(note('Draft Note'))
    expect(other.slug).toBe('draft-note-2')
    const back = await t.request('POST', `/api/trash/note/${draft.id}/restore`, { token })
    expect(back.status).toBe(200)
    const restored = await t.request('GET', '/api/notes/draft-note', { token })
    expect(restored.body).toMatchObject({ id: draft.id, state: 'draft', slug: 'draft-note' })
    expect((await t.request('GET', '/api/notes/draft-note')).status).toBe(404)
    expect((await t.request('GET', '/api/notes/draft-note-2')).body.id).toBe(other.id)
  })

  test('a slug taken while the note was in the Trash (by a restored backup): it gets the next free one', async () => {
    const binned = await create(note('Taken Meanwhile'))
    await t.request('DELETE', `/api/notes/${binned.id}`, { token })
    // What only a backup restore can cause: another note holding its slug.
    const other = await create(note('Something Else'))
    await t.db
      .update(noteSlugs)
      .set({ slug: 'taken-meanwhile' })
      .where(eq(noteSlugs.note_id, other.id))
    await t.db.update(notes).set({ slug: 'taken-meanwhile' }).where(eq(notes.id, other.id))
    const back = await t.request('POST', `/api/trash/note/${binned.id}/restore`, { token })
    expect(back.status).toBe(200)
    expect((await t.request('GET', '/api/notes/taken-meanwhile-2')).body.id).toBe(binned.id)
    expect((await t.request('GET', '/api/notes/taken-meanwhile')).body.id).toBe(other.id)
  })

  test('after 30 days in the Trash a note is removed for good', async () => {
    const gone = await create(note('Gone For Good'))
    await t.request('DELETE', `/api/notes/${gone.id}`, { token })
    const listed = (await t.request('GET', '/api/trash', { token })).list.find(
      (item) => isRecord(item) && item.kind === 'note' && item.id === gone.id,
    )
    // Counted from the moment it was deleted (the database's clock).
    const now = new Date(String(isRecord(listed) ? listed.deleted_at : ''))
    expect(await purgeTrash(t.db, new Date(now.getTime() + 29 * DAY_MS))).toBe(0)
    expect(await purgeTrash(t.db, new Date(now.getTime() + 31 * DAY_MS))).toBe(1)
    const r = await t.request('POST', `/api/trash/note/${gone.id}/restore`, { token })
    expect(r.status).toBe(404)
    expect((await t.request('GET', '/api/notes/gone-for-good', { token })).status).toBe(404)
  })
})

describe('notes in backups', () => {
  test('a backup carries the notes, their slugs and state; a restore puts them back', async () => {
    const renamedOnce = await create(note('Backup Before'))
    await t.request('PUT', `/api/notes/${renamedOnce.id}`, { token, body: note('Backup After') })
    const due = await create(note('Backup Scheduled', { published_at: inFuture(DAY_MS) }))
    const binned = await create(note('Backup Binned'))
    await t.request('DELETE', `/api/notes/${binned.id}`, { token })
    const before = await storedNotes()

    const backup = await t.request('GET', '/api/backup', { token })
    expect(backup.status).toBe(200)
    expect(backup.body.version).toBe(10)
    const tables = backup.body.tables as Record<string, Record<string, unknown>[]>
    expect(tables.notes?.map((row) => row.id)).toEqual(before.map((row) => row.id))
    expect(tables.notes?.[0]).not.toHaveProperty('search')
    const scheduledRow = tables.notes?.find((row) => row.id === due.id)
    expect(scheduledRow).toMatchObject({ status: 'published', went_live_at: null })
    const liveRow = tables.notes?.find((row) => row.id === renamedOnce.id)
    expect(liveRow?.went_live_at).toMatch(/\.\d{6}Z$/)
    expect(
      tables.note_slugs
        ?.filter((row) => row.note_id === renamedOnce.id)
        .map((row) => row.slug)
        .sort(),
    ).toEqual(['backup-after', 'backup-before'])
    expect(tables.trash).toContainEqual(
      expect.objectContaining({ kind: 'note', item_id: binned.id }),
    )
    // What `bun run backup` and a restore print.
    expect(backupSummary(parseBackup(JSON.stringify(backup.json)).tables)).toContain(
      `${before.length} notes (${tables.note_slugs?.length} slugs)`,
    )

    // Everything changes after the backup.
    await t.db.delete(notes)
    await create(note('Intruder'))
    const preview = await t.request('POST', '/api/restore/preview', {
      token,
      body: { backup: backup.json },
    })
    expect(preview.body.tables).toMatchObject({
      notes: before.length,
      note_slugs: tables.note_slugs?.length,
    })

    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: backup.json },
    })
    expect(restored.status).toBe(200)
    token = await t.login()
    expect(await storedNotes()).toEqual(before)
    expect((await t.request('GET', '/api/notes/backup-before')).body.slug).toBe('backup-after')
    expect((await t.request('GET', '/api/notes/intruder', { token })).status).toBe(404)
    // Still scheduled: published by the job at its time, exactly once.
    expect((await t.request('GET', '/api/notes/backup-scheduled')).status).toBe(404)
    t.clock.advance(DAY_MS + 1_000)
    token = await t.login()
    expect(await publishDueNotes({ db: t.db }, t.clock.now())).toEqual([due.id])
    expect((await t.request('GET', '/api/notes/backup-scheduled')).status).toBe(200)
    // The note in the Trash came back with the file, and can still be restored.
    const back = await t.request('POST', `/api/trash/note/${binned.id}/restore`, { token })
    expect(back.status).toBe(200)
    expect((await t.request('GET', '/api/notes/backup-binned')).body.id).toBe(binned.id)
    // A new note gets an id after every restored one.
    const fresh = await create(note('After Restore'))
    expect(fresh.id).toBeGreaterThan(Math.max(...before.map((row) => row.id)))
  })

  test('a version 5 file (before the notes) restores with no notes', async () => {
    await create(note('Not In The Old File'))
    const backup = (await t.request('GET', '/api/backup', { token })).body
    const tables = { ...(backup.tables as Record<string, unknown>) }
    delete tables.notes
    delete tables.note_slugs
    const r = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: { ...backup, version: 5, tables } },
    })
    expect(r.status).toBe(200)
    token = await t.login()
    expect((await t.request('GET', '/api/notes', { token })).list).toEqual([])
    expect(await storedNotes()).toEqual([])
  })

  test('a file whose note names a slug missing from note_slugs is refused, naming it', async () => {
    await create(note('Checked Note'))
    const backup = (await t.request('GET', '/api/backup', { token })).body
    const tables = backup.tables as Record<string, unknown>
    const r = await t.request('POST', '/api/restore/preview', {
      token,
      body: { backup: { ...backup, tables: { ...tables, note_slugs: [] } } },
    })
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('slug "checked-note" is missing from note_slugs')
  })
})

/**
 * Backup files written before version 9 name notes and messages by their
 * former names (`posts`, `post_slugs` by `post_id`, `contact_messages`, the
 * Trash's kind `post`; decision 0387). Such a file restores exactly as one
 * written today: the same notes, former slugs, messages and Trash items.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BackupFormatError, parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { createTestApp, isRecord, sample, type TestApp } from '../support/harness'

type Document = {
  version: number
  tables: Record<string, Record<string, unknown>[]>
}

const note = (title: string) => ({
  title,
  summary: 'What this note is about.',
  body: 'Some **text**.',
  tags: ['Old'],
  status: 'published',
})

/** Today's file written as a version 8 file did: the former table, column and kind names. */
function asVersion8(current: string): Document {
  const document = JSON.parse(current) as Document
  const { notes, note_slugs, messages, ...tables } = document.tables
  return {
    ...document,
    version: 8,
    tables: {
      ...tables,
      posts: notes ?? [],
      post_slugs: (note_slugs ?? []).map(({ note_id, ...row }) => ({ ...row, post_id: note_id })),
      contact_messages: messages ?? [],
      trash: (tables.trash ?? []).map((row) =>
        row.kind === 'note' ? { ...row, kind: 'post' } : row,
      ),
    },
  }
}

describe('a backup file with the former names', () => {
  let source: TestApp
  let target: TestApp
  let current: string
  let binnedId = 0

  beforeAll(async () => {
    source = await createTestApp()
    target = await createTestApp()
    const token = await source.login()
    const created = await source.request('POST', '/api/notes', { token, body: note('First Title') })
    expect(created.status).toBe(201)
    const id = (created.json as { id: number }).id
    // A second title: the first slug stays as a former one.
    const renamed = await source.request('PUT', `/api/notes/${id}`, {
      token,
      body: note('Second Title'),
    })
    expect(renamed.status).toBe(200)
    const binned = await source.request('POST', '/api/notes', { token, body: note('Binned Note') })
    binnedId = (binned.json as { id: number }).id
    expect((await source.request('DELETE', `/api/notes/${binnedId}`, { token })).status).toBe(204)
    expect((await source.request('POST', '/api/contact', { body: sample.message() })).status).toBe(
      201,
    )
    current = serializeBackup(await readBackup(source.db, source.database.kind, source.mediaStore))
  }, 60_000)
  afterAll(async () => {
    await source?.close()
    await target?.close()
  })

  test('is read with today’s names: the same tables as the file written today', () => {
    const today = parseBackup(current)
    const older = parseBackup(JSON.stringify(asVersion8(current)))
    expect(older.version).toBe(8)
    expect(older.tables.notes).toEqual(today.tables.notes)
    expect(older.tables.note_slugs).toEqual(today.tables.note_slugs)
    expect(older.tables.note_slugs.map((row) => row.slug).sort()).toEqual([
      'first-title',
      'second-title',
    ])
    expect(older.tables.messages).toEqual(today.tables.messages)
    expect(older.tables.messages).toHaveLength(1)
    expect(older.tables.trash).toEqual(today.tables.trash)
    expect(older.tables.trash.map((row) => row.kind)).toEqual(['note'])
  })

  test('restores: the note and its former address answer, the message is in the inbox, the Trash gives the note back', async () => {
    await restoreBackup(
      target.db,
      parseBackup(JSON.stringify(asVersion8(current))),
      target.mediaStore,
    )
    const token = await target.login()
    const page = await target.request('GET', '/api/notes/second-title')
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ title: 'Second Title', tags: ['Old'] })
    // The former slug still finds it.
    const former = await target.request('GET', '/api/notes/first-title')
    expect(isRecord(former.json) && former.json.slug).toBe('second-title')
    const inbox = await target.request('GET', '/api/contact', { token })
    expect(inbox.json).toEqual([
      expect.objectContaining({ name: 'Grace', message: 'Hello there!' }),
    ])
    const trash = await target.request('GET', '/api/trash', { token })
    expect(trash.json).toEqual([
      expect.objectContaining({ kind: 'note', id: binnedId, title: 'Binned Note' }),
    ])
    const back = await target.request('POST', `/api/trash/note/${binnedId}/restore`, { token })
    expect(back.status).toBe(200)
    expect((await target.request('GET', '/api/notes/binned-note')).status).toBe(200)
  }, 60_000)

  test('a version 9 file with a former name is refused, naming it', () => {
    const document = asVersion8(current)
    document.version = 9
    expect(() => parseBackup(JSON.stringify(document))).toThrow(BackupFormatError)
    expect(() => parseBackup(JSON.stringify(document))).toThrow(/posts/)
  })

  test('an older file holding both names is refused rather than merged', () => {
    const document = asVersion8(current)
    document.tables.notes = document.tables.posts ?? []
    expect(() => parseBackup(JSON.stringify(document))).toThrow(/posts/)
  })
})

/**
 * A backup file is input too: every row a restore writes (the tables, the
 * rows its Trash and revisions keep), and every row a Trash restore or a
 * revision restore writes back, passes the same field rules as the forms.
 * A crafted file is refused with a 400 naming the table, the row and the
 * field, and nothing changes; a row that got in another way (written
 * straight into the database) is refused when it would come back; a NUL
 * is a 400, never a 500; and `GET /api/backup` still answers.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { projects, revisions, trash } from '../../db/schema'
import { ADMIN, createTestApp, sample, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

let t: TestApp
let token: string
let file: Record<string, unknown>
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const postTo = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', path, { token, body })
    expect(r.status, r.text).toBe(201)
    return r
  }
  const project = await postTo('/api/projects', sample.project('Kept Project'))
  await postTo('/api/timeline', sample.event('Kept Event'))
  await postTo('/api/contact', sample.message())
  // A revision (a save that changed something) and a Trash item, as real files hold them.
  const changed = await t.request('PUT', `/api/projects/${project.id}`, {
    token,
    body: { ...sample.project('Kept Project'), description: 'Changed once.' },
  })
  expect(changed.status).toBe(200)
  const gone = await postTo('/api/timeline', sample.event('Trashed Event'))
  expect((await t.request('DELETE', `/api/timeline/${gone.id}`, { token })).status).toBe(204)
  const r = await t.request('GET', '/api/backup', { token })
  expect(r.status).toBe(200)
  file = r.json as Record<string, unknown>
}, 60_000)
afterAll(() => t.close())

type Rows = Record<string, Record<string, unknown>[]>
/** A copy of the file with one change made to its tables. */
function crafted(change: (tables: Rows) => void): Record<string, unknown> {
  const copy = structuredClone(file) as { tables: Rows }
  change(copy.tables)
  return copy
}
const first = (tables: Rows, name: string) => {
  const row = tables[name]?.[0]
  if (!row) throw new Error(`the file has no ${name}`)
  return row
}

describe('a crafted backup file', () => {
  const cases: [string, string, (tables: Rows) => void][] = [
    [
      'a title with a bidi override and BEL',
      'tables.projects.0.title',
      (tables) => {
        first(tables, 'projects').title = '\u202eKept\u0007 Project'
      },
    ],
    [
      'a javascript: website URL',
      'tables.projects.0.website_url',
      (tables) => {
        first(tables, 'projects').website_url = 'javascript:alert(1)'
      },
    ],
    [
      'a name with CR/LF',
      'tables.messages.0.name',
      (tables) => {
        first(tables, 'messages').name = 'Eve\r\nBcc: victim@example.com'
      },
    ],
    [
      'an invalid email',
      'tables.messages.0.email',
      (tables) => {
        first(tables, 'messages').email = 'not an address'
      },
    ],
    [
      'a profile name with U+FFFF',
      'tables.profile.0.name',
      (tables) => {
        first(tables, 'profile').name = 'Ada\uffff'
      },
    ],
    [
      "a Trash image whose key is '../canary.txt'",
      'tables.trash.1.row.key',
      (tables) => {
        tables.trash?.push({
          ...first(tables, 'trash'),
          kind: 'image',
          item_id: 77,
          title: 'canary',
          row: {
            id: 77,
            hash: 'a'.repeat(64),
            key: '../canary.txt',
            content_type: 'text/plain',
            width: 1,
            height: 1,
            bytes: 1,
            alt: '',
            name: '',
            variants: [],
            placeholder: 'data:image/png;base64,AAAA',
          },
        })
      },
    ],
    [
      'a Trash row with a bidi override',
      'tables.trash.0.row.title',
      (tables) => {
        const item = first(tables, 'trash')
        item.row = { ...(item.row as object), title: 'Event\u202e' }
      },
    ],
    [
      'a Trash row with a NUL',
      'tables.trash.0.row.position',
      (tables) => {
        const item = first(tables, 'trash')
        item.row = { ...(item.row as object), position: 'Role\u0000' }
      },
    ],
    [
      'a revision with a javascript: URL',
      'tables.revisions.0.row.website_url',
      (tables) => {
        const item = first(tables, 'revisions')
        item.row = { ...(item.row as object), website_url: 'javascript:alert(1)' }
      },
    ],
  ]

  test.each(cases)('%s: a 400 naming %s', async (_name, field, change) => {
    const r = await t.request('POST', '/api/restore/preview', {
      token,
      body: { backup: crafted(change) },
    })
    expect(r.status, r.text).toBe(400)
    expect(String(r.body.error)).toContain(`${field}:`)
  })

  test('a real restore of a crafted file changes nothing', async () => {
    const before = await t.snapshot()
    const r = await t.request('POST', '/api/restore', {
      token,
      body: {
        password: ADMIN.password,
        backup: crafted((tables) => {
          first(tables, 'projects').title = '\u202eEvil'
        }),
      },
    })
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('tables.projects.0.title:')
    expect(await t.snapshot()).toEqual(before)
  })

  test('the file as downloaded is still restorable', async () => {
    const r = await t.request('POST', '/api/restore/preview', { token, body: { backup: file } })
    expect(r.status, r.text).toBe(200)
  })
})

describe('rows that got in another way', () => {
  test('a Trash restore refuses a row that breaks the rules with a 400 naming the field', async () => {
    const [item] = await t.db.select().from(trash).limit(1)
    if (!item) throw new Error('no Trash item')
    await t.db
      .update(trash)
      .set({ row: { ...item.row, title: 'Back\u202e', position: 'Role\u0007' } })
      .where(eq(trash.item_id, item.item_id))
    const r = await t.request('POST', `/api/trash/${item.kind}/${item.item_id}/restore`, { token })
    expect(r.status, r.text).toBe(400)
    expect(String(r.body.error)).toContain('title:')
    expect(String(r.body.error)).toContain('position:')
    // Still in the Trash, not in the timeline.
    expect((await t.db.select().from(trash)).length).toBe(1)
    const timeline = await t.request('GET', '/api/timeline')
    expect(timeline.list.map((event) => (event as { title: string }).title)).toEqual(['Kept Event'])
  })

  test('a revision restore refuses a kept version that breaks the rules', async () => {
    const [kept] = await t.db.select().from(revisions).limit(1)
    if (!kept) throw new Error('no revision')
    await t.db
      .update(revisions)
      .set({ row: { ...kept.row, title: 'Bell\u0007', website_url: 'javascript:alert(1)' } })
      .where(eq(revisions.id, kept.id))
    const r = await t.request(
      'POST',
      `/api/projects/${kept.item_id}/revisions/${kept.id}/restore`,
      { token },
    )
    expect(r.status, r.text).toBe(400)
    expect(String(r.body.error)).toContain('website_url:')
    const [project] = await t.db.select().from(projects).where(eq(projects.id, kept.item_id))
    expect(project?.title).toBe('Kept Project')
    expect(project?.website_url).toBeNull()
  })

  test('GET /api/backup answers with rows stored before a rule existed, and never 500s on one it cannot write', async () => {
    await t.db.execute(sql`update ${projects} set title = ${'Old \uffff title'}`)
    const ok = await t.request('GET', '/api/backup', { token })
    expect(ok.status).toBe(200)
    // A media key no store can hold: a clear answer naming it, not a 500.
    await t.db.execute(sql`
      insert into media (hash, key, content_type, width, height, bytes, placeholder)
      values (${'b'.repeat(64)}, '../canary.txt', 'text/plain', 1, 1, 1, 'data:image/png;base64,AAAA')
    `)
    const refused = await t.request('GET', '/api/backup', { token })
    expect(refused.status, refused.text).not.toBe(500)
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(String(refused.body.error)).toContain('media')
  })
})

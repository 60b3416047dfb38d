/**
 * Notes on the API: writing notes (validation, slugs, former slugs), who
 * sees drafts and scheduled notes (nobody but the signed-in admin, on every
 * public door, until their time), the publishing job on a clock the test
 * moves, and deletes.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readContentVersion } from '../../db/content-version'
import { notes } from '../../db/schema'
import { publishDueNotes } from '../../services/note-publishing'
import { createTestApp, isRecord, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: 'https://ada.example' })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

export const sampleNote = (title = 'Sample Note', extra: Record<string, unknown> = {}) => ({
  title,
  summary: 'What this note is about.',
  body: 'Some **Markdown** text.',
  tags: ['Writing'],
  status: 'published',
  ...extra,
})

async function create(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/notes', { token, body })
  expect(r.status).toBe(201)
  return r.body
}

const slugsOf = (list: unknown[]) => list.map((item) => (isRecord(item) ? item.slug : null))
const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString()

describe('writing notes', () => {
  test('a note is created with its slug, rendered and sanitised body and reading time', async () => {
    const body = await create(
      sampleNote('Hello, World: Notes!', {
        body: `# Heading\n\n${'word '.repeat(660)}\n\n<script>alert(1)</script><img src=x onerror=alert(1)>`,
        tags: [' Bun ', '', 'TypeScript'],
      }),
    )
    expect(body).toMatchObject({
      slug: 'hello-world-notes',
      title: 'Hello, World: Notes!',
      tags: ['Bun', 'TypeScript'],
      status: 'published',
      state: 'published',
      reading_minutes: 3,
      cover_url: null,
    })
    expect(typeof body.id).toBe('number')
    expect(String(body.body_html)).toContain('<h2')
    expect(String(body.body_html)).not.toContain('<script')
    expect(String(body.body_html)).not.toContain('onerror')
    expect(body.published_at).toBe(t.clock.now().toISOString())
    expect(typeof body.created_at).toBe('string')
    expect(typeof body.updated_at).toBe('string')
  })

  test('bad input is a 400 naming the fields', async () => {
    const r = await t.request('POST', '/api/notes', {
      token,
      body: { title: ' ', summary: 'x', body: 'y', status: 'later', published_at: 'tomorrow' },
    })
    expect(r.status).toBe(400)
    expect(typeof r.body.error).toBe('string')
    expect(Object.keys(r.body.fields as object).sort()).toEqual(['published_at', 'status', 'title'])
  })

  test('writes need the bearer token', async () => {
    expect((await t.request('POST', '/api/notes', { body: sampleNote() })).status).toBe(401)
    expect((await t.request('PUT', '/api/notes/1', { body: sampleNote() })).status).toBe(401)
    expect((await t.request('DELETE', '/api/notes/1')).status).toBe(401)
  })

  test('the same title twice gets -2; renaming keeps the former slug answering', async () => {
    const first = await create(sampleNote('Twice'))
    const second = await create(sampleNote('Twice'))
    expect([first.slug, second.slug]).toEqual(['twice', 'twice-2'])
    const renamed = await t.request('PUT', `/api/notes/${first.id}`, {
      token,
      body: sampleNote('Once Only'),
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.slug).toBe('once-only')
    const old = await t.request('GET', '/api/notes/twice')
    expect(old.status).toBe(200)
    expect(old.body.slug).toBe('once-only')
  })

  test('a write bumps the content version', async () => {
    const before = await readContentVersion(t.db)
    await create(sampleNote('Version'))
    expect(await readContentVersion(t.db)).toBe(before + 1)
  })

  test('delete: 204, then the note and its page answer 404', async () => {
    const note = await create(sampleNote('Going Away'))
    expect((await t.request('DELETE', `/api/notes/${note.id}`, { token })).status).toBe(204)
    expect((await t.request('GET', '/api/notes/going-away')).status).toBe(404)
    expect((await t.request('GET', '/api/notes/going-away', { token })).status).toBe(404)
    expect((await t.request('DELETE', `/api/notes/${note.id}`, { token })).status).toBe(404)
  })
})

describe('drafts and scheduled notes', () => {
  test('a draft: listed and readable for the admin only', async () => {
    await create(sampleNote('Secret Draft', { status: 'draft' }))
    expect((await t.request('GET', '/api/notes/secret-draft')).status).toBe(404)
    const mine = await t.request('GET', '/api/notes/secret-draft', { token })
    expect(mine.status).toBe(200)
    expect(mine.body.state).toBe('draft')
    expect(slugsOf((await t.request('GET', '/api/notes')).list)).not.toContain('secret-draft')
    expect(slugsOf((await t.request('GET', '/api/notes', { token })).list)).toContain(
      'secret-draft',
    )
  })

  test('a scheduled note is absent everywhere until the job runs at its time, then present once', async () => {
    const note = await create(
      sampleNote('Future Words', {
        body: 'zeppelinous musings',
        published_at: inFuture(60 * 60_000),
      }),
    )
    expect(note.state).toBe('scheduled')
    const absent = async () => {
      expect((await t.request('GET', '/api/notes/future-words')).status).toBe(404)
      expect(slugsOf((await t.request('GET', '/api/notes')).list)).not.toContain('future-words')
      const search = await t.request('GET', '/api/search?q=zeppelinous')
      expect(search.body.results).toEqual([])
    }
    await absent()
    // Not yet due: the job leaves it.
    expect(await publishDueNotes({ db: t.db }, t.clock.now())).toEqual([])
    await absent()
    t.clock.advance(60 * 60_000)
    // Due, but nothing ran: still absent (the job makes it public, and refreshes caches).
    await absent()
    const version = await readContentVersion(t.db)
    expect(await publishDueNotes({ db: t.db }, t.clock.now())).toEqual([note.id as number])
    expect(await readContentVersion(t.db)).toBe(version + 1)
    expect(await publishDueNotes({ db: t.db }, t.clock.now())).toEqual([])
    const live = await t.request('GET', '/api/notes/future-words')
    expect(live.status).toBe(200)
    expect(live.body.state).toBe('published')
    expect(slugsOf((await t.request('GET', '/api/notes')).list)).toContain('future-words')
    const search = await t.request('GET', '/api/search?q=zeppelinous')
    expect(search.body.results).toMatchObject([{ kind: 'note', url: '/notes/future-words' }])
  })

  test('moving a live note to a time to come takes it off until then', async () => {
    const note = await create(sampleNote('Pulled Back'))
    const r = await t.request('PUT', `/api/notes/${note.id}`, {
      token,
      body: sampleNote('Pulled Back', { published_at: inFuture(86_400_000) }),
    })
    expect(r.body.state).toBe('scheduled')
    expect((await t.request('GET', '/api/notes/pulled-back')).status).toBe(404)
  })

  test('the public list is newest first and filters by tag in any case', async () => {
    await t.db.delete(notes)
    await create(sampleNote('Older', { published_at: '2026-01-01T10:00:00Z', tags: ['Rust'] }))
    await create(sampleNote('Newer', { published_at: '2026-02-01T10:00:00+01:00', tags: ['Go'] }))
    expect(slugsOf((await t.request('GET', '/api/notes')).list)).toEqual(['newer', 'older'])
    expect(slugsOf((await t.request('GET', '/api/notes?tag=rust')).list)).toEqual(['older'])
  })
})

describe('link-preview cards', () => {
  test('a live note has its card; a draft has none; a former slug moves', async () => {
    const note = await create(sampleNote('Card Note', { tags: ['Cards'] }))
    const card = await t.app.handle(new Request('http://localhost/og/notes/card-note.png'))
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/png')
    await create(sampleNote('Card Draft', { status: 'draft' }))
    const draft = await t.app.handle(new Request('http://localhost/og/notes/card-draft.png'))
    expect(draft.status).toBe(404)
    await t.request('PUT', `/api/notes/${note.id}`, { token, body: sampleNote('Card Renamed') })
    const moved = await t.app.handle(new Request('http://localhost/og/notes/card-note.png'))
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/og/notes/card-renamed.png')
  })
})

describe('the former paths /api/posts… (aliases for one release)', () => {
  test('each answers as its /api/notes path: list, read, create, update, delete, and the 401 and 400', async () => {
    await t.db.delete(notes)
    const created = await t.request('POST', '/api/posts', { token, body: sampleNote('Via Alias') })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      slug: 'via-alias',
      title: 'Via Alias',
      state: 'published',
    })
    const id = created.body.id as number
    // Reads: the same answer at both paths, for a visitor and for the owner.
    for (const [older, current] of [
      ['/api/posts', '/api/notes'],
      ['/api/posts?tag=writing', '/api/notes?tag=writing'],
      ['/api/posts/via-alias', '/api/notes/via-alias'],
    ] as const) {
      for (const auth of [{}, { token }]) {
        const [a, b] = await Promise.all([
          t.request('GET', older, auth),
          t.request('GET', current, auth),
        ])
        expect(a.status).toBe(200)
        expect(a.status).toBe(b.status)
        expect(a.json).toEqual(b.json)
      }
    }
    const updated = await t.request('PUT', `/api/posts/${id}`, {
      token,
      body: sampleNote('Renamed Via Alias'),
    })
    expect(updated.status).toBe(200)
    expect(updated.headers.get('etag')).toBe(`"${updated.body.version}"`)
    expect((await t.request('GET', '/api/notes/renamed-via-alias')).body.id).toBe(id)
    // The same refusals.
    expect((await t.request('POST', '/api/posts', { body: sampleNote() })).status).toBe(401)
    const bad = await t.request('POST', '/api/posts', { token, body: { title: ' ' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields as object)).toContain('title')
    expect((await t.request('GET', '/api/posts/no-such-note')).body).toEqual({
      error: 'Note not found.',
    })
    expect((await t.request('DELETE', `/api/posts/${id}`, { token })).status).toBe(204)
    expect((await t.request('GET', '/api/notes/renamed-via-alias')).status).toBe(404)
  })

  test('the API reference lists them as deprecated, naming the path to use', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).json as {
      paths: Record<string, Record<string, { deprecated?: boolean; description?: string }>>
    }
    expect(document.paths['/api/notes']?.get?.deprecated).toBeUndefined()
    for (const [path, method, current] of [
      ['/api/posts', 'get', 'GET /api/notes'],
      ['/api/posts', 'post', 'POST /api/notes'],
      ['/api/posts/{slug}', 'get', 'GET /api/notes/{slug}'],
      ['/api/posts/{id}', 'put', 'PUT /api/notes/{id}'],
      ['/api/posts/{id}', 'delete', 'DELETE /api/notes/{id}'],
    ] as const) {
      const operation = document.paths[path]?.[method]
      expect(operation?.deprecated).toBe(true)
      expect(operation?.description).toContain(`\`${current}\``)
    }
  })
})

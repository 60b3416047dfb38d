/**
 * Two tabs editing the same item, through the API, on PGlite and
 * PostgreSQL: every read answers the item's `version` (and a signed-in
 * read of one item its ETag); a save that sends the version it was loaded
 * from wins once, and the second save made from that same version answers
 * 409 with both versions and changes nothing. A save without a version
 * replaces the item as before; `If-Match` works like the body's field.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { notes, profile, projects, timelineEvents } from '../../db/schema'
import { createTestApp, sample, type TestApp } from '../support/harness'

setDefaultTimeout(60_000)

let t: TestApp
let token: string
// Generous: a fresh database under a loaded machine can take half a minute.
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 90_000)
afterAll(() => t.close())

const profileBody = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  linkedin_url: 'https://www.linkedin.com/in/grace',
  github_url: 'https://github.com/grace',
  photo_url: '/profile.svg',
}

const noteBody = {
  title: 'A note',
  summary: 'What it is about.',
  body: 'Some text.',
  status: 'draft',
}

/** One kind of versioned item: how to make one, read it, save it, and read its stored row. */
interface Kind {
  name: string
  create: () => Promise<{ read: string; write: string; body: Record<string, unknown> }>
  /** Tab A's change and tab B's change, each over the loaded fields. */
  changeA: Record<string, unknown>
  changeB: Record<string, unknown>
  row: (id: number | undefined) => Promise<unknown>
  /** The read is shared by everyone (cached): its ETag is the cache's, not the version. */
  sharedRead?: boolean
}

const kinds: Kind[] = [
  {
    name: 'project',
    create: async () => {
      const body = { ...sample.project('Conflicted'), role: 'Developer', period: '2023' }
      const r = await t.request('POST', '/api/projects', { token, body })
      return { read: `/api/projects/${r.body.slug}`, write: `/api/projects/${r.id}`, body }
    },
    changeA: { role: 'Lead developer' },
    changeB: { period: 'Spring 2024' },
    row: async (id) =>
      (
        await t.db
          .select()
          .from(projects)
          .where(eq(projects.id, id ?? 0))
      )[0],
  },
  {
    name: 'timeline event',
    create: async () => {
      const body = { ...sample.event('Conflicted'), position: 'Intern', description: ['One'] }
      const r = await t.request('POST', '/api/timeline', { token, body })
      return { read: `/api/timeline/${r.id}`, write: `/api/timeline/${r.id}`, body }
    },
    changeA: { position: 'Engineer' },
    changeB: { description: ['Two'] },
    sharedRead: true,
    row: async (id) =>
      (
        await t.db
          .select()
          .from(timelineEvents)
          .where(eq(timelineEvents.id, id ?? 0))
      )[0],
  },
  {
    name: 'note',
    create: async () => {
      const r = await t.request('POST', '/api/notes', { token, body: noteBody })
      return { read: `/api/notes/${r.body.slug}`, write: `/api/notes/${r.id}`, body: noteBody }
    },
    changeA: { summary: 'Changed in tab A.' },
    changeB: { body: 'Changed in tab B.' },
    row: async (id) =>
      (
        await t.db
          .select()
          .from(notes)
          .where(eq(notes.id, id ?? 0))
      )[0],
  },
  {
    name: 'profile',
    create: async () => {
      await t.request('PUT', '/api/profile', { token, body: profileBody })
      return { read: '/api/profile', write: '/api/profile', body: profileBody }
    },
    changeA: { location: 'Arlington' },
    changeB: { university: 'Yale' },
    row: async () => (await t.db.select().from(profile))[0],
  },
]

describe.each(kinds)('$name', (kind) => {
  test('tab B saving over tab A answers 409 with both versions, and the row is unchanged', async () => {
    const { read, write, body } = await kind.create()
    // Both tabs load the same version.
    const loaded = await t.request('GET', read, { token })
    expect(loaded.status).toBe(200)
    const version = loaded.body.version
    expect(typeof version).toBe('number')
    const id = typeof loaded.body.id === 'number' ? loaded.body.id : undefined

    const a = await t.request('PUT', write, { token, body: { ...body, ...kind.changeA, version } })
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject(kind.changeA)
    expect(a.body.version).not.toBe(version)
    const afterA = await kind.row(id)

    const b = await t.request('PUT', write, { token, body: { ...body, ...kind.changeB, version } })
    expect(b.status).toBe(409)
    expect(b.body.error).toContain('newer version')
    expect(b.body.current).toMatchObject({ ...kind.changeA, version: a.body.version })
    expect(b.body.yours).toMatchObject({ ...kind.changeB, version })
    expect(await kind.row(id)).toEqual(afterA)
    expect((await t.request('GET', read, { token })).body).toMatchObject(kind.changeA)

    // Overwrite: B sends again from the version the 409 answered; A's change is replaced.
    const current = b.body.current as { version: number }
    const again = await t.request('PUT', write, {
      token,
      body: { ...body, ...kind.changeB, version: current.version },
    })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject(kind.changeB)
  })

  test('a save without a version replaces the item, as before', async () => {
    const { read, write, body } = await kind.create()
    const loaded = await t.request('GET', read, { token })
    await t.request('PUT', write, { token, body: { ...body, ...kind.changeA } })
    const blind = await t.request('PUT', write, { token, body: { ...body, ...kind.changeB } })
    expect(blind.status).toBe(200)
    expect(blind.body).toMatchObject(kind.changeB)
    expect(blind.body.version).not.toBe(loaded.body.version)
  })

  test('If-Match carries the version as the ETag a signed-in read answers', async () => {
    const { read, write, body } = await kind.create()
    const loaded = await t.request('GET', read, { token })
    const etag = kind.sharedRead ? `"${loaded.body.version}"` : loaded.headers.get('etag')
    expect(etag).toBe(`"${loaded.body.version}"`)
    const id = typeof loaded.body.id === 'number' ? loaded.body.id : undefined

    const a = await t.request('PUT', write, {
      token,
      body: { ...body, ...kind.changeA },
      headers: { 'if-match': etag ?? '' },
    })
    expect(a.status).toBe(200)
    expect(a.headers.get('etag')).toBe(`"${a.body.version}"`)
    const afterA = await kind.row(id)

    const b = await t.request('PUT', write, {
      token,
      body: { ...body, ...kind.changeB },
      headers: { 'if-match': etag ?? '' },
    })
    expect(b.status).toBe(409)
    expect(b.body.current).toMatchObject(kind.changeA)
    expect(await kind.row(id)).toEqual(afterA)
  })
})

describe('refused versions', () => {
  test('an If-Match that is not a version, or that differs from the body, is a 400 naming it', async () => {
    const r = await t.request('POST', '/api/projects', { token, body: sample.project('Tags') })
    const bad = await t.request('PUT', `/api/projects/${r.id}`, {
      token,
      body: sample.project('Tags'),
      headers: { 'if-match': 'W/"abc"' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toContain('If-Match')
    const differs = await t.request('PUT', `/api/projects/${r.id}`, {
      token,
      body: { ...sample.project('Tags'), version: 1 },
      headers: { 'if-match': '"2"' },
    })
    expect(differs.status).toBe(400)
    expect(differs.body.error).toContain('If-Match')
    const notNumber = await t.request('PUT', `/api/projects/${r.id}`, {
      token,
      body: { ...sample.project('Tags'), version: 'latest' },
    })
    expect(notNumber.status).toBe(400)
    expect(notNumber.body.fields).toHaveProperty('version')
  })

  test('If-Match: * saves whatever the stored version is', async () => {
    const r = await t.request('POST', '/api/projects', { token, body: sample.project('Star') })
    const saved = await t.request('PUT', `/api/projects/${r.id}`, {
      token,
      body: { ...sample.project('Star'), role: 'Anyone' },
      headers: { 'if-match': '*' },
    })
    expect(saved.status).toBe(200)
  })
})

describe('the tRPC door', () => {
  test('update takes the same `version` and answers CONFLICT with both versions', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Via tRPC'),
    })
    const version = created.body.version
    const call = (role: string) =>
      t.app.handle(
        new Request('http://localhost/trpc/projects.update', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id: created.id, ...sample.project('Via tRPC'), role, version }),
        }),
      )
    expect((await call('First')).status).toBe(200)
    const second = await call('Second')
    expect(second.status).toBe(409)
    const body = (await second.json()) as {
      error: { data: { code: string; conflict: { current: { role: string } } } }
    }
    expect(body.error.data.code).toBe('CONFLICT')
    expect(body.error.data.conflict.current.role).toBe('First')
  })
})

describe('skills', () => {
  test('a skill holding commas is several, on save and as stored before the rule', async () => {
    const saved = await t.request('PUT', '/api/profile', {
      token,
      body: { ...profileBody, skills: ['TypeScript', 'Kafka, Docker', 'Used 1,000 nodes'] },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.skills).toEqual(['TypeScript', 'Kafka', 'Docker', 'Used 1,000 nodes'])
    // A row written before the rule: read by it, no migration.
    await t.db
      .update(profile)
      .set({ skills: ['Rust, Go', 'SQL'] })
      .where(eq(profile.id, 1))
    expect((await t.request('GET', '/api/profile')).body.skills).toEqual(['Rust', 'Go', 'SQL'])
  })
})

describe('the API reference', () => {
  test('each versioned save lists If-Match and its 409; /api/docs shows both', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }
        >
      >
    }
    for (const [path, method] of [
      ['/api/projects/{id}', 'put'],
      ['/api/timeline/{id}', 'put'],
      ['/api/notes/{id}', 'put'],
      ['/api/profile', 'put'],
    ] as const) {
      const operation = document.paths[path]?.[method]
      expect(operation?.parameters).toContainEqual(
        expect.objectContaining({ name: 'If-Match', in: 'header' }),
      )
      expect(operation?.responses).toHaveProperty('409')
    }
    // A save that is not of a versioned item has neither.
    expect(document.paths['/api/appearance']?.put?.responses).not.toHaveProperty('409')
    const page = await t.request('GET', '/api/docs')
    expect(page.text).toContain('If-Match')
    expect(page.text).toContain('{ error, current, yours }')
  })
})

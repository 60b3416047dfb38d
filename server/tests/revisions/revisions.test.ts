/**
 * Revisions of projects and of the profile through the API, on PGlite and
 * PostgreSQL: each save that changes something keeps the version before
 * it, listed newest first with the fields it changed and their values; a
 * restore brings a version back and is itself a revision; the last 50 are
 * kept.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { revisions } from '../../db/schema'
import { createTestApp, sample, type TestApp } from '../support/harness'

setDefaultTimeout(60_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

type Listed = {
  id: number
  saved_at: string
  changed: string[]
  changes: { field: string; before: string; after: string }[]
}

describe('project revisions', () => {
  test('each save keeps the previous version; a restore brings it back as a new revision', async () => {
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Versioned'), tags: ['One'] },
    })
    const id = created.id
    const empty = await t.request('GET', `/api/projects/${id}/revisions`, { token })
    expect(empty.status).toBe(200)
    expect(empty.list).toEqual([])

    const put = (body: Record<string, unknown>) =>
      t.request('PUT', `/api/projects/${id}`, { token, body })
    expect((await put({ ...sample.project('Versioned'), description: 'Second.' })).status).toBe(200)
    // A save that changes nothing keeps nothing.
    await put({ ...sample.project('Versioned'), description: 'Second.' })
    expect(
      (await put({ ...sample.project('Renamed'), description: 'Third.', tags: ['A', 'B'] })).status,
    ).toBe(200)

    const listed = (await t.request('GET', `/api/projects/${id}/revisions`, { token }))
      .list as Listed[]
    expect(listed.map((rev) => rev.changed)).toEqual([
      ['title', 'description', 'tags'],
      ['description', 'tags'],
    ])
    expect(listed[0]?.changes).toEqual([
      { field: 'title', before: 'Versioned', after: 'Renamed' },
      { field: 'description', before: 'Second.', after: 'Third.' },
      { field: 'tags', before: '', after: 'A\nB' },
    ])
    expect(listed[1]?.changes[0]).toEqual({
      field: 'description',
      before: 'A short description.',
      after: 'Second.',
    })

    const oldest = listed[1]?.id
    const restored = await t.request('POST', `/api/projects/${id}/revisions/${oldest}/restore`, {
      token,
    })
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({
      title: 'Versioned',
      slug: 'versioned',
      description: 'A short description.',
      tags: ['One'],
    })
    expect((await t.request('GET', '/api/projects/versioned')).body.description).toBe(
      'A short description.',
    )
    const after = (await t.request('GET', `/api/projects/${id}/revisions`, { token }))
      .list as Listed[]
    expect(after).toHaveLength(3)
    expect(after[0]?.changes.find((c) => c.field === 'title')).toEqual({
      field: 'title',
      before: 'Renamed',
      after: 'Versioned',
    })
  })

  test('404 for an unknown project or revision; 401 without a session', async () => {
    expect((await t.request('GET', '/api/projects/999999/revisions', { token })).status).toBe(404)
    const p = await t.request('POST', '/api/projects', { token, body: sample.project('No Revs') })
    expect(
      (await t.request('POST', `/api/projects/${p.id}/revisions/999999/restore`, { token })).status,
    ).toBe(404)
    expect((await t.request('GET', `/api/projects/${p.id}/revisions`)).status).toBe(401)
  })

  test('a restore keeps the current published state unless asked to bring back the old one', async () => {
    const p = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Went Private'), is_published: true },
    })
    // Saved as a draft with a new description: the kept revision is the published one.
    const draft = await t.request('PUT', `/api/projects/${p.id}`, {
      token,
      body: { ...sample.project('Went Private'), description: 'Hidden.', is_published: false },
    })
    expect(draft.body.is_published).toBe(false)
    const [published] = (await t.request('GET', `/api/projects/${p.id}/revisions`, { token }))
      .list as Listed[]
    expect(published?.changed).toEqual(['description', 'is_published'])

    const restored = await t.request(
      'POST',
      `/api/projects/${p.id}/revisions/${published?.id}/restore`,
      { token },
    )
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({
      description: 'A short description.',
      is_published: false,
    })
    // Still a draft: visitors see nothing.
    expect((await t.request('GET', `/api/projects/${restored.body.slug}`)).status).toBe(404)

    const withState = await t.request(
      'POST',
      `/api/projects/${p.id}/revisions/${published?.id}/restore`,
      { token, body: { restore_published: true } },
    )
    expect(withState.status).toBe(200)
    expect(withState.body.is_published).toBe(true)
    expect((await t.request('GET', `/api/projects/${withState.body.slug}`)).status).toBe(200)
  })

  test('keeps the last 50', async () => {
    const p = await t.request('POST', '/api/projects', { token, body: sample.project('Many') })
    for (let save = 1; save <= 53; save++) {
      const r = await t.request('PUT', `/api/projects/${p.id}`, {
        token,
        body: { ...sample.project('Many'), description: `Save ${save}.` },
      })
      expect(r.status).toBe(200)
    }
    const listed = (await t.request('GET', `/api/projects/${p.id}/revisions`, { token }))
      .list as Listed[]
    expect(listed).toHaveLength(50)
    expect(listed[0]?.changes[0]).toEqual({
      field: 'description',
      before: 'Save 52.',
      after: 'Save 53.',
    })
    expect(listed.at(-1)?.changes[0]?.before).toBe('Save 3.')
    const stored = await t.db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.kind, 'project'), eq(revisions.item_id, p.id)))
    expect(stored).toHaveLength(50)
  })
})

describe('profile revisions', () => {
  test('a save keeps the previous profile; restore brings it back', async () => {
    const current = (await t.request('GET', '/api/profile')).body
    const {
      age: _age,
      photo: _photo,
      greeting: _greeting,
      bio_html: _bioHtml,
      version: _version,
      ...fields
    } = current
    const put = await t.request('PUT', '/api/profile', {
      token,
      body: { ...fields, name: 'Ada Renamed', major: 'Mathematics' },
    })
    expect(put.status).toBe(200)
    const listed = (await t.request('GET', '/api/profile/revisions', { token })).list as Listed[]
    expect(listed[0]?.changed).toEqual(['name', 'major'])
    expect(listed[0]?.changes[0]).toEqual({
      field: 'name',
      before: String(current.name),
      after: 'Ada Renamed',
    })
    const restored = await t.request('POST', `/api/profile/revisions/${listed[0]?.id}/restore`, {
      token,
    })
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({ name: current.name, major: current.major })
    expect((await t.request('GET', '/api/profile')).body.name).toBe(current.name)
    const after = (await t.request('GET', '/api/profile/revisions', { token })).list as Listed[]
    expect(after).toHaveLength(2)
    expect((await t.request('GET', '/api/profile/revisions')).status).toBe(401)
  })
})

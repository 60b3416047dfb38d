/**
 * The slug rule end to end: title-derived slugs, -2/-3 on collisions, former
 * slugs keep answering after a title edit, deletes free them, newest first.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { projectSlugs } from '../../db/schema'
import { createTestApp, isRecord, sample, type TestApp } from '../support/harness'

// Generous under a loaded machine; the whole suite still runs in well under a minute.
setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

async function create(title: string) {
  const r = await t.request('POST', '/api/projects', { token, body: sample.project(title) })
  if (r.status !== 201) throw new Error(`create ${title}: ${r.status} ${r.text}`)
  return { id: r.id, slug: String(r.body.slug) }
}

async function rename(id: number, title: string) {
  const r = await t.request('PUT', `/api/projects/${id}`, { token, body: sample.project(title) })
  if (r.status !== 200) throw new Error(`rename ${id}: ${r.status} ${r.text}`)
  return String(r.body.slug)
}

/** The project a slug answers: its id and title, or the status when none. */
async function resolve(slug: string) {
  const r = await t.request('GET', `/api/projects/${encodeURIComponent(slug)}`)
  return r.status === 200 ? { id: r.id, title: r.body.title } : r.status
}

async function slugsOf(id: number) {
  const rows = await t.db.select().from(projectSlugs).where(eq(projectSlugs.project_id, id))
  return rows.map((row) => row.slug).sort()
}

describe('collisions', () => {
  test('"Hello,   World!" → hello-world, then -2 and -3, all resolvable', async () => {
    const first = await create('Hello,   World!')
    expect(first.slug).toBe('hello-world')
    const second = await create('Hello,   World!')
    expect(second.slug).toBe('hello-world-2')
    const third = await create('hello world')
    expect(third.slug).toBe('hello-world-3')
    expect(new Set([first.id, second.id, third.id]).size).toBe(3)
    expect(await resolve('hello-world')).toEqual({ id: first.id, title: 'Hello,   World!' })
    expect(await resolve('hello-world-2')).toEqual({ id: second.id, title: 'Hello,   World!' })
    expect(await resolve('hello-world-3')).toEqual({ id: third.id, title: 'hello world' })
  })

  test('punctuation, runs of spaces, underscores, hyphens', async () => {
    // A title is one line: a tab or a line break in it is a 400 (the slug rule itself,
    // whitespace runs to one hyphen, is unit-tested in src/domain/slug.test.ts).
    const tabbed = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Tabs\tand\nnewlines'),
    })
    expect(tabbed.status).toBe(400)
    expect((await create('  Spaces   and  runs  ')).slug).toBe('spaces-and-runs')
    expect((await create('snake_case project')).slug).toBe('snake_case-project')
    expect((await create('snake_case project')).slug).toBe('snake_case-project-2')
    expect((await create('100% done')).slug).toBe('100-done')
    expect((await create('100% done')).slug).toBe('100-done-2')
    expect((await create('C++ / Rust: a (tiny) compiler?')).slug).toBe('c--rust-a-tiny-compiler')
    expect((await create('pre-hyphenated -- title')).slug).toBe('pre-hyphenated----title')
    expect((await create('Café')).slug).toBe('cafe')
  })

  test('a title whose slug is empty falls back to project, project-2', async () => {
    expect((await create('!!!')).slug).toBe('project')
    expect((await create('???')).slug).toBe('project-2')
    expect((await create('🚀✨')).slug).toBe('project-3')
    // Letters of other scripts are kept (src/domain/slug.ts).
    expect((await create('日本語')).slug).toBe('日本語')
  })

  test('a title that already ends in -2 does not take a suffixed slug from another', async () => {
    const base = await create('Widget')
    const suffixed = await create('Widget')
    expect(suffixed.slug).toBe('widget-2')
    const literal = await create('Widget 2')
    expect(literal.slug).toBe('widget-2-2')
    expect(await resolve('widget')).toMatchObject({ id: base.id })
    expect(await resolve('widget-2')).toMatchObject({ id: suffixed.id })
    expect(await resolve('widget-2-2')).toMatchObject({ id: literal.id })
  })

  test('concurrent creates with one title all get distinct slugs', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('POST', '/api/projects', { token, body: sample.project('Race Condition') }),
      ),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201))
    const slugs = responses.map((r) => String(r.body.slug)).sort()
    expect(slugs).toEqual([
      'race-condition',
      'race-condition-2',
      'race-condition-3',
      'race-condition-4',
      'race-condition-5',
      'race-condition-6',
    ])
  })
})

describe('title edits', () => {
  test('move the slug; the old one keeps answering the same project', async () => {
    const project = await create('Original Name')
    expect(await rename(project.id, 'Renamed Project')).toBe('renamed-project')
    expect(await resolve('renamed-project')).toEqual({ id: project.id, title: 'Renamed Project' })
    expect(await resolve('original-name')).toEqual({ id: project.id, title: 'Renamed Project' })
    expect(await slugsOf(project.id)).toEqual(['original-name', 'renamed-project'])

    // A new project with the old title cannot take the old slug.
    const newcomer = await create('Original Name')
    expect(newcomer.slug).toBe('original-name-2')
    expect(await resolve('original-name')).toMatchObject({ id: project.id })

    // Editing back reuses the original slug, without a suffix.
    expect(await rename(project.id, 'Original Name')).toBe('original-name')
    expect(await resolve('original-name')).toEqual({ id: project.id, title: 'Original Name' })
    expect(await resolve('renamed-project')).toMatchObject({ id: project.id })
    expect(await slugsOf(project.id)).toEqual(['original-name', 'renamed-project'])
  })

  test('an edit that keeps the title, or only its case and spacing, keeps the slug', async () => {
    const project = await create('Stable Title')
    const r = await t.request('PUT', `/api/projects/${project.id}`, {
      token,
      body: { ...sample.project('Stable Title'), description: 'changed' },
    })
    expect(r.body.slug).toBe('stable-title')
    expect(await rename(project.id, 'stable   TITLE')).toBe('stable-title')
    expect(await slugsOf(project.id)).toEqual(['stable-title'])
  })

  test('a rename onto a taken slug gets the next free suffix', async () => {
    await create('Taken')
    const mover = await create('Mover')
    expect(await rename(mover.id, 'Taken')).toBe('taken-2')
    expect(await resolve('mover')).toMatchObject({ id: mover.id })
  })

  test('the list shows only the current slug', async () => {
    const list = await t.request('GET', '/api/projects')
    const slugs = list.list.map((item) => (isRecord(item) ? item.slug : null))
    expect(slugs).toContain('original-name')
    expect(slugs).not.toContain('renamed-project')
    expect(new Set(slugs).size).toBe(slugs.length)
  })
})

describe('deletes', () => {
  test('a project in the Trash holds its slugs; removed for good, it frees every one', async () => {
    const project = await create('Short Lived')
    await rename(project.id, 'Short Lived Renamed')
    expect((await t.request('DELETE', `/api/projects/${project.id}`, { token })).status).toBe(204)
    expect(await resolve('short-lived')).toBe(404)
    expect(await resolve('short-lived-renamed')).toBe(404)
    expect(await slugsOf(project.id)).toEqual([])
    // Still held for a restore: a new project with the same title gets the next slug.
    const other = await create('Short Lived')
    expect(other.slug).toBe('short-lived-2')
    await t.request('DELETE', `/api/projects/${other.id}`, { token })
    await t.request('DELETE', `/api/trash/project/${other.id}`, { token })
    expect((await t.request('DELETE', `/api/trash/project/${project.id}`, { token })).status).toBe(
      204,
    )

    const reborn = await create('Short Lived')
    expect(reborn.slug).toBe('short-lived')
    expect(await resolve('short-lived')).toMatchObject({ id: reborn.id })
    expect((await create('Short Lived Renamed')).slug).toBe('short-lived-renamed')
  })

  test('removing the first of two same-title projects for good frees the base slug only', async () => {
    const first = await create('Twin')
    const second = await create('Twin')
    expect(second.slug).toBe('twin-2')
    await t.request('DELETE', `/api/projects/${first.id}`, { token })
    await t.request('DELETE', `/api/trash/project/${first.id}`, { token })
    expect(await resolve('twin')).toBe(404)
    expect(await resolve('twin-2')).toMatchObject({ id: second.id })
    expect((await create('Twin')).slug).toBe('twin')
  })
})

describe('ordering', () => {
  test('projects list newest first', async () => {
    const created = [await create('Order A'), await create('Order B'), await create('Order C')]
    const list = await t.request('GET', '/api/projects')
    const ids = list.list.map((item) => (isRecord(item) ? item.id : null))
    expect(ids.slice(0, 3)).toEqual(created.map((p) => p.id).reverse())
    // An edit does not move a project up.
    await rename(created[0]?.id ?? 0, 'Order A edited')
    const after = await t.request('GET', '/api/projects')
    expect(after.list.map((item) => (isRecord(item) ? item.id : null))).toEqual(ids)
  })

  test('timeline events list newest first', async () => {
    const ids: number[] = []
    for (const [index, title] of ['First', 'Second', 'Third'].entries()) {
      // Each starts later than the last: a new event takes its place by start date.
      const body = { ...sample.event(title), start_date: String(2020 + index) }
      ids.push((await t.request('POST', '/api/timeline', { token, body })).id)
    }
    const list = await t.request('GET', '/api/timeline')
    expect(list.list.map((item) => (isRecord(item) ? item.id : null))).toEqual(ids.reverse())
  })
})

/**
 * The Trash through the API, on PGlite and PostgreSQL: every delete of a
 * project, timeline event, message or image moves it there; it is gone
 * from every public answer at once and back, with its slug and place,
 * after a restore; delete-for-good and the 30-day purge (with the test
 * clock) remove it; the spec's DELETE endpoints still answer 204 then 404.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, projects, trash } from '../../db/schema'
import { purgeTrash } from '../../services/trash'
import { createTestApp, isRecord, sample, type TestApp } from '../support/harness'
import { blackPng, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(30_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: 'https://site.example' })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

const DAY = 86_400_000

async function createProject(title: string) {
  const r = await t.request('POST', '/api/projects', { token, body: sample.project(title) })
  expect(r.status).toBe(201)
  return { id: r.id, slug: String(r.body.slug) }
}

async function trashList() {
  const r = await t.request('GET', '/api/trash', { token })
  expect(r.status).toBe(200)
  return r.list as { kind: string; id: number; title: string; deleted_at: string }[]
}

const publicSlugs = async () =>
  (await t.request('GET', '/api/projects')).list.map((p) => (isRecord(p) ? p.slug : null))

describe('a deleted project', () => {
  test('leaves every public answer at once, comes back with its slug and place', async () => {
    const first = await createProject('Trash First')
    const middle = await createProject('Trash Middle')
    const last = await createProject('Trash Last')
    const before = await publicSlugs()
    expect(before.slice(0, 3)).toEqual([last.slug, middle.slug, first.slug])

    const deleted = await t.request('DELETE', `/api/projects/${middle.id}`, { token })
    expect(deleted.status).toBe(204)
    // The spec's contract: a deleted project answers 404.
    expect((await t.request('GET', `/api/projects/${middle.slug}`)).status).toBe(404)
    expect((await t.request('DELETE', `/api/projects/${middle.id}`, { token })).status).toBe(404)
    expect(await publicSlugs()).not.toContain(middle.slug)
    const sitemap = await t.request('GET', '/sitemap.xml')
    expect(sitemap.text).not.toContain(`/projects/${middle.slug}`)
    expect(sitemap.text).toContain(`/projects/${first.slug}`)

    const listed = await trashList()
    expect(listed[0]).toMatchObject({ kind: 'project', id: middle.id, title: 'Trash Middle' })
    expect(Date.parse(listed[0]?.deleted_at ?? '')).not.toBeNaN()

    const restored = await t.request('POST', `/api/trash/project/${middle.id}/restore`, { token })
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({ kind: 'project', id: middle.id })
    const back = await t.request('GET', `/api/projects/${middle.slug}`)
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({ id: middle.id, title: 'Trash Middle' })
    expect(await publicSlugs()).toEqual(before)
    expect(await t.request('GET', '/sitemap.xml').then((r) => r.text)).toContain(
      `/projects/${middle.slug}`,
    )
    expect((await trashList()).some((item) => item.id === middle.id)).toBe(false)
  })

  test('keeps holding its slug: a new project with the same title gets the next one', async () => {
    const held = await createProject('Held Slug')
    expect(held.slug).toBe('held-slug')
    await t.request('DELETE', `/api/projects/${held.id}`, { token })
    const newcomer = await createProject('Held Slug')
    expect(newcomer.slug).toBe('held-slug-2')
    await t.request('POST', `/api/trash/project/${held.id}/restore`, { token })
    expect((await t.request('GET', '/api/projects/held-slug')).body.id).toBe(held.id)
    expect((await t.request('GET', '/api/projects/held-slug-2')).body.id).toBe(newcomer.id)
  })

  test('removed for good: gone from the Trash, its slug free again', async () => {
    const gone = await createProject('Gone For Good')
    await t.request('DELETE', `/api/projects/${gone.id}`, { token })
    const removed = await t.request('DELETE', `/api/trash/project/${gone.id}`, { token })
    expect(removed.status).toBe(204)
    expect((await trashList()).some((item) => item.id === gone.id)).toBe(false)
    expect(
      (await t.request('POST', `/api/trash/project/${gone.id}/restore`, { token })).status,
    ).toBe(404)
    expect((await createProject('Gone For Good')).slug).toBe('gone-for-good')
  })
})

describe('a deleted timeline event', () => {
  test('leaves the public timeline and comes back in its place', async () => {
    const ids: number[] = []
    for (const title of ['Event A', 'Event B', 'Event C']) {
      const r = await t.request('POST', '/api/timeline', { token, body: sample.event(title) })
      expect(r.status).toBe(201)
      ids.push(r.id)
    }
    const order = async () =>
      (await t.request('GET', '/api/timeline')).list.map((e) => (isRecord(e) ? e.id : null))
    const before = await order()
    expect((await t.request('DELETE', `/api/timeline/${ids[1]}`, { token })).status).toBe(204)
    expect(await order()).not.toContain(ids[1])
    expect((await trashList())[0]).toMatchObject({
      kind: 'timeline_event',
      id: ids[1],
      title: 'Event B',
    })
    expect(
      (await t.request('POST', `/api/trash/timeline_event/${ids[1]}/restore`, { token })).status,
    ).toBe(200)
    expect(await order()).toEqual(before)
  })
})

describe('a deleted message', () => {
  test('leaves the inbox and comes back with its status', async () => {
    const sent = await t.request('POST', '/api/contact', { body: sample.message() })
    expect(sent.status).toBe(201)
    const inbox = async () =>
      (await t.request('GET', '/api/contact', { token })).list.map((m) =>
        isRecord(m) ? m.id : null,
      )
    expect(await inbox()).toContain(sent.id)
    expect((await t.request('DELETE', `/api/contact/${sent.id}`, { token })).status).toBe(204)
    expect(await inbox()).not.toContain(sent.id)
    expect((await trashList())[0]).toMatchObject({
      kind: 'message',
      id: sent.id,
      title: 'Message from Grace',
    })
    await t.request('POST', `/api/trash/message/${sent.id}/restore`, { token })
    expect(await inbox()).toContain(sent.id)
  })
})

describe('a deleted image', () => {
  test('leaves the library, keeps its files until removed for good', async () => {
    const r = await upload(t.app, token, uploadForm(blackPng(40, 30), { alt: 'Black square' }))
    expect(r.status).toBe(201)
    const key = String(r.body.url).replace('/media/', '')
    const library = async () =>
      (await t.request('GET', '/api/media', { token })).list.map((m) => (isRecord(m) ? m.id : null))
    expect((await t.request('DELETE', `/api/media/${r.id}`, { token })).status).toBe(204)
    expect(await library()).not.toContain(r.id)
    // Named as the library names it: its display name, the uploaded file's name.
    expect((await trashList())[0]).toMatchObject({ kind: 'image', id: r.id, title: 'upload.bin' })
    expect(await t.mediaStore.exists(key)).toBe(true)

    await t.request('POST', `/api/trash/image/${r.id}/restore`, { token })
    expect(await library()).toContain(r.id)

    await t.request('DELETE', `/api/media/${r.id}`, { token })
    expect((await t.request('DELETE', `/api/trash/image/${r.id}`, { token })).status).toBe(204)
    expect(await t.mediaStore.exists(key)).toBe(false)
  })
})

describe('the 30-day purge', () => {
  test('removes only what was deleted more than 30 days ago; twice at once removes it once', async () => {
    const old = await createProject('Old Trash')
    const recent = await createProject('Recent Trash')
    await t.request('DELETE', `/api/projects/${old.id}`, { token })
    await t.request('DELETE', `/api/projects/${recent.id}`, { token })
    const deletedAt = new Date()
    await t.db
      .update(trash)
      .set({ deleted_at: new Date(deletedAt.getTime() - 31 * DAY) })
      .where(eq(trash.item_id, old.id))

    // 29 days on for the recent one: only the old one goes.
    const now = new Date(deletedAt.getTime() + 29 * DAY)
    const counts = await Promise.all([purgeTrash(t.db, now), purgeTrash(t.db, now)])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    const left = (await trashList()).map((item) => item.id)
    expect(left).not.toContain(old.id)
    expect(left).toContain(recent.id)
    expect(await purgeTrash(t.db, now)).toBe(0)

    // And past its 30 days, the recent one too.
    expect(await purgeTrash(t.db, new Date(deletedAt.getTime() + 31 * DAY))).toBeGreaterThan(0)
    expect((await trashList()).map((item) => item.id)).not.toContain(recent.id)
  })
})

describe('the Trash API', () => {
  test('needs a session; unknown kinds are a 400, unknown items a 404', async () => {
    expect((await t.request('GET', '/api/trash')).status).toBe(401)
    expect((await t.request('POST', '/api/trash/project/1/restore')).status).toBe(401)
    const bad = await t.request('POST', '/api/trash/user/1/restore', { token })
    expect(bad.status).toBe(400)
    expect(String(bad.body.error)).toContain('kind')
    expect((await t.request('DELETE', '/api/trash/project/999999', { token })).status).toBe(404)
  })

  test('restores and removals are in the audit log', async () => {
    const p = await createProject('Audited Trash')
    await t.request('DELETE', `/api/projects/${p.id}`, { token })
    await t.request('POST', `/api/trash/project/${p.id}/restore`, { token })
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'trash.restore'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry?.details).toMatchObject({ id: p.id, kind: 'project', title: 'Audited Trash' })
    const [row] = await t.db.select().from(projects).where(eq(projects.id, p.id))
    expect(row?.title).toBe('Audited Trash')
  })
})

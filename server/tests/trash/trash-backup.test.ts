/**
 * The Trash and revisions in backups, and the notice an open admin tab gets
 * after a restore, on PGlite and PostgreSQL: a backup carries the Trash (a
 * trashed image's files too) and the revisions; a restore brings them back
 * and a trashed item can still be restored after it; a file written before
 * them (version 4) restores with both empty; the old token's next request
 * is a 401 that says when the site was restored.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { ADMIN, createTestApp, isRecord, sample, type TestApp } from '../support/harness'
import { blackPng, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(60_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

describe('backups and the Trash', () => {
  test('a backup carries the Trash and revisions; a restore brings both back', async () => {
    const kept = await t.request('POST', '/api/projects', { token, body: sample.project('Kept') })
    await t.request('PUT', `/api/projects/${kept.id}`, {
      token,
      body: { ...sample.project('Kept'), description: 'Edited.' },
    })
    const binned = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Binned'),
    })
    await t.request('DELETE', `/api/projects/${binned.id}`, { token })
    const image = await upload(t.app, token, uploadForm(blackPng(20, 20), { alt: 'Binned image' }))
    await t.request('DELETE', `/api/media/${image.id}`, { token })
    const imageKey = String(image.body.url).replace('/media/', '')

    const backup = await t.request('GET', '/api/backup', { token })
    expect(backup.status).toBe(200)
    const tables = backup.body.tables as Record<string, unknown[]>
    expect(backup.body.version).toBe(10)
    expect(tables.trash).toHaveLength(2)
    expect(tables.revisions).toHaveLength(1)
    expect(Object.keys(backup.body.media_files as object)).toContain(imageKey)

    // Everything changes after the backup; the restore puts it back.
    await t.request('POST', `/api/trash/project/${binned.id}/restore`, { token })
    await t.request('DELETE', `/api/trash/image/${image.id}`, { token })
    expect(await t.mediaStore.exists(imageKey)).toBe(false)

    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: backup.json },
    })
    expect(restored.status).toBe(200)

    // The old token: a 401 saying when the site was restored.
    const stale = await t.request('GET', '/api/trash', { token })
    expect(stale.status).toBe(401)
    expect(String(stale.body.error)).toMatch(
      /^The site was restored from a backup at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Sign in again\.$/,
    )
    token = await t.login()
    const listed = (await t.request('GET', '/api/trash', { token })).list
    expect(listed.map((item) => (isRecord(item) ? [item.kind, item.id] : null))).toEqual([
      ['image', image.id],
      ['project', binned.id],
    ])
    expect(await t.mediaStore.exists(imageKey)).toBe(true)
    const revs = await t.request('GET', `/api/projects/${kept.id}/revisions`, { token })
    expect(revs.list).toHaveLength(1)

    // After the restore the trashed project still comes back, with its slug; a new one gets a new id.
    const back = await t.request('POST', `/api/trash/project/${binned.id}/restore`, { token })
    expect(back.status).toBe(200)
    expect((await t.request('GET', '/api/projects/binned')).body.id).toBe(binned.id)
    const fresh = await t.request('POST', '/api/projects', { token, body: sample.project('New') })
    expect(fresh.id).toBeGreaterThan(binned.id)
  })

  test('a version 4 file (before the Trash) restores with an empty Trash', async () => {
    await t.request('POST', '/api/projects', { token, body: sample.project('Old File') })
    const backup = (await t.request('GET', '/api/backup', { token })).body
    const tables = { ...(backup.tables as Record<string, unknown>) }
    delete tables.trash
    delete tables.revisions
    const old = { ...backup, version: 4, tables }
    const r = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: old },
    })
    expect(r.status).toBe(200)
    token = await t.login()
    expect((await t.request('GET', '/api/trash', { token })).list).toEqual([])
  })

  test('an unknown token hears of a restore only within a session lifetime after it', async () => {
    // Well-formed, but no session ever had it.
    const madeUp = token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    const r = await t.request('GET', '/api/trash', { token: madeUp })
    expect(r.status).toBe(401)
    // Within the session lifetime after a restore, an unknown token is told of it…
    expect(String(r.body.error)).toContain('restored from a backup')
    // …past it, not any more.
    t.clock.advance(t.config.sessionTtlMs + 60_000)
    const later = await t.request('GET', '/api/trash', { token: madeUp })
    expect(later.body.error).toBe('You need to sign in to do this.')
  })
})

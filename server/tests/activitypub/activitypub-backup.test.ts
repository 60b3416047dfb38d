/**
 * Backups carry the account: restored on another server (another database,
 * another secrets key), the site keeps its handle, its key pairs (so
 * followers' servers still verify its signatures), its followers and what
 * it federated, so the notes pass sends no note a second time.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { ACTIVITYPUB_NOTES_JOB } from '../../activitypub/delivery'
import { activitypubDeliveries, activitypubFollowers } from '../../db/schema'
import { createSecretBox } from '../../secret-box'
import { loopbackFederation } from '../support/fedi-instances'
import { ADMIN, createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const AP = { accept: 'application/activity+json' }
const siteUrl = 'https://ada.example'
let a: TestApp
let b: TestApp
beforeAll(async () => {
  a = await createTestApp({ siteUrl, config: { activitypub: loopbackFederation } })
  b = await createTestApp({
    siteUrl,
    config: {
      activitypub: loopbackFederation,
      secrets: createSecretBox({ key: 'another server, another secrets key, 32 characters' }),
    },
  })
}, 60_000)
afterAll(async () => {
  await a?.close()
  await b?.close()
})

test('a restore on another server keeps the handle, the keys, the followers and what was sent', async () => {
  const token = await a.login()
  const on = await a.request('PUT', '/api/activitypub/settings', {
    token,
    body: { enabled: true, handle: 'ada', object_type: 'Note', approve_follows: true },
  })
  expect(on.status).toBe(200)
  await a.db.insert(activitypubFollowers).values({
    actor_id: 'https://mastodon.example/users/grace',
    handle: '@grace@mastodon.example',
    name: 'Grace',
    inbox: 'https://mastodon.example/users/grace/inbox',
    shared_inbox: 'https://mastodon.example/inbox',
    status: 'accepted',
  })
  const note = await a.request('POST', '/api/notes', {
    token,
    body: { title: 'Before the move', summary: 's', body: 'b', tags: [], status: 'published' },
  })
  expect(note.status).toBe(201)
  await a.jobs.runNow(ACTIVITYPUB_NOTES_JOB)
  const actorBefore = await a.request('GET', '/ap/users/site', { headers: AP })
  expect(actorBefore.status).toBe(200)

  const backup = await a.request('GET', '/api/backup', { token })
  expect(backup.status).toBe(200)
  const tables = backup.body.tables as Record<string, unknown[]>
  expect(tables.activitypub_keys).toHaveLength(2)
  expect(tables.activitypub_followers).toHaveLength(1)
  expect(tables.activitypub_notes).toHaveLength(1)

  const tokenB = await b.login()
  const restored = await b.request('POST', '/api/restore', {
    token: tokenB,
    body: { password: ADMIN.password, backup: backup.body },
  })
  expect(restored.status, restored.text.slice(0, 300)).toBe(200)
  const tokenAfter = await b.login()
  const settings = await b.request('GET', '/api/activitypub/settings', { token: tokenAfter })
  expect(settings.body).toMatchObject({
    enabled: true,
    handle: 'ada',
    object_type: 'Note',
    approve_follows: true,
    followers: 1,
  })
  const actorAfter = await b.request('GET', '/ap/users/site', { headers: AP })
  expect((actorAfter.body.publicKey as Record<string, unknown>).publicKeyPem).toBe(
    (actorBefore.body.publicKey as Record<string, unknown>).publicKeyPem,
  )
  // The note was sent before the backup: nothing is sent again.
  await b.jobs.runNow(ACTIVITYPUB_NOTES_JOB)
  expect(await b.db.select().from(activitypubDeliveries)).toEqual([])
})

test('a file without the ActivityPub tables (before version 10) restores with federation off', async () => {
  const token = await a.login()
  const backup = await a.request('GET', '/api/backup', { token })
  const older: Record<string, unknown> = { ...backup.body, version: 9 }
  const tables = { ...(older.tables as Record<string, unknown>) }
  for (const name of Object.keys(tables)) if (name.startsWith('activitypub_')) delete tables[name]
  const tokenB = await b.login()
  const restored = await b.request('POST', '/api/restore', {
    token: tokenB,
    body: { password: ADMIN.password, backup: { ...older, tables } },
  })
  expect(restored.status, restored.text.slice(0, 300)).toBe(200)
  const settings = await b.request('GET', '/api/activitypub/settings', { token: await b.login() })
  expect(settings.body).toMatchObject({ enabled: false, followers: 0 })
})

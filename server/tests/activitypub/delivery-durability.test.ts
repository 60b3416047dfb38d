/**
 * The outbox survives what kills a process, and several instances share it:
 *
 * - the real server (`bun server/index.ts`) delivering a note to 30 inboxes
 *   of a slow fake Mastodon is killed with `kill -9` half-way; started again,
 *   it delivers the rest: every inbox gets the Create, none twice but the
 *   one whose request was under way at the kill (sent again once its lease
 *   ran out, with the same activity id, which receivers take once);
 * - on PostgreSQL, three instances of one site on one database run the
 *   notes pass and the delivery at the same moments: each inbox gets each
 *   activity exactly once.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { ACTIVITYPUB_DELIVER_JOB, ACTIVITYPUB_NOTES_JOB } from '../../activitypub/delivery'
import { migrateDatabase, openDatabase } from '../../db/client'
import { activitypubDeliveries, activitypubFollowers } from '../../db/schema'
import {
  cleanupChildren,
  freePort,
  freshPostgresUrl,
  startServer,
  tempDir,
} from '../support/child-server'
import { type FakeMastodon, startFakeMastodon } from '../support/fake-mastodon'
import { loopbackFederation } from '../support/fedi-instances'
import { ADMIN, createTestApp, type TestApp, usingPostgres } from '../support/harness'

setDefaultTimeout(120_000)

const fakes: FakeMastodon[] = []
const open: TestApp[] = []
const stops: (() => void)[] = []
afterAll(async () => {
  for (const stop of stops) stop()
  for (const app of open.splice(0)) await app.close()
  for (const fake of fakes) fake.stop()
  await cleanupChildren()
})

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (check()) return
    await Bun.sleep(50)
  }
  throw new Error(`timed out waiting for ${what}`)
}

const createsByInbox = (fake: FakeMastodon) => {
  const counts = new Map<string, number>()
  for (const { path, activity } of fake.arrivals)
    if (activity.type === 'Create') counts.set(path, (counts.get(path) ?? 0) + 1)
  return counts
}

describe('kill -9 in the middle of a delivery', () => {
  test('the restarted server sends the rest, each inbox once', async () => {
    const inboxes = 30
    const fake = startFakeMastodon({ extraAccounts: inboxes, delayMs: 120 })
    fakes.push(fake)
    const port = freePort()
    const siteUrl = `http://127.0.0.1:${port}`
    const dataDir = tempDir('fedi-kill')
    const databaseUrl = usingPostgres ? await freshPostgresUrl() : ''
    const env = {
      SITE_URL: siteUrl,
      ACTIVITYPUB_ALLOW_LOOPBACK: 'on',
      ACTIVITYPUB_POLL: '100ms',
      ACTIVITYPUB_LEASE: '2s',
      JOBS_POLL: '100ms',
    }
    let server = await startServer({ dataDir, databaseUrl, env, port })
    const login = await fetch(`${siteUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const { token } = (await login.json()) as { token: string }
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const on = await fetch(`${siteUrl}/api/activitypub/settings`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        enabled: true,
        handle: 'ada',
        object_type: 'Note',
        approve_follows: false,
      }),
    })
    expect(on.status).toBe(200)
    const actor = `${siteUrl}/ap/users/site`
    for (let n = 1; n <= inboxes; n++) {
      const follow = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${fake.url}/follows/u${n}`,
        type: 'Follow',
        actor: fake.actorOf(`u${n}`),
        object: actor,
      }
      const answer = await fake.post(`${actor}/inbox`, follow, `u${n}`)
      expect(answer.status).toBe(202)
    }
    await until(
      () => fake.accepted.filter((each) => each.type === 'Accept').length === inboxes,
      60_000,
      'the Accepts',
    )
    const note = await fetch(`${siteUrl}/api/notes`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: 'Survives a crash',
        summary: 'Sent once.',
        body: 'Text.',
        tags: [],
        status: 'published',
      }),
    })
    expect(note.status).toBe(201)
    await until(() => createsByInbox(fake).size >= 8, 30_000, 'the first Creates')
    server.process.kill('SIGKILL')
    await server.process.exited
    const atKill = createsByInbox(fake).size
    expect(atKill).toBeLessThan(inboxes)

    server = await startServer({ dataDir, databaseUrl, env, port })
    await until(() => createsByInbox(fake).size === inboxes, 60_000, 'every inbox')
    // Past the lease of anything left claimed: nothing more comes.
    await Bun.sleep(3_000)
    const counts = createsByInbox(fake)
    expect(counts.size).toBe(inboxes)
    const twice = [...counts.values()].filter((n) => n > 1)
    expect(twice.length).toBeLessThanOrEqual(1)
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2)
    // One activity, one id, whichever inbox and however often it came.
    const ids = new Set(
      fake.arrivals
        .filter((each) => each.activity.type === 'Create')
        .map((each) => each.activity.id),
    )
    expect(ids.size).toBe(1)
  })
})

describe.skipIf(!usingPostgres)('three instances on one PostgreSQL database', () => {
  test('each activity reaches each inbox once', async () => {
    const inboxes = 24
    const fake = startFakeMastodon({ extraAccounts: inboxes })
    fakes.push(fake)
    const url = await freshPostgresUrl()
    const databases = []
    for (let n = 0; n < 3; n++) {
      const database = await openDatabase({ kind: 'postgres', url, max: 5 })
      if (n === 0) await migrateDatabase(database)
      databases.push(database)
    }
    // The site's address answers (the fake fetches the key there): the first instance serves it.
    const port = freePort()
    const siteUrl = `http://127.0.0.1:${port}`
    const apps: TestApp[] = []
    for (const [n, database] of databases.entries()) {
      const app = await createTestApp({
        database,
        siteUrl,
        withAdmin: n === 0,
        config: { activitypub: loopbackFederation },
      })
      apps.push(app)
      open.push(app)
    }
    const [first] = apps
    if (!first) throw new Error('no instance')
    const listening = Bun.serve({
      hostname: '127.0.0.1',
      port,
      fetch: (request) => first.app.handle(request),
    })
    stops.push(() => listening.stop(true))
    const token = await first.login()
    const on = await first.request('PUT', '/api/activitypub/settings', {
      token,
      body: { enabled: true, handle: 'ada', object_type: 'Article', approve_follows: false },
    })
    expect(on.status).toBe(200)
    await first.db.insert(activitypubFollowers).values(
      Array.from({ length: inboxes }, (_, i) => ({
        actor_id: fake.actorOf(`u${i + 1}`),
        handle: `@u${i + 1}@fake`,
        inbox: `${fake.actorOf(`u${i + 1}`)}/inbox`,
        status: 'accepted' as const,
      })),
    )
    const created = await first.request('POST', '/api/notes', {
      token,
      body: { title: 'Once each', summary: 's', body: 'b', tags: [], status: 'published' },
    })
    expect(created.status).toBe(201)
    // The three at the same moments, several times over.
    for (let round = 0; round < 3; round++) {
      await Promise.all(apps.map((app) => app.jobs.runNow(ACTIVITYPUB_NOTES_JOB)))
      await Promise.all(apps.map((app) => app.jobs.runNow(ACTIVITYPUB_DELIVER_JOB)))
    }
    // An edit, then the same again.
    const note = await first.request('GET', `/api/notes/${created.body.slug}`, { token })
    const edited = await first.request('PUT', `/api/notes/${created.id}`, {
      token,
      body: {
        title: 'Once each, edited',
        summary: 's',
        body: 'b',
        tags: [],
        status: 'published',
        version: note.body.version,
      },
    })
    expect(edited.status).toBe(200)
    for (let round = 0; round < 3; round++) {
      await Promise.all(apps.map((app) => app.jobs.runNow(ACTIVITYPUB_NOTES_JOB)))
      await Promise.all(apps.map((app) => app.jobs.runNow(ACTIVITYPUB_DELIVER_JOB)))
    }
    for (const type of ['Create', 'Update']) {
      const counts = new Map<string, number>()
      for (const { path, activity } of fake.arrivals)
        if (activity.type === type) counts.set(path, (counts.get(path) ?? 0) + 1)
      expect(counts.size).toBe(inboxes)
      expect([...new Set(counts.values())]).toEqual([1])
    }
    const rows = await first.db.select().from(activitypubDeliveries)
    expect(rows).toHaveLength(inboxes * 2)
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })
})

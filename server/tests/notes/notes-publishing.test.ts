/**
 * Scheduled publishing across instances: two servers on one PostgreSQL
 * database, each running the publishing job at the same moments. Every due
 * note goes live exactly once (one claim, one content-version bump per
 * claiming run), and the other server's public answers show it at once.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { migrateDatabase, openDatabase } from '../../db/client'
import { readContentVersion } from '../../db/content-version'
import { publishDueNotes } from '../../services/note-publishing'
import { cleanupChildren, freshPostgresUrl } from '../support/child-server'
import { createTestApp, type TestApp, usingPostgres } from '../support/harness'

setDefaultTimeout(60_000)

const open: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const item of open.splice(0)) await item.close()
  await cleanupChildren()
})

describe.skipIf(!usingPostgres)('two servers on one PostgreSQL database', () => {
  test('each scheduled note is published exactly once, and both servers show it', async () => {
    const url = await freshPostgresUrl()
    const first = await openDatabase({ kind: 'postgres', url, max: 5 })
    await migrateDatabase(first)
    const second = await openDatabase({ kind: 'postgres', url, max: 5 })
    const a: TestApp = await createTestApp({ database: first })
    const b: TestApp = await createTestApp({ database: second, withAdmin: false })
    open.push(a, b)
    const token = await a.login()
    const start = a.clock.now().getTime()
    const count = 30
    for (let n = 0; n < count; n++) {
      const r = await a.request('POST', '/api/notes', {
        token,
        body: {
          title: `Scheduled ${n}`,
          summary: 's',
          body: 'b',
          status: 'published',
          // Due at different moments within the next minute.
          published_at: new Date(start + 1_000 + n * 1_000).toISOString(),
        },
      })
      expect(r.status).toBe(201)
    }
    expect((await b.request('GET', '/api/notes')).list).toEqual([])
    const versionBefore = await readContentVersion(first.db)

    // Both instances run the job at the same moments, 5 s apart, many times concurrently.
    const claimed: number[] = []
    let claimingRuns = 0
    for (let step = 1; step <= 8; step++) {
      const now = new Date(start + step * 5_000)
      const runs = await Promise.all(
        [first, second, first, second].map((database) => publishDueNotes({ db: database.db }, now)),
      )
      for (const ids of runs) {
        claimed.push(...ids)
        if (ids.length > 0) claimingRuns++
      }
    }
    expect(claimed.length).toBe(count)
    expect(new Set(claimed).size).toBe(count)
    expect(await readContentVersion(first.db)).toBe(versionBefore + claimingRuns)
    const seenOnB = (await b.request('GET', '/api/notes')).list
    expect(seenOnB.length).toBe(count)
  })
})

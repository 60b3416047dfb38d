/**
 * GitHub data follows GITHUB_REFRESH: the real server as a child process,
 * its refresh on the jobs runner with a 1 s cadence, against the fake
 * GitHub on loopback. A change on GitHub (new stars, a 500, a 404, the end
 * of a rate limit) shows on the project within a few cadences, with nothing
 * but time passing: no save, no "Refresh now". Polled, not timed tightly.
 * PGlite always, PostgreSQL too when DATABASE_URL is set.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { join } from 'node:path'
import {
  type ChildServer,
  call,
  cleanupChildren,
  exitWithin,
  freshPostgresUrl,
  login,
  startServer,
  tempDir,
} from '../support/child-server'
import { createFakeGitHub } from '../support/fake-github'
import { isRecord, sample } from '../support/harness'

setDefaultTimeout(120_000)

const fake = createFakeGitHub()
const served = fake.serve()

afterAll(async () => {
  await cleanupChildren()
  served.stop()
})

/** Within this long of a change, the project shows it (GITHUB_REFRESH is 1 s; the job polls at that cadence). */
const WITHIN_MS = 10_000

async function eventually(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < WITHIN_MS) {
    if (await check()) return Date.now() - started
    await Bun.sleep(200)
  }
  throw new Error(`not within ${WITHIN_MS} ms: ${what}`)
}

async function refreshFollowsItsCadence(databaseUrl: string) {
  fake.put({ owner: 'ada', name: 'engine', stars: 1, pushed_at: '2026-11-01T00:00:00Z' })
  const dataDir = join(tempDir('github-refresh'), 'data')
  const server: ChildServer = await startServer({
    dataDir,
    databaseUrl,
    // The alert poll and the jobs poll stay long: only GITHUB_REFRESH sets the cadence.
    env: { GITHUB_API_URL: served.url, GITHUB_REFRESH: '1s', NOTIFY_POLL: '1h', JOBS_POLL: '1h' },
  })
  const token = await login(server)
  const created = await call(server, 'POST', '/api/projects', {
    token,
    body: { ...sample.project('Engine'), repo_url: 'https://github.com/ada/engine' },
  })
  expect(created.status).toBe(201)
  const visitor = async () => {
    const answer = await call(server, 'GET', '/api/projects/engine')
    return isRecord(answer.json) ? answer.json : {}
  }
  const owner = async () => {
    const answer = await call(server, 'GET', '/api/projects/engine', { token })
    return isRecord(answer.json) ? answer.json : {}
  }
  const repo = (body: Record<string, unknown>) => (isRecord(body.repo) ? body.repo : null)
  const sync = (body: Record<string, unknown>) => (isRecord(body.repo_sync) ? body.repo_sync : {})

  // The first fetch, after the save.
  await eventually('the first fetch', async () => repo(await visitor())?.stars === 1)

  // New stars on GitHub.
  fake.update('ada', 'engine', { stars: 2 })
  await eventually('the new stars', async () => repo(await visitor())?.stars === 2)

  // GitHub answers 500 (the fake's 502): the owner sees the error, visitors the last good data.
  fake.fail('ada', 'engine')
  await eventually('the failure', async () => sync(await owner()).status === 'error')
  expect(repo(await visitor())?.stars).toBe(2)
  fake.fail('ada', 'engine', false)
  fake.update('ada', 'engine', { stars: 3 })
  await eventually('the recovery', async () => repo(await visitor())?.stars === 3)

  // The repository is gone (404): hidden from visitors, then back.
  fake.remove('ada', 'engine')
  await eventually('the 404', async () => (await visitor()).repo === null)
  expect(sync(await owner()).status).toBe('unavailable')
  fake.put({ owner: 'ada', name: 'engine', stars: 4, pushed_at: '2026-11-01T00:00:00Z' })
  await eventually('the repository back', async () => repo(await visitor())?.stars === 4)

  // A rate limit: nothing is asked until its end; then the change is fetched.
  const mark = fake.requests.length
  // Long enough that the checks below all fall inside it, on a loaded machine too.
  const reset = Math.floor(Date.now() / 1000) + 8
  fake.state.rateLimitedUntil = reset
  fake.update('ada', 'engine', { stars: 5 })
  await eventually('a request met by the rate limit', async () => fake.requests.length > mark)
  const asked = fake.requests.length
  await Bun.sleep(1_500)
  expect(fake.requests.slice(asked).map((request) => request.path)).toEqual([])
  expect(repo(await visitor())?.stars).toBe(4)
  await Bun.sleep(Math.max(0, reset * 1000 - Date.now()))
  fake.state.rateLimitedUntil = null
  await eventually(
    'the change after the rate limit',
    async () => repo(await visitor())?.stars === 5,
  )
  // Stopped before the next database's run, which counts the fake's requests.
  server.process.kill('SIGTERM')
  expect(await exitWithin(server)).toBe(0)
}

describe('GitHub data follows GITHUB_REFRESH, on the jobs runner', () => {
  test('PGlite: new stars, a 500, a 404 and the end of a rate limit are fetched again', async () => {
    await refreshFollowsItsCadence('')
  })

  test.skipIf(!process.env.DATABASE_URL)('PostgreSQL: the same', async () => {
    await refreshFollowsItsCadence(await freshPostgresUrl())
  })
})

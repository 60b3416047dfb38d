/**
 * Page views counted in memory are written when the server stops: the real
 * server as a child process, with a flush interval far longer than the
 * test, so that only the shutdown's flush can have written them. PGlite
 * always, PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, describe, expect, test } from 'bun:test'
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

afterAll(cleanupChildren)

const CLIENTS = [
  { ip: '203.0.113.1', ua: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
  { ip: '203.0.113.2', ua: 'Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0' },
  {
    ip: '203.0.113.3',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
  },
]
const PAGES = ['/', '/projects', '/contact-me']
const ROUNDS = 4

async function viewPage(server: ChildServer, client: (typeof CLIENTS)[number], path: string) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { 'user-agent': client.ua, 'x-forwarded-for': client.ip },
  })
  await response.arrayBuffer()
  return response.status
}

async function countsSurviveSigterm(databaseUrl: string) {
  const dataDir = join(tempDir('analytics-sigterm'), 'data')
  const env = { TRUST_PROXY: '1', ANALYTICS_FLUSH: '1h', LOG_LEVEL: 'info' }
  let server = await startServer({ dataDir, databaseUrl, env })
  const statuses: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const client of CLIENTS) {
      for (const path of PAGES) statuses.push(await viewPage(server, client, path))
    }
  }
  expect(new Set(statuses)).toEqual(new Set([200]))

  server.process.kill('SIGTERM')
  expect(await exitWithin(server)).toBe(0)
  expect(server.output(1_000_000)).toContain('"msg":"stopped"')

  server = await startServer({ dataDir, databaseUrl, env: { ...env, ANALYTICS: 'off' } })
  const token = await login(server)
  const answer = await call(server, 'GET', '/api/analytics?days=1', { token })
  expect(answer.status).toBe(200)
  const summary = answer.json as {
    totals: { views: number; visitors: number }
    pages: { path: string; views: number }[]
  }
  const views = ROUNDS * CLIENTS.length * PAGES.length
  expect(summary.totals).toEqual({ views, visitors: CLIENTS.length })
  expect(summary.pages).toEqual(
    PAGES.map((path) => ({ path, views: ROUNDS * CLIENTS.length })).sort((a, b) =>
      a.path.localeCompare(b.path),
    ),
  )
  server.process.kill('SIGTERM')
  expect(await exitWithin(server)).toBe(0)
  console.log(
    `[analytics sigterm ${databaseUrl ? 'postgres' : 'pglite'}] ${views} views in memory at SIGTERM (flush every 1h), all ${views} read back after a restart`,
  )
}

describe('page views counted in memory', () => {
  test(
    'PGlite: written at SIGTERM, read back after a restart',
    () => countsSurviveSigterm(''),
    120_000,
  )

  test.if(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: written at SIGTERM, read back after a restart',
    async () => countsSurviveSigterm(await freshPostgresUrl()),
    120_000,
  )
})

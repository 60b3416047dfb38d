/**
 * Kept pages: the real server as a child process, stopped with SIGTERM and
 * started again on the same PGlite directory. The pages the stop kept are
 * answered from the first moment of the restart, byte for byte and header
 * for header as the server answered them; every other request waits for the
 * server; the views answered early are counted; and nothing is answered
 * from them once the database or the environment has changed. PostgreSQL
 * (when DATABASE_URL is set): nothing is kept.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import {
  type ChildServer,
  call,
  cleanupChildren,
  exitWithin,
  freshPostgresUrl,
  launchServer,
  login,
  records,
  runCli,
  startServer,
  tempDir,
  waitForHealthy,
} from '../support/child-server'

afterAll(cleanupChildren)

/** A client isbot knows: its requests are never page views. */
const TOOL = 'curl/8.5.0'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36'
const PAGES = ['/', '/projects']
const VARIANTS: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'br' },
  { 'accept-encoding': 'gzip' },
  { cookie: 'theme=dark' },
]

interface Snapshot {
  status: number
  headers: Record<string, string>
  body: string
}

/** An answer as it came on the wire (no decompression), without the headers made per transfer. */
async function snapshot(
  server: ChildServer,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<Snapshot> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'user-agent': TOOL, ...headers },
    decompress: false,
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  // Brotli's bytes change when the server recompresses a page at the best quality in the
  // background (the kept ones may be either): what they decode to is compared.
  const brotli = response.headers.get('content-encoding') === 'br'
  const body = (brotli ? brotliDecompressSync(bytes) : bytes).toString('base64')
  const kept: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name === 'date' || name === 'x-request-id') return
    if (name === 'content-length' && brotli) return
    kept[name] = value
  })
  return { status: response.status, headers: kept, body }
}

async function allSnapshots(server: ChildServer) {
  const answers: Record<string, Snapshot> = {}
  for (const path of PAGES) {
    for (const headers of VARIANTS) {
      answers[`GET ${path} ${JSON.stringify(headers)}`] = await snapshot(server, path, headers)
    }
    answers[`HEAD ${path}`] = await snapshot(server, path, {}, 'HEAD')
  }
  return answers
}

/** The first 200 on `path`: the port refuses connections until something listens. */
async function firstAnswer(server: ChildServer, path: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`)
    try {
      const response = await fetch(`${server.url}${path}`, { headers: { 'user-agent': TOOL } })
      await response.arrayBuffer()
      return response
    } catch {
      await Bun.sleep(5)
    }
  }
  throw new Error(`nothing answered ${path} in ${timeoutMs} ms:\n${server.output()}`)
}

async function stop(server: ChildServer) {
  server.process.kill('SIGTERM')
  expect(await exitWithin(server)).toBe(0)
}

/** The log lines with this message, as objects. */
function lines(server: ChildServer, msg: string): Record<string, unknown>[] {
  return server
    .output(10_000_000)
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

const env = { LOG_LEVEL: 'info', TRUST_PROXY: '1', ANALYTICS_FLUSH: '1s' }

describe('kept pages (PGlite)', () => {
  const dataDir = join(tempDir('kept-pages'), 'data')
  let port = 0

  test('a restart answers the pages the stop kept at once, as the server answered them; the rest waits for the server', async () => {
    let server = await startServer({ dataDir, env })
    port = server.port
    const before = await allSnapshots(server)
    expect(before['GET / {}']?.status).toBe(200)
    await stop(server)
    expect(existsSync(join(dataDir, 'kept-pages', 'stamp.json'))).toBe(true)
    expect(lines(server, 'pages kept for the next start')[0]?.pages).toBe(PAGES.length * 2)

    server = launchServer({ dataDir, env, port })
    // The server listens only once the kept pages' listener has: the first answer is the listener's.
    const first = await firstAnswer(server, '/')
    expect(first.status).toBe(200)
    // Sent while the server starts: a read and a message no page answers, and three visitors' views.
    const waited = call(server, 'GET', '/api/projects')
    const message = { name: 'Early', email: 'early@example.com', message: 'sent during a restart' }
    const sent = call(server, 'POST', '/api/contact', { body: message })
    const views = await Promise.all(
      ['203.0.113.1', '203.0.113.2', '203.0.113.3'].map(async (ip) => {
        const response = await fetch(`${server.url}/`, {
          headers: { 'user-agent': BROWSER, 'x-forwarded-for': ip },
        })
        await response.arrayBuffer()
        return response.status
      }),
    )
    expect(views).toEqual([200, 200, 200])
    const during = await allSnapshots(server)
    const notModified = await fetch(`${server.url}/`, {
      headers: { 'user-agent': TOOL, 'if-none-match': before['GET / {}']?.headers.etag ?? '' },
    })
    expect(notModified.status).toBe(304)
    expect((await waited).status).toBe(200)
    const answered = await sent
    expect(answered.status).toBe(201)
    await waitForHealthy(server)
    expect(during).toEqual(before)

    // The listener has stopped and said how many pages it answered.
    const deadline = Date.now() + 15_000
    while (lines(server, "the kept pages' listener has stopped").length === 0) {
      if (Date.now() > deadline) throw new Error(server.output())
      await Bun.sleep(50)
    }
    const [stopped] = lines(server, "the kept pages' listener has stopped")
    expect(Number(stopped?.answered)).toBeGreaterThanOrEqual(1)

    // The message passed on is stored, once.
    const token = await login(server)
    const messages = records(await call(server, 'GET', '/api/contact', { token }))
    expect(messages.map((row) => row.message)).toEqual([message.message])

    // The three views are counted once each, wherever they were answered.
    let totals: unknown
    for (let i = 0; i < 100; i++) {
      const answer = await call(server, 'GET', '/api/analytics?days=1', { token })
      totals = (answer.json as { totals: unknown }).totals
      if ((totals as { views: number }).views >= 3) break
      await Bun.sleep(100)
    }
    expect(totals).toEqual({ views: 3, visitors: 3 })

    // After the hand-over the server answers, the same again.
    expect(await allSnapshots(server)).toEqual(before)
    await stop(server)
  }, 120_000)

  test('a stop before the server is ready: exit 0 at once, the directory free for the next start', async () => {
    expect(existsSync(join(dataDir, 'kept-pages', 'stamp.json'))).toBe(true)
    let server = launchServer({ dataDir, env, port })
    expect((await firstAnswer(server, '/')).status).toBe(200)
    server.process.kill('SIGTERM')
    expect(await exitWithin(server, 15_000)).toBe(0)
    expect(existsSync(join(dataDir, 'portfolio.lock'))).toBe(false)
    // The pages were read once, and the server that did not start kept none.
    expect(existsSync(join(dataDir, 'kept-pages'))).toBe(false)
    server = await startServer({ dataDir, env, port })
    expect(lines(server, 'answering kept pages until the server is ready')).toEqual([])
    expect((await snapshot(server, '/', {})).status).toBe(200)
    await stop(server)
  }, 120_000)

  test('pages are not used once anything else has opened the database', async () => {
    expect(existsSync(join(dataDir, 'kept-pages', 'stamp.json'))).toBe(true)
    const opened = await runCli(
      '-e',
      [
        `const { openDatabase } = await import('./server/db/client'); const db = await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} }); await db.close()`,
      ],
      {},
    )
    expect(opened.code).toBe(0)
    const server = await startServer({ dataDir, env, port })
    expect(lines(server, 'kept pages not used')[0]?.reason).toBe(
      'the database changed since they were made',
    )
    expect(lines(server, 'answering kept pages until the server is ready')).toEqual([])
    expect(existsSync(join(dataDir, 'kept-pages'))).toBe(false)
    expect((await snapshot(server, '/', {})).status).toBe(200)
    await stop(server)
  }, 120_000)

  test('pages are not used when the environment has changed', async () => {
    expect(existsSync(join(dataDir, 'kept-pages', 'stamp.json'))).toBe(true)
    const siteUrl = 'https://portfolio.example'
    const server = await startServer({ dataDir, env: { ...env, SITE_URL: siteUrl }, port })
    expect(lines(server, 'kept pages not used')[0]?.reason).toBe(
      'the environment changed since they were made',
    )
    // Rendered again, with the new address.
    const page = await fetch(`${server.url}/`)
    expect(await page.text()).toContain(`<link rel="canonical" href="${siteUrl}/"`)
    await stop(server)
  }, 120_000)
})

test.if(Boolean(process.env.DATABASE_URL))(
  'PostgreSQL: nothing is kept (other instances write while this one is stopped)',
  async () => {
    const dataDir = join(tempDir('kept-pages-pg'), 'data')
    const server = await startServer({ dataDir, databaseUrl: await freshPostgresUrl(), env })
    expect((await snapshot(server, '/', {})).status).toBe(200)
    await stop(server)
    expect(existsSync(join(dataDir, 'kept-pages'))).toBe(false)
    expect(lines(server, 'pages kept for the next start')).toEqual([])
  },
  120_000,
)

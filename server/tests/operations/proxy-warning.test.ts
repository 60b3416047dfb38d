/**
 * Behind a reverse proxy with TRUST_PROXY=0, every request comes from the
 * proxy's address: all clients share one per-IP sign-in cap and one contact
 * limit, so one attacker can use them up for everyone. The server cannot
 * know it is behind a proxy, but a forwarding header arriving from a
 * loopback or private address says so: it warns once, saying what to set.
 *
 * `app.handle` has no socket: the peer address is injected here the way the
 * server reads it from Bun's socket.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type App, createApp } from '../../app'
import type { Database } from '../../db/client'
import type { Logger } from '../../log'
import { freshDatabase, tempMediaStore } from '../support/harness'

interface Line {
  level: string
  msg: string
  fields?: Record<string, unknown>
}

function recordingLogger(): { log: Logger; lines: Line[] } {
  const lines: Line[] = []
  const record = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
    lines.push({ level, msg, fields })
  }
  return {
    lines,
    log: {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    },
  }
}

let database: Database
const media = tempMediaStore()

beforeAll(async () => {
  database = await freshDatabase()
})
afterAll(async () => {
  await database.close()
  media.remove()
})

function appFrom(peer: string | null, trustProxy: number, options: { cache?: boolean } = {}) {
  const { log, lines } = recordingLogger()
  const app = createApp({
    database,
    config: { sessionTtlMs: 86_400_000, sessionIdleMs: 86_400_000, trustProxy },
    log,
    distDir: '/nonexistent',
    mediaStore: media.store,
    peerAddress: () => peer,
    cache: options.cache ? { versionTtlMs: 600_000 } : undefined,
  })
  const warnings = () =>
    lines.filter((line) => line.level === 'warn' && /TRUST_PROXY/.test(line.msg))
  return { app, lines, warnings }
}

const get = (app: App, headers: Record<string, string> = {}) =>
  app.handle(new Request('http://localhost/healthz', { headers }))

describe('a forwarding header from a proxy while TRUST_PROXY=0', () => {
  test('two requests through a proxy on a private address: one warning, saying what to set', async () => {
    const { app, warnings } = appFrom('10.0.0.7', 0)
    await get(app, { 'x-forwarded-for': '203.0.113.5' })
    await get(app, { 'x-forwarded-for': '198.51.100.9' })
    expect(warnings()).toHaveLength(1)
    const [warning] = warnings()
    expect(warning?.msg).toContain('TRUST_PROXY')
    expect(warning?.msg).toContain('per-IP')
    expect(warning?.fields).toMatchObject({ peer: '10.0.0.7', header: 'x-forwarded-for' })
  })

  test('Forwarded and X-Real-IP say so too, from loopback and private addresses of either family', async () => {
    for (const [peer, header] of [
      ['127.0.0.1', 'forwarded'],
      ['::1', 'x-real-ip'],
      ['::ffff:192.168.1.20', 'x-forwarded-for'],
      ['172.17.0.1', 'x-forwarded-for'],
      ['fd12:3456::1', 'forwarded'],
      ['fe80::1', 'x-real-ip'],
    ] as const) {
      const { app, warnings } = appFrom(peer, 0)
      await get(app, { [header]: header === 'forwarded' ? 'for=203.0.113.5' : '203.0.113.5' })
      expect(warnings(), `${peer} ${header}`).toHaveLength(1)
    }
  })

  test('through a proxy whose every request is a cache hit: one warning within its first requests', async () => {
    const { app, warnings } = appFrom('10.0.0.7', 0, { cache: true })
    const read = (headers: Record<string, string> = {}) =>
      app.handle(new Request('http://localhost/api/projects', { headers }))
    // Straight to the server first: the answer is kept, nothing to warn of.
    expect((await read()).status).toBe(200)
    expect((await read()).status).toBe(200)
    expect(warnings()).toHaveLength(0)
    // Then a proxy relays the readers: each answer comes from the cache.
    for (let i = 0; i < 40; i++) await read({ 'x-forwarded-for': `203.0.113.${i + 1}` })
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]?.fields).toMatchObject({ peer: '10.0.0.7', header: 'x-forwarded-for' })
  })

  test('none when TRUST_PROXY counts the proxy', async () => {
    for (const trustProxy of [1, 2]) {
      const { app, warnings } = appFrom('10.0.0.7', trustProxy)
      await get(app, { 'x-forwarded-for': '203.0.113.5' })
      expect(warnings()).toHaveLength(0)
    }
  })

  test('none without a forwarding header', async () => {
    const { app, warnings } = appFrom('127.0.0.1', 0)
    await get(app)
    await get(app, { 'user-agent': 'curl/8' })
    expect(warnings()).toHaveLength(0)
  })

  test('none from a public address: a client forging the header proves nothing', async () => {
    for (const peer of ['203.0.113.9', '2001:db8::1', '::ffff:8.8.8.8', '172.32.0.1', '11.0.0.1']) {
      const { app, warnings } = appFrom(peer, 0)
      await get(app, { 'x-forwarded-for': '10.0.0.1' })
      expect(warnings(), peer).toHaveLength(0)
    }
  })

  test('none when there is no socket to ask', async () => {
    const { app, warnings } = appFrom(null, 0)
    await get(app, { 'x-forwarded-for': '203.0.113.5' })
    expect(warnings()).toHaveLength(0)
  })

  test('the peer address is the client address the limits count, with TRUST_PROXY=0', async () => {
    const { app, lines } = appFrom('10.0.0.7', 0)
    await app.handle(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5' },
        body: JSON.stringify({ username: 'nobody', password: 'not the password' }),
      }),
    )
    const failed = lines.find((line) => line.msg === 'login failed')
    expect(failed?.fields?.ip).toBe('10.0.0.7')
  })
})

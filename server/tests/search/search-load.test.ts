/**
 * Search's limits: a number of searches per client address and a number
 * under way at once, past either a 429 with `Retry-After` at once (a JSON
 * error on the API, a short page on `/search`). Then a bounded load test on
 * loopback against a listening server: 8 clients search in a loop for a
 * few seconds, each from its own address (through TRUST_PROXY), while a
 * probe reads `/healthz` and a cached public answer. Asserted on behaviour
 * (429s appear, every request finishes, `/healthz` answers 200 throughout,
 * within a generous bound); the latencies are printed, not asserted (see
 * docs/testing.md: speed goals are printed by scripts).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { defaultSearchLimits } from '../../config'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(60_000)

describe('the limits, one request at a time', () => {
  let t: TestApp
  let address = '203.0.113.7'
  beforeAll(async () => {
    t = await createTestApp({
      config: { search: { perAddress: 3, windowMs: 60_000, concurrency: 2, perSecond: 100 } },
      peerAddress: () => address,
    })
  })
  afterAll(() => t.close())

  test('past its rate an address gets a 429 with a JSON error and Retry-After; another address does not', async () => {
    for (let n = 0; n < 3; n++) {
      expect((await t.request('GET', '/api/search?q=kayak')).status).toBe(200)
    }
    const refused = await t.request('GET', '/api/search?q=kayak')
    expect(refused.status).toBe(429)
    expect(String(refused.body.error)).toMatch(
      /^Too many searches right now\. Please try again in \d+ seconds?\.$/,
    )
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // tRPC's door counts too.
    const trpc = await t.request(
      'GET',
      `/api/trpc/search.query?input=${encodeURIComponent(JSON.stringify({ q: 'x' }))}`,
    )
    expect(trpc.status).toBe(429)
    // The search page: a short page of its own, with the sentence and a way back.
    const page = await t.request('GET', '/search?q=kayak')
    expect(page.status).toBe(429)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.text).toContain('Search is busy.')
    expect(page.text).toContain('Too many searches right now.')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    // Other pages and reads are not limited.
    expect((await t.request('GET', '/search')).status).toBe(200)
    expect((await t.request('GET', '/api/projects')).status).toBe(200)
    address = '203.0.113.8'
    expect((await t.request('GET', '/api/search?q=kayak')).status).toBe(200)
  })
})

describe('8 clients searching in a loop', () => {
  let t: TestApp
  let base = ''
  beforeAll(async () => {
    t = await createTestApp({
      cache: true,
      // Each client says who it is through the proxy header, as behind a reverse proxy.
      config: { trustProxy: 1, search: defaultSearchLimits },
    })
    const token = await t.login()
    const words =
      'kayak satellite orbit ledger postgres river mountain compiler garden lantern'.split(' ')
    for (let n = 0; n < 20; n++) {
      // About 8 KB each: the documents the attack run used.
      const body = Array.from({ length: 1200 }, (_, i) => words[(i * 7 + n) % words.length]).join(
        ' ',
      )
      const r = await t.request('POST', '/api/notes', {
        token,
        body: {
          title: `Note ${n} ${words[n % 10]}`,
          summary: 'A long note.',
          body,
          status: 'published',
        },
      })
      expect(r.status).toBe(201)
    }
    t.app.listen({ hostname: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${t.app.server?.port}`
  }, 120_000)
  afterAll(async () => {
    await t.app.stop(true)
    await t.close()
  })

  async function timed(path: string, headers: Record<string, string> = {}) {
    const started = performance.now()
    const response = await fetch(`${base}${path}`, { headers })
    await response.arrayBuffer()
    return { status: response.status, ms: performance.now() - started }
  }
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
  }

  test('429s appear, every request finishes, /healthz and a cached read stay answered', async () => {
    // Quiet: the probe alone.
    await timed('/api/projects')
    const quiet = { healthz: [] as number[], cached: [] as number[] }
    for (let n = 0; n < 20; n++) {
      quiet.healthz.push((await timed('/healthz')).ms)
      quiet.cached.push((await timed('/api/projects')).ms)
    }

    const until = performance.now() + 4_000
    const statuses: number[] = []
    const searchMs: number[] = []
    const clients = Array.from({ length: 8 }, async (_, client) => {
      let n = 0
      while (performance.now() < until) {
        // A new query each time (no cache helps), long and repetitive as an attacker's.
        const q = `kayak orbit ${client} ${n++} ${'river mountain '.repeat(6)}`
        const result = await timed(`/api/search?q=${encodeURIComponent(q)}`, {
          'x-forwarded-for': `198.51.100.${client + 1}`,
        })
        statuses.push(result.status)
        searchMs.push(result.ms)
      }
    })
    const loaded = {
      healthz: [] as number[],
      cached: [] as number[],
      healthzStatuses: [] as number[],
    }
    const probe = (async () => {
      while (performance.now() < until) {
        const health = await timed('/healthz')
        loaded.healthz.push(health.ms)
        loaded.healthzStatuses.push(health.status)
        loaded.cached.push((await timed('/api/projects')).ms)
      }
    })()
    await Promise.all([...clients, probe])

    const figures = {
      searches: statuses.length,
      answered200: statuses.filter((s) => s === 200).length,
      refused429: statuses.filter((s) => s === 429).length,
      searchP50: percentile(searchMs, 50),
      searchP95: percentile(searchMs, 95),
      healthzQuietP50: percentile(quiet.healthz, 50),
      healthzLoadP50: percentile(loaded.healthz, 50),
      healthzLoadMax: Math.max(...loaded.healthz),
      cachedQuietP50: percentile(quiet.cached, 50),
      cachedLoadP50: percentile(loaded.cached, 50),
      cachedLoadMax: Math.max(...loaded.cached),
    }
    console.log(
      'search load (ms):',
      Object.entries(figures)
        .map(([name, value]) => `${name}=${Math.round(value * 10) / 10}`)
        .join(' '),
    )
    // Every request finished with an answer: a result or a refusal, nothing else.
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true)
    expect(figures.answered200).toBeGreaterThan(0)
    expect(figures.refused429).toBeGreaterThan(0)
    // /healthz answered every time, and no answer waited anywhere near the 17 s seen without limits.
    expect(loaded.healthzStatuses.length).toBeGreaterThan(0)
    expect(loaded.healthzStatuses.every((s) => s === 200)).toBe(true)
    expect(figures.healthzLoadMax).toBeLessThan(5_000)
    expect(figures.cachedLoadMax).toBeLessThan(5_000)
  })

  test('the control: the same 8 clients asking for a cached answer instead (figures only)', async () => {
    // What any flood of cheap requests costs the probe, with the clients in this process as
    // above: the floor the search figures are compared with.
    const quiet = { healthz: [] as number[], cached: [] as number[] }
    for (let n = 0; n < 20; n++) {
      quiet.healthz.push((await timed('/healthz')).ms)
      quiet.cached.push((await timed('/api/projects')).ms)
    }
    const until = performance.now() + 4_000
    const statuses: number[] = []
    const clients = Array.from({ length: 8 }, async (_, client) => {
      while (performance.now() < until) {
        const result = await timed('/api/projects', {
          'x-forwarded-for': `198.51.100.${client + 1}`,
        })
        statuses.push(result.status)
      }
    })
    const loaded = { healthz: [] as number[], cached: [] as number[] }
    const probe = (async () => {
      while (performance.now() < until) {
        loaded.healthz.push((await timed('/healthz')).ms)
        loaded.cached.push((await timed('/api/projects')).ms)
      }
    })()
    await Promise.all([...clients, probe])
    const figures = {
      requests: statuses.length,
      healthzQuietP50: percentile(quiet.healthz, 50),
      healthzLoadP50: percentile(loaded.healthz, 50),
      cachedQuietP50: percentile(quiet.cached, 50),
      cachedLoadP50: percentile(loaded.cached, 50),
    }
    console.log(
      'flood control (ms):',
      Object.entries(figures)
        .map(([name, value]) => `${name}=${Math.round(value * 10) / 10}`)
        .join(' '),
    )
    expect(statuses.every((s) => s === 200)).toBe(true)
  })
})

describe('TRUST_PROXY as a list: an X-Forwarded-For value that is not an IP address', () => {
  test('is not taken as the client address (changing it does not escape a per-address limit)', async () => {
    const t = await createTestApp({
      config: {
        trustProxy: ['10.0.0.1'],
        search: { perAddress: 2, windowMs: 60_000, concurrency: 2, perSecond: 100 },
      },
      peerAddress: () => '10.0.0.1',
    })
    try {
      const statuses: number[] = []
      for (const forged of ['not-an-ip', 'still<not>an-ip', 'x', '999.1.1.1']) {
        const r = await t.request('GET', '/api/search?q=kayak', {
          headers: { 'x-forwarded-for': forged },
        })
        statuses.push(r.status)
      }
      expect(statuses).toEqual([200, 200, 429, 429])
      // A real address behind the listed proxy is still its own client.
      const real = await t.request('GET', '/api/search?q=kayak', {
        headers: { 'x-forwarded-for': '198.51.100.9' },
      })
      expect(real.status).toBe(200)
    } finally {
      await t.close()
    }
  })
})

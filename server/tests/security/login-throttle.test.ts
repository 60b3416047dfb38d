import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { defaultThrottleLimits } from '../../config'
import { ADMIN, createTestApp, type TestApp } from '../support/harness'

// The per-IP cap is 100 in production; 20 here keeps the suite quick (every
// failure verifies a real argon2id hash). The rule is the same code path.
const ipCap = { ...defaultThrottleLimits, ipMaxFailures: 20 }

const wrong = (username = ADMIN.username) => ({ username, password: 'not the password' })

describe('per-username lockout', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 30_000)
  afterAll(() => t.close())

  test('five failures lock the username; the right password is refused while locked', async () => {
    for (let i = 0; i < 5; i++) {
      const failed = await t.request('POST', '/api/auth/login', { body: wrong() })
      expect(failed.status).toBe(401)
    }
    const locked = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBe(60)
    expect(locked.body.error).toBe('Too many failed sign-in attempts. Try again in 1 minute.')
    expect(locked.body).not.toHaveProperty('token')

    // The tRPC door shares the same counters.
    const viaTrpc = await t.app.handle(
      new Request('http://localhost/trpc/auth.login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    )
    expect(viaTrpc.status).toBe(429)
    expect(viaTrpc.headers.get('retry-after')).toBe('60')
  })

  test('a restart does not reset the counters (they live in the database)', async () => {
    const restarted = await createTestApp({ database: t.database, withAdmin: false })
    const locked = await restarted.request('POST', '/api/auth/login', { body: ADMIN })
    expect(locked.status).toBe(429)
  })

  test('the lock expires, and the next lockout lasts longer', async () => {
    t.clock.advance(61_000)
    expect(await t.login()).toMatch(/^[\w-]{43}$/)
    // Success cleared the failures; five new ones lock again, for 1 minute
    // because the success also forgave the history.
    for (let i = 0; i < 5; i++) await t.request('POST', '/api/auth/login', { body: wrong() })
    const first = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(first.headers.get('retry-after')).toBe('60')
    t.clock.advance(61_000)
    for (let i = 0; i < 5; i++) {
      expect((await t.request('POST', '/api/auth/login', { body: wrong() })).status).toBe(401)
    }
    const second = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(second.status).toBe(429)
    expect(Number(second.headers.get('retry-after'))).toBe(15 * 60)
    expect(second.body.error).toBe('Too many failed sign-in attempts. Try again in 15 minutes.')
    t.clock.advance(15 * 60_000 + 1_000)
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(200)
  })

  test('usernames are counted case-insensitively and unknown users are counted too', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.request('POST', '/api/auth/login', {
        body: wrong(i % 2 ? 'Nobody' : 'nobody'),
      })
      expect(response.status).toBe(401)
      expect(response.body).toEqual({ error: 'Invalid username or password.' })
    }
    expect((await t.request('POST', '/api/auth/login', { body: wrong('NOBODY') })).status).toBe(429)
    // The owner's own username is unaffected.
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(200)
  })
})

describe('per-IP cap', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: { loginThrottle: ipCap } })
  }, 30_000)
  afterAll(() => t.close())

  test('the cap of failures from one client locks it out, whatever usernames and forged X-Forwarded-For', async () => {
    for (let i = 0; i < ipCap.ipMaxFailures; i++) {
      const response = await t.request('POST', '/api/auth/login', {
        body: wrong(`guess-${i}`),
        headers: { 'x-forwarded-for': `10.0.${i}.1` },
      })
      expect(response.status).toBe(401)
    }
    const blocked = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': '192.0.2.77' },
    })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000)
    t.clock.advance(60 * 60_000 + 1_000)
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(200)
  })
})

describe('behind a trusted proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1, loginThrottle: ipCap } })
  }, 30_000)
  afterAll(() => t.close())

  test('the address the proxy appended is the one counted, not what the client forged', async () => {
    // The client forges a different left-most entry each time; the proxy's
    // right-most entry stays the same, so the count still reaches the cap.
    for (let i = 0; i < ipCap.ipMaxFailures; i++) {
      await t.request('POST', '/api/auth/login', {
        body: wrong(`guess-${i}`),
        headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.5` },
      })
    }
    const blocked = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': '203.0.113.5' },
    })
    expect(blocked.status).toBe(429)
    // Another client behind the same proxy is not blocked.
    const other = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': '198.51.100.9' },
    })
    expect(other.status).toBe(200)
  })
})

describe('sign-ins at the same moment', () => {
  test('right and wrong passwords together: each gets its answer, never a 500', async () => {
    const t = await createTestApp()
    try {
      // A right password deletes the username's counter while wrong ones lock and update it:
      // on PostgreSQL these run on separate connections at once.
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            t.request('POST', '/api/auth/login', {
              body: i % 3 === 0 ? { ...ADMIN, password: 'not the password' } : ADMIN,
            }),
          ),
        )
        const unexpected = answers
          .map((answer) => answer.status)
          .filter((status) => ![200, 401, 429].includes(status))
        expect(unexpected).toEqual([])
        t.clock.advance(60 * 60 * 1000)
      }
    } finally {
      await t.close()
    }
  }, 120_000)
})

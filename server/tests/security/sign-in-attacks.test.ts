/**
 * Sign-in under attack: each test here failed before the fix.
 * Check and count of an attempt are one step, a batch cannot carry several
 * attempts, password checks are rationed, and a browser that signed in
 * before is not locked out by someone guessing elsewhere.
 */
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  setDefaultTimeout,
  test,
} from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultThrottleLimits } from '../../config'
import { adminUsers, auditLog, throttleCounters } from '../../db/schema'
import { DEVICE_COOKIE } from '../../http/infra/device-cookie'
import { hashPassword, setAdminPassword } from '../../services/auth/account'
import {
  call,
  cleanupChildren,
  freshPostgresUrl,
  startServer,
  tempDir,
} from '../support/child-server'
import { ADMIN, createTestApp, type TestApp, usingPostgres } from '../support/harness'

setDefaultTimeout(60_000)

const wrong = (username = ADMIN.username) => ({ username, password: 'not the password' })
const statuses = (responses: { status: number }[]) =>
  responses.map((r) => r.status).sort((a, b) => a - b)
const count = (list: number[], value: number) => list.filter((item) => item === value).length

describe('concurrent attempts', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 30_000)
  afterAll(() => t.close())

  test('11 wrong passwords at once: 5 are checked (401), 6 refused (429)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 11 }, () => t.request('POST', '/api/auth/login', { body: wrong() })),
    )
    const list = statuses(answers)
    expect(count(list, 401)).toBe(5)
    expect(count(list, 429)).toBe(6)
  })
})

describe('the per-IP cap under concurrency', () => {
  let t: TestApp
  const limits = { ...defaultThrottleLimits, ipMaxFailures: 8 }
  beforeAll(async () => {
    t = await createTestApp({ config: { loginThrottle: limits } })
  }, 30_000)
  afterAll(() => t.close())

  test('14 failures at once with different usernames: exactly the cap is checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        t.request('POST', '/api/auth/login', { body: wrong(`guess-${i}`) }),
      ),
    )
    const list = statuses(answers)
    expect(count(list, 401)).toBe(8)
    expect(count(list, 429)).toBe(6)
  })
})

describe('batches', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 30_000)
  afterAll(() => t.close())

  const batch = (names: string[], input: Record<string, unknown>) =>
    t.app.handle(
      new Request(`http://localhost/trpc/${names.join(',')}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      }),
    )

  test('a batch of sign-ins is refused before any password is checked', async () => {
    for (const size of [20, 5]) {
      const names = Array.from({ length: size }, () => 'auth.login')
      const input = Object.fromEntries(names.map((_, i) => [String(i), wrong()]))
      const response = await batch(names, input)
      expect(response.status).toBe(400)
      const body = (await response.json()) as
        | { error: { message: string } }
        | { error: { message: string } }[]
      // Over 10 calls the batch is too big; under, each call says why.
      const messages = Array.isArray(body)
        ? body.map((item) => item.error.message)
        : [body.error.message]
      expect(new Set(messages)).toEqual(
        new Set([
          size > 10 ? 'Batch call exceeds maximum size' : 'auth.login cannot be called in a batch.',
        ]),
      )
    }
    // Nothing was counted: the owner still signs in.
    expect(await t.login()).toMatch(/^[\w-]{43}$/)
  })

  test('a sign-in with other calls in a batch is refused too; alone it works', async () => {
    const mixed = await batch(['profile.get', 'auth.login'], { 1: ADMIN })
    expect(mixed.status).toBe(400)
    const alone = await t.app.handle(
      new Request('http://localhost/trpc/auth.login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    )
    expect(alone.status).toBe(200)
  })

  test('a batch holds at most 10 calls', async () => {
    const get = (size: number) =>
      t.app.handle(
        new Request(
          `http://localhost/trpc/${Array.from({ length: size }, () => 'projects.list').join(',')}?batch=1&input=${encodeURIComponent('{}')}`,
        ),
      )
    expect((await get(10)).status).toBe(200)
    expect((await get(11)).status).toBe(400)
    expect((await get(300)).status).toBe(400)
  })
})

describe('batches, however the path is spelt', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 30_000)
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.db.delete(throttleCounters)
    await t.db.delete(auditLog)
  })

  // tRPC decodes the path (decodeURIComponent) before it splits it on commas:
  // whatever spelling reaches it, the calls it would make are what is checked.
  const spellings = (name: string) => {
    const [router, procedure] = name.split('.')
    return {
      'literal commas': `${name},${name},${name}`,
      '%2C': `${name}%2C${name}%2C${name}`,
      '%2c': `${name}%2c${name}%2c${name}`,
      '%2E for the dot': `${router}%2E${procedure},${router}%2e${procedure},${router}%2E${procedure}`,
      'all encoded': [name, name, name].map(encodeURIComponent).join('%2C').replaceAll('.', '%2E'),
    }
  }

  for (const [spelling, path] of Object.entries(spellings('auth.login'))) {
    test(`sign-ins batched with ${spelling}: 400, no password checked`, async () => {
      const input = { 0: wrong(), 1: wrong(), 2: wrong() }
      const response = await t.app.handle(
        new Request(`http://localhost/trpc/${path}?batch=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        }),
      )
      expect(response.status).toBe(400)
      expect(JSON.stringify(await response.json())).toContain(
        'auth.login cannot be called in a batch.',
      )
      // No failure counted, none recorded.
      expect(await t.db.select().from(throttleCounters)).toEqual([])
      expect(await t.db.select().from(auditLog)).toEqual([])
    })
  }

  for (const [spelling, path] of Object.entries(spellings('auth.verifyTwoFactor'))) {
    test(`codes batched with ${spelling}: 400, no code checked`, async () => {
      const attempt = { challenge: 'x'.repeat(43), code: '123456' }
      const response = await t.app.handle(
        new Request(`http://localhost/trpc/${path}?batch=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ 0: attempt, 1: attempt, 2: attempt }),
        }),
      )
      expect(response.status).toBe(400)
      expect(JSON.stringify(await response.json())).toContain(
        'auth.verifyTwoFactor cannot be called in a batch.',
      )
      expect(await t.db.select().from(throttleCounters)).toEqual([])
      expect(await t.db.select().from(auditLog)).toEqual([])
    })
  }

  test('a sign-in hidden behind another mutation with %2C: refused as a whole', async () => {
    const token = await t.login()
    await t.db.delete(throttleCounters)
    const response = await t.app.handle(
      new Request('http://localhost/trpc/auth.logout%2Cauth%2Elogin?batch=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ 1: wrong() }),
      }),
    )
    expect(response.status).toBe(400)
    expect(await t.db.select().from(throttleCounters)).toEqual([])
    // Not even the sign-out ran: the session still works.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
  })

  test('a path that is not valid percent-encoding: 400, not a server error', async () => {
    for (const path of ['auth.login%E0?batch=1', 'auth.login%2', 'projects.list%E0%A4%A']) {
      const response = await t.app.handle(
        new Request(`http://localhost/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ 0: wrong() }),
        }),
      )
      expect(response.status, path).toBe(400)
      const body = (await response.json()) as { error: { message: string } }
      expect(body.error.message).toBe('The URL is not valid.')
    }
    expect(await t.db.select().from(throttleCounters)).toEqual([])
  })

  test('a batch holds at most 10 calls, however its commas are spelt', async () => {
    const get = (size: number, comma: string) =>
      t.app.handle(
        new Request(
          `http://localhost/trpc/${Array.from({ length: size }, () => 'projects.list').join(comma)}?batch=1&input=${encodeURIComponent('{}')}`,
        ),
      )
    for (const comma of ['%2C', '%2c']) {
      expect((await get(10, comma)).status).toBe(200)
      expect((await get(11, comma)).status).toBe(400)
      expect((await get(300, comma)).status).toBe(400)
    }
  })
})

describe('password checks are rationed', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      config: { loginThrottle: { ...defaultThrottleLimits, ipMaxFailures: 1_000 } },
    })
  }, 30_000)
  afterAll(() => t.close())

  test('a burst of 40 sign-ins: some refused at once (429, not counted), none a server error', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.request('POST', '/api/auth/login', { body: wrong(`burst-${i}`) }),
      ),
    )
    const list = statuses(answers)
    expect(count(list, 401) + count(list, 429)).toBe(40)
    const atOnce = answers.filter(
      (r) => r.body.error === 'Too many sign-in attempts at once. Try again in a few seconds.',
    )
    expect(atOnce.length).toBeGreaterThan(0)
    expect(atOnce.every((r) => r.headers.get('retry-after') === '5')).toBe(true)
  })
})

describe('device cookies: the owner is not locked out by someone else', () => {
  let t: TestApp
  let device = ''
  beforeAll(async () => {
    t = await createTestApp()
  }, 30_000)
  afterAll(() => t.close())

  test('a successful sign-in sets the device cookie: HttpOnly, SameSite=Strict, for a year', async () => {
    const r = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(r.status).toBe(200)
    const cookie = r.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}; `))
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Max-Age=31536000')
    expect(cookie).not.toContain('Secure')
    device = cookie.split(';')[0] ?? ''
    // Over HTTPS (a trusted proxy's X-Forwarded-Proto here: none) the cookie is Secure.
    const https = await t.app.handle(
      new Request('https://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    )
    expect(https.headers.get('set-cookie')).toContain('Secure')
  })

  test('the username locked by guesses elsewhere: the owner’s browser still signs in', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await t.request('POST', '/api/auth/login', { body: wrong() })).status).toBe(401)
    }
    // An unknown browser meets the lockout, even with the right password.
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(429)
    // The owner's browser does not, and gets no new cookie.
    const owner = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { cookie: device },
    })
    expect(owner.status).toBe(200)
    expect(owner.headers.get('set-cookie')).toBeNull()
    // The lock on the username stays for everyone else.
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(429)
  })

  test('a device is throttled on its own: five wrong passwords from it lock that device', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.request('POST', '/api/auth/login', {
        body: wrong(),
        headers: { cookie: device },
      })
      expect(r.status).toBe(401)
    }
    const locked = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { cookie: device },
    })
    expect(locked.status).toBe(429)
  })

  test('a device cookie of another account, or a made-up one, counts as an unknown browser', async () => {
    // Another account's browser, with its own valid device cookie.
    const other = { username: 'someone-else', password: 'another long passphrase' }
    await t.db
      .insert(adminUsers)
      .values({ username: other.username, password_hash: await hashPassword(other.password) })
    const signedIn = await t.request('POST', '/api/auth/login', { body: other })
    expect(signedIn.status).toBe(200)
    const otherDevice = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect(otherDevice).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}$`))
    // It is a trusted device for its own account (no new cookie) …
    const again = await t.request('POST', '/api/auth/login', {
      body: other,
      headers: { cookie: otherDevice },
    })
    expect(again.status).toBe(200)
    expect(again.headers.get('set-cookie')).toBeNull()
    // … but for the owner's username it is an unknown browser: the username's lock applies.
    const borrowed = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { cookie: otherDevice },
    })
    expect(borrowed.status).toBe(429)
    const madeUp = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { cookie: `${DEVICE_COOKIE}=${'x'.repeat(43)}` },
    })
    expect(madeUp.status).toBe(429)
  })

  test('bun run admin:password lifts every lock', async () => {
    await setAdminPassword(t.db, ADMIN.username, ADMIN.password)
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(200)
    const fromDevice = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { cookie: device },
    })
    expect(fromDevice.status).toBe(200)
  })
})

describe('the dummy hash: made once, while listening, and every password check waits for it (finding 9)', () => {
  afterAll(() => cleanupChildren())

  // The real server, started with a preload that notes each argon2id hash
  // Bun finishes (of the admin's password, or another: the dummy), each
  // verification, and the moment the server starts listening, in a file, as
  // it happens. Bun is watched, not our code. The dummy's hash is held back
  // for PASSWORD_PROBE_DELAY ms, so sign-ins sent at once arrive before it.
  const probe = `
import { appendFileSync } from 'node:fs'
const note = (line) => appendFileSync(process.env.PASSWORD_PROBE, line + '\\n')
const hash = Bun.password.hash.bind(Bun.password)
const verify = Bun.password.verify.bind(Bun.password)
Bun.password.hash = (password, ...rest) => {
  const whose = password === process.env.ADMIN_PASSWORD ? 'admin' : 'other'
  const delay = whose === 'other' ? Number(process.env.PASSWORD_PROBE_DELAY) : 0
  return hash(password, ...rest).then(async (made) => {
    await new Promise((done) => setTimeout(done, delay))
    note(\`hash \${whose}\`)
    return made
  })
}
Bun.password.verify = (...args) => {
  note('verify')
  return verify(...args)
}
const serve = Bun.serve
Bun.serve = (options) => {
  note('listen')
  return serve(options)
}
`

  test('the start does not wait for it; the first sign-ins, of an unknown and of a known user, wait for the one hash and build none', async () => {
    const dir = tempDir('dummy-hash')
    const probePath = join(dir, 'probe.js')
    const events = join(dir, 'events')
    writeFileSync(probePath, probe)
    writeFileSync(events, '')
    const server = await startServer({
      dataDir: join(dir, 'data'),
      databaseUrl: usingPostgres ? await freshPostgresUrl() : '',
      env: {
        BUN_OPTIONS: `--preload ${probePath}`,
        PASSWORD_PROBE: events,
        PASSWORD_PROBE_DELAY: '1500',
      },
    })
    const lines = () => readFileSync(events, 'utf8').split('\n').filter(Boolean)
    // The admin's password (ADMIN_PASSWORD, a fresh database) before listening; the dummy not yet.
    expect(lines()).toEqual(['hash admin', 'listen'])

    const [unknown, known] = await Promise.all([
      call(server, 'POST', '/api/auth/login', {
        body: { username: 'nobody-here', password: 'some password' },
      }),
      call(server, 'POST', '/api/auth/login', { body: wrong() }),
    ])
    expect(unknown.status).toBe(401)
    expect(known.status).toBe(401)
    // One dummy, made by the start, not by a sign-in; both checks ran after it existed.
    expect(lines()).toEqual(['hash admin', 'listen', 'hash other', 'verify', 'verify'])
  })
})

/**
 * Authentication: every protected route refuses a missing, garbage,
 * malformed, revoked or expired token with a JSON 401 and changes nothing in
 * the database; tokens are long, random and stored only as hashes.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { setAdminPassword } from '../../services/auth/account'
import { ADMIN, createTestApp, sample, type TestApp, type TestResponse } from '../support/harness'

// Generous under a loaded machine; the whole suite still runs in well under a minute.
setDefaultTimeout(20_000)

let t: TestApp
let ids: { project: number; event: number; message: number }

beforeAll(async () => {
  t = await createTestApp()
  const token = await t.login()
  const project = await t.request('POST', '/api/projects', { token, body: sample.project() })
  const event = await t.request('POST', '/api/timeline', { token, body: sample.event() })
  const message = await t.request('POST', '/api/contact', { body: sample.message() })
  ids = { project: project.id, event: event.id, message: message.id }
}, 30_000)
afterAll(() => t.close())

const HOUR = 3_600_000
const DAY = 24 * HOUR

interface ProtectedCall {
  method: string
  path: () => string
  body?: () => unknown
}

/** Every route behind adminProcedure, each with a valid body, so only the token can fail. */
const protectedRest: ProtectedCall[] = [
  { method: 'POST', path: () => '/api/projects', body: () => sample.project('Intruder') },
  {
    method: 'PUT',
    path: () => `/api/projects/${ids.project}`,
    body: () => sample.project('Defaced'),
  },
  { method: 'DELETE', path: () => `/api/projects/${ids.project}` },
  { method: 'POST', path: () => '/api/timeline', body: () => sample.event('Intruder') },
  { method: 'PUT', path: () => `/api/timeline/${ids.event}`, body: () => sample.event('Defaced') },
  { method: 'DELETE', path: () => `/api/timeline/${ids.event}` },
  { method: 'GET', path: () => '/api/contact' },
  { method: 'DELETE', path: () => `/api/contact/${ids.message}` },
  { method: 'POST', path: () => '/api/auth/logout' },
  { method: 'GET', path: () => '/api/auth/me' },
]

const protectedTrpc: ProtectedCall[] = [
  { method: 'POST', path: () => '/trpc/projects.create', body: () => sample.project('Intruder') },
  {
    method: 'POST',
    path: () => '/trpc/projects.delete',
    body: () => ({ id: ids.project }),
  },
  {
    method: 'POST',
    path: () => '/trpc/timeline.delete',
    body: () => ({ id: ids.event }),
  },
  { method: 'GET', path: () => '/trpc/messages.list' },
  { method: 'GET', path: () => '/trpc/auth.me' },
  { method: 'POST', path: () => '/trpc/markdown.preview', body: () => ({ markdown: '# Hi' }) },
]

function expectRest401(r: TestResponse, label: string) {
  if (r.status !== 401) throw new Error(`${label}: expected 401, got ${r.status} ${r.text}`)
  expect(r.json).toStrictEqual({ error: 'You need to sign in to do this.' })
  expect(r.headers.get('www-authenticate')).toBe('Bearer')
  expect(r.headers.get('content-type') ?? '').toContain('application/json')
}

/**
 * Calls every protected route with the given headers and proves each one is
 * a 401 that left every table exactly as it was.
 */
async function expectAllRefused(headers: Record<string, string>) {
  const before = await t.snapshot()
  for (const call of protectedRest) {
    const r = await t.request(call.method, call.path(), { body: call.body?.(), headers })
    expectRest401(r, `${call.method} ${call.path()}`)
  }
  for (const call of protectedTrpc) {
    const r = await t.request(call.method, call.path(), { body: call.body?.(), headers })
    if (r.status !== 401) throw new Error(`${call.path()}: expected 401, got ${r.status}`)
    expect(r.body.error).toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } })
  }
  expect(await t.snapshot()).toEqual(before)
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('401 on every protected route, nothing written', () => {
  test('without a token', async () => {
    await expectAllRefused({})
  })

  test('with a garbage token', async () => {
    await expectAllRefused(bearer('garbage'))
  })

  test('with a well-formed token that was never issued', async () => {
    const forged = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
    expect(forged).toHaveLength(43)
    await expectAllRefused(bearer(forged))
  })

  test('with a malformed Authorization header around a valid token', async () => {
    const token = await t.login()
    for (const authorization of [
      token,
      `Basic ${token}`,
      `Token ${token}`,
      `Bearer${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token} ${token}`,
      `Bearer "${token}"`,
      'Bearer',
      'Bearer ',
      '',
    ]) {
      await expectAllRefused({ authorization })
    }
    // The token itself was fine all along.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
  })

  test('with an invalid body and no token: the 401 comes first, no field details leak', async () => {
    const r = await t.request('POST', '/api/projects', { body: { title: '' } })
    expectRest401(r, 'POST /api/projects')
    expect(r.body).not.toHaveProperty('fields')
  })

  test('with a revoked token (after POST /api/auth/logout)', async () => {
    const token = await t.login()
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(204)
    await expectAllRefused(bearer(token))
  })

  test('logout revokes only the presented token', async () => {
    const first = await t.login()
    const second = await t.login()
    expect((await t.request('POST', '/api/auth/logout', { token: first })).status).toBe(204)
    expect((await t.request('GET', '/api/auth/me', { token: first })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: second })).status).toBe(200)
  })

  test('with a token past SESSION_TTL (7 days), even when used every day', async () => {
    const token = await t.login()
    // Use it every 23 hours so the idle limit never applies.
    for (let elapsed = 23 * HOUR; elapsed < 7 * DAY; elapsed += 23 * HOUR) {
      t.clock.advance(23 * HOUR)
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
    }
    // Now 161 hours in: one minute before the 7 days it still works…
    t.clock.advance(7 * HOUR - 60_000)
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
    // …and two minutes later it is expired.
    t.clock.advance(2 * 60_000)
    await expectAllRefused(bearer(token))
  })

  test('with a token idle for more than a day', async () => {
    const token = await t.login()
    t.clock.advance(DAY - 60_000)
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
    t.clock.advance(DAY - 60_000)
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
    t.clock.advance(DAY + 60_000)
    await expectAllRefused(bearer(token))
  })

  test('a valid token still passes every check (the 401s above are about the token)', async () => {
    const token = await t.login()
    const r = await t.request('GET', '/api/contact', { token })
    expect(r.status).toBe(200)
    expect(r.list).toHaveLength(1)
  })
})

describe('tokens', () => {
  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

  test('are 256-bit base64url strings, stored only as a hash', async () => {
    const token = await t.login()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)

    const { sessions } = await t.snapshot()
    const row = sessions.find((session) => session.token_hash === sha256(token))
    if (!row) throw new Error('no session row holds the hash of the token')
    expect(row.token_hash).not.toBe(token)
    for (const value of Object.values(row)) expect(value).not.toBe(token)
    // Not anywhere in the database, in any form that contains it.
    expect(JSON.stringify(await t.snapshot())).not.toContain(token)
  })

  test('each login issues a new token with its own session', async () => {
    const before = (await t.snapshot()).sessions.length
    const tokens = [await t.login(), await t.login(), await t.login()]
    expect(new Set(tokens).size).toBe(3)
    const { sessions } = await t.snapshot()
    expect(sessions.length).toBe(before + 3)
    const hashes = new Set(sessions.map((session) => session.token_hash))
    for (const token of tokens) {
      expect(hashes.has(sha256(token))).toBe(true)
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
    }
  })
})

describe('login', () => {
  test('a wrong password and an unknown user get the same answer, and no session', async () => {
    const before = (await t.snapshot()).sessions
    const wrongPassword = await t.request('POST', '/api/auth/login', {
      body: { username: ADMIN.username, password: 'not the password' },
    })
    const unknownUser = await t.request('POST', '/api/auth/login', {
      body: { username: 'nobody', password: ADMIN.password },
    })
    expect(wrongPassword.status).toBe(401)
    expect(unknownUser.status).toBe(wrongPassword.status)
    expect(wrongPassword.json).toStrictEqual({ error: 'Invalid username or password.' })
    expect(unknownUser.text).toBe(wrongPassword.text)
    expect(unknownUser.headers.get('www-authenticate')).toBe(
      wrongPassword.headers.get('www-authenticate'),
    )
    expect((await t.snapshot()).sessions).toEqual(before)
  })

  test('the username is trimmed, the password is not', async () => {
    const ok = await t.request('POST', '/api/auth/login', {
      body: { username: `  ${ADMIN.username} `, password: ADMIN.password },
    })
    expect(ok.status).toBe(200)
    const padded = await t.request('POST', '/api/auth/login', {
      body: { username: ADMIN.username, password: ` ${ADMIN.password}` },
    })
    expect(padded.status).toBe(401)
  })

  test('the login answer never contains the password or its hash', async () => {
    const r = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(r.text).not.toContain(ADMIN.password)
    expect(r.text).not.toContain('$argon2')
  })
})

describe('setAdminPassword (bun run admin:password)', () => {
  test('revokes every session; only the new password works', async () => {
    const tokens = [await t.login(), await t.login()]
    const result = await setAdminPassword(t.db, ADMIN.username, 'a brand new passphrase')
    expect(result).toBe('updated')
    expect((await t.snapshot()).sessions).toEqual([])
    for (const token of tokens) {
      expectRest401(await t.request('GET', '/api/auth/me', { token }), 'old token')
    }
    const old = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(old.status).toBe(401)
    const fresh = await t.login(ADMIN.username, 'a brand new passphrase')
    expect((await t.request('GET', '/api/auth/me', { token: fresh })).json).toMatchObject({
      username: ADMIN.username,
    })
  })

  test('stores an argon2id hash, never the password', async () => {
    const { admin_users } = await t.snapshot()
    expect(admin_users).toHaveLength(1)
    expect(admin_users[0]?.password_hash).toStartWith('$argon2id$')
    expect(JSON.stringify(admin_users)).not.toContain('a brand new passphrase')
  })

  test("the server hashes at argon2id's full cost (64 MiB, two passes); only test processes lower it", async () => {
    // A process of its own, as the server is: no test preload.
    const child = Bun.spawn(
      [
        'bun',
        '-e',
        "const { hashPassword } = await import('./server/services/auth/account.ts'); console.log(await hashPassword('x'))",
      ],
      { cwd: `${import.meta.dir}/../../..`, stdout: 'pipe', stderr: 'inherit' },
    )
    const printed = (await new Response(child.stdout).text()).trim()
    expect(await child.exited).toBe(0)
    expect(printed).toStartWith('$argon2id$v=19$m=65536,t=2,p=1$')
    // The cheap cost is chosen by the test preload alone, never by the server's code.
    const callers = new Bun.Glob('server/**/*.ts').scanSync({ cwd: `${import.meta.dir}/../../..` })
    const calling: string[] = []
    for (const file of callers) {
      if (file.endsWith('services/auth/account.ts') || file.endsWith('security/auth.test.ts'))
        continue
      const text = await Bun.file(`${import.meta.dir}/../../../${file}`).text()
      if (text.includes('lowerPasswordCostForTests')) calling.push(file)
    }
    expect(calling).toEqual(['server/tests/support/preload.ts'])
  })

  test('renames the single admin when given another username', async () => {
    expect(await setAdminPassword(t.db, 'new-owner', ADMIN.password)).toBe('updated')
    const { admin_users } = await t.snapshot()
    expect(admin_users.map((user) => user.username)).toEqual(['new-owner'])
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(401)
    expect(await t.login('new-owner', ADMIN.password)).toMatch(/^[\w-]{43}$/)
  })
  test('long passwords are not truncated (no 72-byte bcrypt cut-off)', async () => {
    const long = `${'p'.repeat(72)}-and-the-rest-matters`
    await setAdminPassword(t.db, 'new-owner', long)
    const prefix = await t.request('POST', '/api/auth/login', {
      body: { username: 'new-owner', password: long.slice(0, 72) },
    })
    expect(prefix.status).toBe(401)
    expect(await t.login('new-owner', long)).toMatch(/^[\w-]{43}$/)
  })
})

describe('without an admin', () => {
  let bare: TestApp
  beforeAll(async () => {
    bare = await createTestApp({ withAdmin: false })
  })
  afterAll(() => bare.close())

  test('there are no default credentials', async () => {
    for (const body of [
      { username: 'admin', password: 'admin' },
      { username: 'admin', password: 'password' },
      ADMIN,
    ]) {
      const r = await bare.request('POST', '/api/auth/login', { body })
      expect(r.status).toBe(401)
    }
    expect((await bare.snapshot()).sessions).toEqual([])
  })
})

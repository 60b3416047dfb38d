/** The first admin, made in the browser from the one-time set-up token the server prints. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { auditLog, setupToken } from '../../db/schema'
import { ensureSetupToken, SETUP_TOKEN_FILE } from '../../services/auth/first-admin'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

let t: TestApp
let dataDir: string
let token: string
/** The address requests come from (the socket's peer). */
let address = '203.0.113.1'
const owner = { username: 'ada', password: 'a long passphrase' }

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portfolio-setup-'))
  t = await createTestApp({
    withAdmin: false,
    peerAddress: () => address,
    config: {
      setupTokenDir: dataDir,
      loginThrottle: {
        userMaxFailures: 3,
        userLockoutStepsMs: [60_000],
        ipMaxFailures: 100,
        ipWindowMs: 3_600_000,
      },
    },
  })
  token = await ensureSetupToken(t.db, dataDir)
}, 60_000)
afterAll(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const tokenFile = () => join(dataDir, SETUP_TOKEN_FILE)

describe('before the first admin', () => {
  test('GET /api/setup says set-up is needed', async () => {
    const r = await t.request('GET', '/api/setup')
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ needed: true })
  })

  test('the token is in DATA_DIR/setup-token, readable by the owner alone; the database keeps only its hash', async () => {
    expect(readFileSync(tokenFile(), 'utf8').trim()).toBe(token)
    expect(statSync(tokenFile()).mode & 0o777).toBe(0o600)
    const rows = await t.db.select().from(setupToken)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).not.toContain(token)
    // A restart keeps the same address.
    expect(await ensureSetupToken(t.db, dataDir)).toBe(token)
  })

  test('a wrong or missing token: 403, no admin, and the attempt is in the audit log', async () => {
    const wrong = await t.request('POST', '/api/setup', {
      body: { ...owner, token: 'not-the-token' },
    })
    expect(wrong.status).toBe(403)
    expect(wrong.json).toEqual({
      error:
        'This set-up link is not valid. Use the address the server printed when it started (also in DATA_DIR/setup-token).',
    })
    const missing = await t.request('POST', '/api/setup', { body: owner })
    expect(missing.status).toBe(403)
    expect((await t.request('GET', '/api/setup')).json).toEqual({ needed: true })
    const audit = await t.db.select().from(auditLog)
    const failed = audit.filter((row) => row.action === 'auth.login_failed')
    expect(failed).toHaveLength(2)
    expect(failed[0]?.actor).toBe('ada')
    expect(failed[0]?.details).toEqual({ reason: 'wrong set-up token' })
  })

  test('a weak password or no username: 400 with the fields', async () => {
    const r = await t.request('POST', '/api/setup', {
      body: { token, username: ' ', password: 'short' },
    })
    expect(r.status).toBe(400)
    expect(Object.keys((r.json as { fields: object }).fields).sort()).toEqual([
      'password',
      'username',
    ])
  })

  test('wrong tokens lock out their address, not the username: the owner elsewhere is not delayed', async () => {
    const name = 'ada'
    address = '203.0.113.66'
    // One failure already counts for the first address; this one starts from none (the limit is 3 here).
    for (let i = 0; i < 3; i++) {
      const r = await t.request('POST', '/api/setup', {
        body: { token: `guess-${i}`, username: name, password: owner.password },
      })
      expect(r.status).toBe(403)
    }
    const locked = await t.request('POST', '/api/setup', {
      body: { token, username: name, password: owner.password },
    })
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBeTruthy()
    const audit = await t.db.select().from(auditLog)
    expect(audit.some((row) => row.action === 'auth.lockout')).toBe(true)
    expect((await t.request('GET', '/api/setup')).json).toEqual({ needed: true })
    // The owner, from another address, with the same username: not locked (the next test sets up).
    address = '203.0.113.1'
  })
})

describe('the set-up itself', () => {
  test('the right token: 201 with a session token, the admin can use it, and the token is gone', async () => {
    const r = await t.request('POST', '/api/setup', { body: { ...owner, token } })
    expect(r.status).toBe(201)
    const body = r.json as { token: string; expires_at: string }
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(body.expires_at)).toBeGreaterThan(t.clock.now().getTime())
    const me = await t.request('GET', '/api/auth/me', { token: body.token })
    expect(me.status).toBe(200)
    expect((me.json as { username: string }).username).toBe('ada')
    // Signing in with the new password works too.
    expect(await t.login(owner.username, owner.password)).toMatch(/^[A-Za-z0-9_-]{43}$/)

    expect(existsSync(tokenFile())).toBe(false)
    expect(await t.db.select().from(setupToken)).toEqual([])
    const audit = await t.db.select().from(auditLog)
    const created = audit.find((row) => row.action === 'admin.created')
    expect(created?.actor).toBe('ada')
    expect(created?.details).toEqual({ via: 'set-up page' })
  })

  test('once an admin exists: GET says not needed, POST is 409 whatever the token', async () => {
    expect((await t.request('GET', '/api/setup')).json).toEqual({ needed: false })
    for (const given of [token, 'anything']) {
      const r = await t.request('POST', '/api/setup', {
        body: { token: given, username: 'intruder', password: 'another passphrase' },
      })
      expect(r.status).toBe(409)
      expect(r.json).toEqual({ error: 'An admin account already exists: sign in instead.' })
    }
  })
})

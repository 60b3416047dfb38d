/**
 * Passkeys through the REST door, with a software authenticator (our own
 * P-256 key, attestation "none"): registration and sign-in, what is
 * refused (another origin or rp id, a replayed or foreign challenge, a
 * counter gone backwards, a removed passkey), the lockout, the audit log,
 * and a ceremony finished on another instance of the same database.
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
import { sql } from 'drizzle-orm'
import { parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { type Database, openDatabase } from '../../db/client'
import { passkeyChallenges, passkeys, throttleCounters, twoFactor } from '../../db/schema'
import type { Logger } from '../../log'
import { currentCode } from '../../services/auth/two-factor'
import { ADMIN, createTestApp, isRecord, type TestApp, usingPostgres } from '../support/harness'
import { SoftwareAuthenticator } from '../support/software-authenticator'

// Generous: the machine running the suite may be loaded.
setDefaultTimeout(60_000)

const SITE = 'https://portfolio.example'
const site = { origin: SITE, rpId: 'portfolio.example' }

function recordingLogger(): { log: Logger; lines: { msg: string; fields: unknown }[] } {
  const lines: { msg: string; fields: unknown }[] = []
  const push = (msg: string, fields?: Record<string, unknown>) => {
    lines.push({ msg, fields })
  }
  return { log: { debug: push, info: push, warn: push, error: push }, lines }
}

let t: TestApp
let token: string
const logged = recordingLogger()

beforeAll(async () => {
  t = await createTestApp({ siteUrl: SITE, log: logged.log })
  token = await t.login()
}, 120_000)
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(passkeys)
  await t.db.delete(passkeyChallenges)
  await t.db.delete(throttleCounters)
  logged.lines.length = 0
})

type Options = { challenge: string; [key: string]: unknown }

function optionsOf(body: Record<string, unknown>): Options {
  const options = body.options
  if (!isRecord(options) || typeof options.challenge !== 'string') {
    throw new Error(`no options in ${JSON.stringify(body)}`)
  }
  return { ...options, challenge: options.challenge }
}

/** Registers a new software passkey for the owner; answers it and the stored row's id. */
async function addPasskey(name = 'Laptop', authenticator = new SoftwareAuthenticator(site)) {
  const start = await t.request('POST', '/api/auth/passkeys/options', {
    token,
    body: { password: ADMIN.password },
  })
  expect(start.status).toBe(200)
  const r = await t.request('POST', '/api/auth/passkeys', {
    token,
    body: { name, response: authenticator.register(optionsOf(start.body)) },
  })
  expect(r.status).toBe(201)
  return { authenticator, id: r.id }
}

async function loginOptions(app: TestApp = t): Promise<Options> {
  const r = await app.request('POST', '/api/auth/passkey/options')
  expect(r.status).toBe(200)
  return optionsOf(r.body)
}

function passkeyLogin(response: unknown, app: TestApp = t, headers?: Record<string, string>) {
  return app.request('POST', '/api/auth/login/passkey', { body: { response }, headers })
}

describe('registration', () => {
  test('a passkey is added after the password and listed with its name and dates', async () => {
    const { id } = await addPasskey('Phone')
    const list = await t.request('GET', '/api/auth/passkeys', { token })
    expect(list.status).toBe(200)
    expect(list.list).toEqual([
      {
        id,
        name: 'Phone',
        created_at: expect.any(String),
        last_used_at: null,
        backed_up: false,
        rp_id: 'portfolio.example',
        other_site: false,
      },
    ])
    // The options named the site as the relying party, and asked for user verification.
    const again = await t.request('POST', '/api/auth/passkeys/options', {
      token,
      body: { password: ADMIN.password },
    })
    expect(again.body.options).toMatchObject({
      rp: { id: 'portfolio.example' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      // The one already registered is not offered for registration again.
      excludeCredentials: [{ id: expect.any(String), type: 'public-key' }],
    })
  })

  test('a wrong password is refused and nothing is started', async () => {
    const r = await t.request('POST', '/api/auth/passkeys/options', {
      token,
      body: { password: 'not the password' },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('That password is not right.')
    expect(await t.db.select().from(passkeyChallenges)).toEqual([])
  })

  test('without a password only within five minutes of signing in', async () => {
    const fresh = await t.login()
    expect(
      (await t.request('POST', '/api/auth/passkeys/options', { token: fresh, body: {} })).status,
    ).toBe(200)
    t.clock.advance(5 * 60_000 + 1_000)
    const late = await t.request('POST', '/api/auth/passkeys/options', { token: fresh, body: {} })
    expect(late.status).toBe(400)
    expect(late.body.error).toBe('Enter your password to add a passkey.')
  })

  test('an answer signed on another origin is refused, with a log line naming both', async () => {
    const start = await t.request('POST', '/api/auth/passkeys/options', {
      token,
      body: { password: ADMIN.password },
    })
    const response = new SoftwareAuthenticator(site).register(optionsOf(start.body), {
      origin: 'https://phish.example',
    })
    const r = await t.request('POST', '/api/auth/passkeys', {
      token,
      body: { name: 'Phished', response },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe(`The passkey was made for another address than ${SITE}.`)
    expect(logged.lines.map((line) => line.msg)).toContain(
      `passkey refused: the browser was on https://phish.example, but SITE_URL is ${SITE}`,
    )
    expect(await t.db.select().from(passkeys)).toEqual([])
  })

  test('a registration challenge serves once', async () => {
    const start = await t.request('POST', '/api/auth/passkeys/options', {
      token,
      body: { password: ADMIN.password },
    })
    const options = optionsOf(start.body)
    const first = new SoftwareAuthenticator(site)
    const second = new SoftwareAuthenticator(site)
    const ok = await t.request('POST', '/api/auth/passkeys', {
      token,
      body: { name: 'One', response: first.register(options) },
    })
    expect(ok.status).toBe(201)
    const again = await t.request('POST', '/api/auth/passkeys', {
      token,
      body: { name: 'Two', response: second.register(options) },
    })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('This passkey set-up has expired. Start again.')
  })

  test('a name is required; an unreadable answer is a 400 naming the field', async () => {
    const empty = await t.request('POST', '/api/auth/passkeys', {
      token,
      body: { name: ' ', response: new SoftwareAuthenticator(site).register({ challenge: 'x' }) },
    })
    expect(empty.status).toBe(400)
    expect(empty.body.error).toBe('Passkey name is required.')
    const broken = await t.request('POST', '/api/auth/passkeys', {
      token,
      body: { name: 'Key', response: { id: 'abc' } },
    })
    expect(broken.status).toBe(400)
    expect(String(broken.body.error)).toContain('response')
  })
})

describe('sign-in', () => {
  test('a passkey signs in on its own, with a session and a device cookie', async () => {
    const { authenticator, id } = await addPasskey()
    const r = await passkeyLogin(authenticator.assert(await loginOptions()))
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ token: expect.any(String), expires_at: expect.any(String) })
    expect(r.headers.get('set-cookie')).toContain('portfolio_device=')
    const me = await t.request('GET', '/api/auth/me', { token: String(r.body.token) })
    expect(me.body.username).toBe(ADMIN.username)
    const [row] = (await t.request('GET', '/api/auth/passkeys', { token })).list.filter(isRecord)
    expect(row).toMatchObject({ id, last_used_at: expect.any(String) })
    const [stored] = await t.db.select().from(passkeys)
    expect(stored?.counter).toBe(1)
  })

  test('with two-factor sign-in on, a passkey still needs no code; the password still does', async () => {
    const setup = await t.request('POST', '/api/auth/2fa/setup', {
      token,
      body: { password: ADMIN.password },
    })
    const secret = String(setup.body.secret)
    const enabled = await t.request('POST', '/api/auth/2fa/enable', {
      token,
      body: { code: currentCode(secret, t.clock.now()) },
    })
    expect(enabled.status).toBe(200)
    try {
      const { authenticator } = await addPasskey()
      const r = await passkeyLogin(authenticator.assert(await loginOptions()))
      expect(r.status).toBe(200)
      expect(typeof r.body.token).toBe('string')
      const password = await t.request('POST', '/api/auth/login', { body: ADMIN })
      expect(password.body).toMatchObject({ two_factor_required: true })
    } finally {
      await t.db.delete(twoFactor)
    }
  })

  test('the backup flags are checked and stored', async () => {
    const synced = new SoftwareAuthenticator({ ...site, backupEligible: true, backedUp: false })
    await addPasskey('Synced', synced)
    const r = await passkeyLogin(synced.assert(await loginOptions(), { backedUp: true }))
    expect(r.status).toBe(200)
    const [row] = await t.db.select().from(passkeys)
    expect(row).toMatchObject({ device_type: 'multiDevice', backed_up: true })
    // Eligibility is fixed for a credential's life: an answer without it is another authenticator.
    const changed = await passkeyLogin(
      synced.assert(await loginOptions(), { backupEligible: false, backedUp: false }),
    )
    expect(changed.status).toBe(401)
    expect(logged.lines.map((line) => line.msg)).toContain(
      'passkey refused: its backup eligibility changed (multiDevice → singleDevice)',
    )
  })

  test('an answer from another origin or for another rp id is refused, and logged', async () => {
    const { authenticator } = await addPasskey()
    const phished = await passkeyLogin(
      authenticator.assert(await loginOptions(), { origin: 'https://portfolio.example.evil' }),
    )
    expect(phished.status).toBe(401)
    expect(phished.body.error).toBe('This passkey could not sign you in.')
    const otherRp = await passkeyLogin(
      authenticator.assert(await loginOptions(), { rpId: 'evil.example' }),
    )
    expect(otherRp.status).toBe(401)
    const messages = logged.lines.map((line) => line.msg)
    expect(messages).toContain(
      `passkey refused: the browser was on https://portfolio.example.evil, but SITE_URL is ${SITE}`,
    )
    expect(messages).toContain(
      "passkey refused: it was made for another site than portfolio.example (SITE_URL's host)",
    )
  })

  test('forwarded headers never widen the origin, even from a trusted proxy', async () => {
    const proxied = await createTestApp({
      database: t.database,
      withAdmin: false,
      siteUrl: SITE,
      config: { trustProxy: 1 },
      peerAddress: () => '127.0.0.1',
    })
    const { authenticator } = await addPasskey()
    const r = await passkeyLogin(
      authenticator.assert(await loginOptions(proxied), { origin: 'https://other.example' }),
      proxied,
      {
        'x-forwarded-host': 'other.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.5',
      },
    )
    expect(r.status).toBe(401)
    // The failure counted against the client the trusted proxy named.
    const counters = await t.db.select().from(throttleCounters)
    expect(counters.map((row) => row.key)).toContain('ip:203.0.113.5')
  })

  test('a replayed answer is refused: the challenge served once', async () => {
    const { authenticator } = await addPasskey()
    const answer = authenticator.assert(await loginOptions())
    expect((await passkeyLogin(answer)).status).toBe(200)
    const replay = await passkeyLogin(answer)
    expect(replay.status).toBe(401)
    expect(replay.body.error).toBe('This passkey sign-in has expired. Try again.')
  })

  test('a challenge made up, or past its five minutes, is refused', async () => {
    const { authenticator } = await addPasskey()
    const madeUp = await passkeyLogin(authenticator.assert({ challenge: 'bm90LWEtY2hhbGxlbmdl' }))
    expect(madeUp.status).toBe(401)
    const options = await loginOptions()
    t.clock.advance(5 * 60_000 + 1_000)
    const late = await passkeyLogin(authenticator.assert(options))
    expect(late.status).toBe(401)
    expect(late.body.error).toBe('This passkey sign-in has expired. Try again.')
  })

  test('a registration challenge cannot sign in', async () => {
    const { authenticator } = await addPasskey()
    const start = await t.request('POST', '/api/auth/passkeys/options', {
      token,
      body: { password: ADMIN.password },
    })
    const r = await passkeyLogin(authenticator.assert(optionsOf(start.body)))
    expect(r.status).toBe(401)
  })

  test('a counter that goes backwards is refused (a cloned authenticator)', async () => {
    const { authenticator } = await addPasskey()
    expect(
      (await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 5 }))).status,
    ).toBe(200)
    const clone = await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 3 }))
    expect(clone.status).toBe(401)
    const same = await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 5 }))
    expect(same.status).toBe(401)
    expect(logged.lines.map((line) => line.msg)).toContain(
      'passkey refused: its signature counter went backwards (a cloned authenticator?)',
    )
    const [row] = await t.db.select().from(passkeys)
    expect(row?.counter).toBe(5)
  })

  test('an answer without user verification is refused', async () => {
    const { authenticator } = await addPasskey()
    const r = await passkeyLogin(
      authenticator.assert(await loginOptions(), { userVerified: false }),
    )
    expect(r.status).toBe(401)
  })

  test('a removed passkey no longer signs in', async () => {
    const { authenticator, id } = await addPasskey()
    const removed = await t.request('DELETE', `/api/auth/passkeys/${id}`, { token })
    expect(removed.status).toBe(204)
    expect((await t.request('GET', '/api/auth/passkeys', { token })).list).toEqual([])
    const r = await passkeyLogin(authenticator.assert(await loginOptions()))
    expect(r.status).toBe(401)
    expect(r.body.error).toBe('This passkey could not sign you in.')
    expect(logged.lines.map((line) => line.msg)).toContain(
      'passkey refused: not registered here (removed?)',
    )
  })

  test('failed assertions lock the account like wrong passwords; the right passkey waits too', async () => {
    const { authenticator } = await addPasskey()
    for (let attempt = 0; attempt < 5; attempt++) {
      const r = await passkeyLogin(
        authenticator.assert(await loginOptions(), { origin: 'https://phish.example' }),
      )
      expect(r.status).toBe(401)
    }
    const locked = await passkeyLogin(authenticator.assert(await loginOptions()))
    expect(locked.status).toBe(429)
    expect(String(locked.body.error)).toStartWith('Too many failed sign-in attempts.')
    // The same lock holds the password.
    const password = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(password.status).toBe(429)
  })

  test('one address may hold only so many ceremonies at once', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.99' }
    let last = 0
    for (let n = 0; n < 21; n++) {
      last = (await t.request('POST', '/api/auth/passkey/options', { headers })).status
    }
    expect(last).toBe(429)
  })
})

describe('rename, remove and the audit log', () => {
  test('a passkey is renamed and removed; each step and each use is in the audit log', async () => {
    const { authenticator, id } = await addPasskey('Laptop')
    const renamed = await t.request('PATCH', `/api/auth/passkeys/${id}`, {
      token,
      body: { name: 'Work laptop' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe('Work laptop')
    await passkeyLogin(authenticator.assert(await loginOptions()))
    await passkeyLogin(authenticator.assert(await loginOptions(), { origin: 'https://x.example' }))
    expect((await t.request('DELETE', `/api/auth/passkeys/${id}`, { token })).status).toBe(204)
    expect((await t.request('DELETE', `/api/auth/passkeys/${id}`, { token })).status).toBe(404)

    const audit = await t.request('GET', '/api/audit?group=sign_in&limit=10', { token })
    const entries = (audit.body.entries as Record<string, unknown>[]).map((entry) => ({
      action: entry.action,
      target: entry.target,
      details: entry.details,
    }))
    expect(entries.slice(0, 6)).toEqual([
      {
        action: 'passkeys.remove',
        target: `passkey ${id} "Work laptop"`,
        details: expect.any(Object),
      },
      {
        action: 'auth.login_failed',
        target: null,
        details: { reason: 'passkey not accepted' },
      },
      {
        action: 'auth.login',
        target: null,
        details: { method: 'passkey', passkey: 'Work laptop', trusted_device: false },
      },
      {
        action: 'passkeys.rename',
        target: `passkey ${id} "Work laptop"`,
        details: expect.any(Object),
      },
      {
        action: 'passkeys.register',
        target: `passkey ${id} "Laptop"`,
        details: expect.any(Object),
      },
      { action: 'passkeys.registrationOptions', target: null, details: expect.any(Object) },
    ])
  })

  test('a passkey made for another site is marked as such', async () => {
    const { id } = await addPasskey()
    const moved = await createTestApp({
      database: t.database,
      withAdmin: false,
      siteUrl: 'https://new-domain.example',
    })
    const list = await moved.request('GET', '/api/auth/passkeys', { token })
    expect(list.list).toEqual([
      expect.objectContaining({ id, rp_id: 'portfolio.example', other_site: true }),
    ])
  })
})

describe('several instances on one database', () => {
  test(`a ceremony started on one instance finishes on another${usingPostgres ? ' (PostgreSQL, a pool of its own)' : ''}`, async () => {
    // On PostgreSQL the other instance has its own connection pool to the same database, as a
    // second server process would; PGlite is one process by design, so it shares the database.
    let ownPool: Database | undefined
    if (usingPostgres && process.env.DATABASE_URL) {
      const [row] = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
        name: string
      }[]
      const url = new URL(process.env.DATABASE_URL)
      url.pathname = `/${row?.name}`
      ownPool = await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 })
    }
    const other = await createTestApp({
      database: ownPool ?? t.database,
      withAdmin: false,
      siteUrl: SITE,
    })
    const { authenticator } = await addPasskey()
    // Options from this instance, the answer to the other.
    const options = await loginOptions(t)
    const answer = authenticator.assert(options)
    const r = await passkeyLogin(answer, other)
    expect(r.status).toBe(200)
    // And the challenge it used is gone for both.
    expect((await passkeyLogin(answer, t)).status).toBe(401)
    // Registration too: options here, the answer there.
    const start = await t.request('POST', '/api/auth/passkeys/options', {
      token,
      body: { password: ADMIN.password },
    })
    const added = await other.request('POST', '/api/auth/passkeys', {
      token,
      body: {
        name: 'Second',
        response: new SoftwareAuthenticator(site).register(optionsOf(start.body)),
      },
    })
    expect(added.status).toBe(201)
    await ownPool?.close()
  })
})

describe('backup and restore', () => {
  test('a backup carries the passkeys: restored, they still sign in, counter and all', async () => {
    const { authenticator, id } = await addPasskey('Phone')
    expect((await passkeyLogin(authenticator.assert(await loginOptions()))).status).toBe(200)
    const file = parseBackup(serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)))
    // Passkeys are in every file from version 8 on.
    expect(file.version).toBeGreaterThanOrEqual(8)
    expect(file.tables.passkeys).toEqual([
      expect.objectContaining({ id, name: 'Phone', counter: 1, rp_id: 'portfolio.example' }),
    ])
    await t.db.delete(passkeys)
    await restoreBackup(t.db, file, t.mediaStore)
    token = await t.login()
    const [row] = await t.db.select().from(passkeys)
    expect(row).toMatchObject({ id, name: 'Phone', counter: 1 })
    expect((await passkeyLogin(authenticator.assert(await loginOptions()))).status).toBe(200)
    // The counter came back too: an answer from before the backup is still refused.
    const old = await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 1 }))
    expect(old.status).toBe(401)
  })

  test('a version 7 file (before passkeys) restores with none', async () => {
    await addPasskey()
    const current = parseBackup(
      serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
    )
    const { passkeys: _passkeys, ...v7Tables } = current.tables
    const parsed = parseBackup(JSON.stringify({ ...current, version: 7, tables: v7Tables }))
    expect(parsed.tables.passkeys).toEqual([])
    await restoreBackup(t.db, parsed, t.mediaStore)
    token = await t.login()
    expect((await t.request('GET', '/api/auth/passkeys', { token })).list).toEqual([])
  })

  test('restored on another domain, the admin says which passkeys belong to another site', async () => {
    await addPasskey('Old laptop')
    const file = parseBackup(serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)))
    const moved = await createTestApp({ siteUrl: 'https://new-home.example' })
    try {
      await restoreBackup(moved.db, file, moved.mediaStore)
      const movedToken = await moved.login()
      const list = await moved.request('GET', '/api/auth/passkeys', { token: movedToken })
      expect(list.list).toEqual([
        expect.objectContaining({
          name: 'Old laptop',
          rp_id: 'portfolio.example',
          other_site: true,
        }),
      ])
    } finally {
      await moved.close()
    }
  })
})

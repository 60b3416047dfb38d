/**
 * Two-factor sign-in: enrolment confirmed by a
 * code, sign-in in two steps (password → challenge, challenge + code →
 * token), codes accepted once, wrong codes counted in the sign-in lockout,
 * recovery codes, turning it off, and backups keeping it.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { defaultThrottleLimits } from '../../config'
import { signInChallenges, twoFactor } from '../../db/schema'
import { setAdminPassword } from '../../services/auth/account'
import { ADMIN, createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(60_000)

/** What an authenticator app shows for this secret at this moment (the library, not our code). */
function appCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  })
}

/** A code of the right shape that the app does not show now (nor one step either side). */
function wrongCode(secret: string, at: Date): string {
  const near = new Set(
    [-30_000, 0, 30_000].map((ms) => appCode(secret, new Date(at.getTime() + ms))),
  )
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0')
    if (!near.has(code)) return code
  }
}

/** Turns two-factor sign-in on through the API; answers the secret and the recovery codes. */
async function enrol(t: TestApp, token: string) {
  const setup = await t.request('POST', '/api/auth/2fa/setup', {
    token,
    body: { password: ADMIN.password },
  })
  expect(setup.status).toBe(200)
  const secret = String(setup.body.secret)
  const enabled = await t.request('POST', '/api/auth/2fa/enable', {
    token,
    body: { code: appCode(secret, t.clock.now()) },
  })
  expect(enabled.status).toBe(200)
  return { secret, recoveryCodes: enabled.body.recovery_codes as string[] }
}

/** The first step: the password; answers the challenge (and checks no token came with it). */
async function challengeOf(t: TestApp): Promise<string> {
  const first = await t.request('POST', '/api/auth/login', { body: ADMIN })
  expect(first.status).toBe(200)
  expect(first.body.two_factor_required).toBe(true)
  expect(first.body).not.toHaveProperty('token')
  return String(first.body.challenge)
}

const second = (t: TestApp, challenge: string, code: string) =>
  t.request('POST', '/api/auth/login/2fa', { body: { challenge, code } })

describe('enrolment', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  }, 30_000)
  afterAll(() => t.close())

  test('off by default; set-up needs a session', async () => {
    const status = await t.request('GET', '/api/auth/2fa', { token })
    expect(status.body).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 })
    expect((await t.request('POST', '/api/auth/2fa/setup')).status).toBe(401)
    expect((await t.request('GET', '/api/auth/2fa')).status).toBe(401)
  })

  test('a wrong code does not turn it on; the right one does, with ten recovery codes', async () => {
    const setup = await t.request('POST', '/api/auth/2fa/setup', {
      token,
      body: { password: ADMIN.password },
    })
    expect(setup.status).toBe(200)
    const secret = String(setup.body.secret)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(String(setup.body.otpauth_url)).toStartWith('otpauth://totp/')
    expect(String(setup.body.otpauth_url)).toContain(`secret=${secret}`)

    const wrong = await t.request('POST', '/api/auth/2fa/enable', {
      token,
      body: { code: wrongCode(secret, t.clock.now()) },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe(
      'That code is not right. Enter the 6-digit code your app shows now.',
    )
    expect((await t.request('GET', '/api/auth/2fa', { token })).body.enabled).toBe(false)
    // Still one step: the password alone signs in.
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).body.token).toBeString()

    const right = await t.request('POST', '/api/auth/2fa/enable', {
      token,
      body: { code: appCode(secret, t.clock.now()) },
    })
    expect(right.status).toBe(200)
    const codes = right.body.recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/)

    const status = await t.request('GET', '/api/auth/2fa', { token })
    expect(status.body).toMatchObject({ enabled: true, recovery_codes_left: 10 })
    // The secret is never sent again, and the codes are stored only hashed.
    expect(status.text).not.toContain(secret)
    const [row] = await t.db.select().from(twoFactor)
    expect(row?.recovery_code_hashes).toHaveLength(10)
    const stored = JSON.stringify(row)
    for (const code of codes) {
      expect(stored).not.toContain(code)
      expect(stored).not.toContain(code.replaceAll('-', ''))
    }
    // A second enrolment is refused while it is on.
    expect(
      (
        await t.request('POST', '/api/auth/2fa/setup', {
          token,
          body: { password: ADMIN.password },
        })
      ).status,
    ).toBe(409)
  })
})

describe('signing in with a code', () => {
  let t: TestApp
  let secret: string
  let recoveryCodes: string[]
  beforeAll(async () => {
    t = await createTestApp()
    ;({ secret, recoveryCodes } = await enrol(t, await t.login()))
    // The enrolment used the current step: move on to a fresh one.
    t.clock.advance(30_000)
  }, 30_000)
  afterAll(() => t.close())

  test('the password gives a challenge, not a token; the challenge is no token', async () => {
    const challenge = await challengeOf(t)
    expect(challenge).toMatch(/^[\w-]{43}$/)
    const me = await t.request('GET', '/api/auth/me', { token: challenge })
    expect(me.status).toBe(401)
  })

  test('the challenge and the current code give a working token', async () => {
    const challenge = await challengeOf(t)
    const answer = await second(t, challenge, appCode(secret, t.clock.now()))
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body).sort()).toEqual(['expires_at', 'token'])
    const me = await t.request('GET', '/api/auth/me', { token: String(answer.body.token) })
    expect(me.status).toBe(200)
    expect(me.body.username).toBe(ADMIN.username)
  })

  test('a code is accepted once: replayed with a new challenge it is refused', async () => {
    t.clock.advance(30_000)
    const code = appCode(secret, t.clock.now())
    expect((await second(t, await challengeOf(t), code)).status).toBe(200)
    const replay = await second(t, await challengeOf(t), code)
    expect(replay.status).toBe(401)
    expect(replay.body.error).toBe('Invalid authentication code.')
    // The previous step's code (still inside the window) is refused too: steps only move forward.
    const earlier = appCode(secret, new Date(t.clock.now().getTime() - 30_000))
    expect((await second(t, await challengeOf(t), earlier)).status).toBe(401)
    // The next step's code works.
    t.clock.advance(30_000)
    expect((await second(t, await challengeOf(t), appCode(secret, t.clock.now()))).status).toBe(200)
  })

  test('a challenge is single-use', async () => {
    t.clock.advance(30_000)
    const challenge = await challengeOf(t)
    expect((await second(t, challenge, appCode(secret, t.clock.now()))).status).toBe(200)
    t.clock.advance(30_000)
    const again = await second(t, challenge, appCode(secret, t.clock.now()))
    expect(again.status).toBe(401)
    expect(again.body.error).toBe('This sign-in has expired. Enter your password again.')
  })

  test('an expired challenge and a forged one are refused', async () => {
    const challenge = await challengeOf(t)
    t.clock.advance(5 * 60_000 + 1_000)
    const expired = await second(t, challenge, appCode(secret, t.clock.now()))
    expect(expired.status).toBe(401)
    expect(expired.body.error).toBe('This sign-in has expired. Enter your password again.')
    const forged = await second(t, 'A'.repeat(43), appCode(secret, t.clock.now()))
    expect(forged.status).toBe(401)
    expect(forged.body).not.toHaveProperty('token')
    const malformed = await second(t, 'not a challenge', appCode(secret, t.clock.now()))
    expect(malformed.status).toBe(401)
    const missing = await t.request('POST', '/api/auth/login/2fa', { body: { code: '123456' } })
    expect(missing.status).toBe(400)
    // None of these used the current code up.
    expect((await second(t, await challengeOf(t), appCode(secret, t.clock.now()))).status).toBe(200)
  })

  test('a recovery code works once (any case, with or without dashes)', async () => {
    const code = recoveryCodes[0] ?? ''
    const first = await second(t, await challengeOf(t), ` ${code.toUpperCase()} `)
    expect(first.status).toBe(200)
    const again = await second(t, await challengeOf(t), code.replaceAll('-', ''))
    expect(again.status).toBe(401)
    const token = String(first.body.token)
    const status = await t.request('GET', '/api/auth/2fa', { token })
    expect(status.body.recovery_codes_left).toBe(9)
    // Another one still works.
    expect((await second(t, await challengeOf(t), recoveryCodes[1] ?? '')).status).toBe(200)
  })

  test('the tRPC door: the same two steps; the code step is never batched', async () => {
    const call = (path: string, body: unknown) =>
      t.app.handle(
        new Request(`http://localhost/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const first = await call('auth.login', ADMIN)
    const { result } = (await first.json()) as { result: { data: Record<string, unknown> } }
    expect(result.data.two_factor_required).toBe(true)
    expect(result.data).not.toHaveProperty('token')
    t.clock.advance(30_000)
    const input = { challenge: result.data.challenge, code: appCode(secret, t.clock.now()) }
    const batched = await call('auth.verifyTwoFactor,auth.verifyTwoFactor?batch=1', {
      0: input,
      1: input,
    })
    expect(batched.status).toBe(400)
    const alone = await call('auth.verifyTwoFactor', input)
    expect(alone.status).toBe(200)
    const answer = (await alone.json()) as { result: { data: { token: string } } }
    expect(answer.result.data.token).toMatch(/^[\w-]{43}$/)
  })
})

describe('wrong codes count in the sign-in lockout', () => {
  let t: TestApp
  let secret: string
  beforeAll(async () => {
    t = await createTestApp()
    ;({ secret } = await enrol(t, await t.login()))
    t.clock.advance(30_000)
  }, 30_000)
  afterAll(() => t.close())

  test('five wrong codes lock the account: then even the right code gets 429', async () => {
    const challenge = await challengeOf(t)
    // Another challenge taken before the lock (each one takes at most five wrong codes).
    const spare = await challengeOf(t)
    const wrong = wrongCode(secret, t.clock.now())
    for (let i = 0; i < 5; i++) {
      const answer = await second(t, challenge, wrong)
      expect(answer.status).toBe(401)
      expect(answer.body.error).toBe('Invalid authentication code.')
    }
    const locked = await second(t, spare, appCode(secret, t.clock.now()))
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('60')
    expect(locked.body.error).toBe('Too many failed sign-in attempts. Try again in 1 minute.')
    // The password step is locked too (the same counter).
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(429)

    // After the lock, the right password and code sign in (and forgive the count).
    t.clock.advance(61_000)
    const answer = await second(t, await challengeOf(t), appCode(secret, t.clock.now()))
    expect(answer.status).toBe(200)
  })

  test('a right password does not reset the count of wrong codes', async () => {
    t.clock.advance(30_000)
    const wrong = wrongCode(secret, t.clock.now())
    for (let i = 0; i < 3; i++)
      expect((await second(t, await challengeOf(t), wrong)).status).toBe(401)
    // Each challenge above came with a right password: the three wrong codes still count.
    const challenge = await challengeOf(t)
    expect((await second(t, challenge, wrong)).status).toBe(401)
    expect((await second(t, challenge, wrong)).status).toBe(401)
    const locked = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(locked.status).toBe(429)
    t.clock.advance(16 * 60_000)
  })
})

describe('a challenge on its own', () => {
  let t: TestApp
  let secret: string
  beforeAll(async () => {
    // A lockout far away, so only the challenge's own limit is seen.
    t = await createTestApp({
      config: { loginThrottle: { ...defaultThrottleLimits, userMaxFailures: 50 } },
    })
    ;({ secret } = await enrol(t, await t.login()))
    t.clock.advance(30_000)
  }, 30_000)
  afterAll(() => t.close())

  test('takes at most five wrong codes, then the password must be entered again', async () => {
    const challenge = await challengeOf(t)
    const wrong = wrongCode(secret, t.clock.now())
    for (let i = 0; i < 5; i++) expect((await second(t, challenge, wrong)).status).toBe(401)
    const sixth = await second(t, challenge, appCode(secret, t.clock.now()))
    expect(sixth.status).toBe(401)
    expect(sixth.body.error).toBe('This sign-in has expired. Enter your password again.')
    expect((await second(t, await challengeOf(t), appCode(secret, t.clock.now()))).status).toBe(200)
  })
})

describe('new recovery codes', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  }, 30_000)
  afterAll(() => t.close())

  test('take the password; the old codes stop working, the new ones work once', async () => {
    const off = await t.request('POST', '/api/auth/2fa/recovery-codes', {
      token,
      body: { password: ADMIN.password },
    })
    expect(off.status).toBe(409)
    expect(off.body.error).toBe('Two-factor sign-in is not on.')

    const { recoveryCodes: old } = await enrol(t, token)
    t.clock.advance(30_000)
    expect(
      (await t.request('POST', '/api/auth/2fa/recovery-codes', { token: 'nope', body: {} })).status,
    ).toBe(401)
    const none = await t.request('POST', '/api/auth/2fa/recovery-codes', { token, body: {} })
    expect(none.status).toBe(400)
    expect(none.body.error).toBeString()
    const wrong = await t.request('POST', '/api/auth/2fa/recovery-codes', {
      token,
      body: { password: 'not the password' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('That password is not right.')
    // Still the old list.
    expect((await second(t, await challengeOf(t), old[0] ?? '')).status).toBe(200)

    const fresh = await t.request('POST', '/api/auth/2fa/recovery-codes', {
      token,
      body: { password: ADMIN.password },
    })
    expect(fresh.status).toBe(200)
    const codes = fresh.body.recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    expect(codes.some((code) => old.includes(code))).toBe(false)
    expect((await t.request('GET', '/api/auth/2fa', { token })).body.recovery_codes_left).toBe(10)
    expect((await second(t, await challengeOf(t), old[1] ?? '')).status).toBe(401)
    expect((await second(t, await challengeOf(t), codes[0] ?? '')).status).toBe(200)
    expect((await second(t, await challengeOf(t), codes[0] ?? '')).status).toBe(401)
    // The audit log names the change, never the codes.
    const audit = await t.request('GET', '/api/audit?group=two_factor', { token })
    const entries = audit.body.entries as { action: string; details: unknown }[]
    expect(entries.map((entry) => entry.action)).toContain('twoFactor.recoveryCodes')
    expect(JSON.stringify(entries)).not.toContain(codes[1] ?? 'x')
  })
})

describe('turning it off, resetting it, backups', () => {
  let t: TestApp
  let token: string
  let secret: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    ;({ secret } = await enrol(t, token))
    t.clock.advance(30_000)
  }, 30_000)
  afterAll(() => t.close())

  test('a backup keeps two-factor sign-in: restored elsewhere, the code is still asked', async () => {
    const backup = parseBackup(
      serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
    )
    expect(backup.tables.two_factor).toHaveLength(1)
    const other = await createTestApp({ withAdmin: false })
    try {
      await restoreBackup(other.db, backup, other.mediaStore)
      other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime())
      const first = await other.request('POST', '/api/auth/login', { body: ADMIN })
      expect(first.body.two_factor_required).toBe(true)
      const answer = await other.request('POST', '/api/auth/login/2fa', {
        body: { challenge: first.body.challenge, code: appCode(secret, other.clock.now()) },
      })
      expect(answer.status).toBe(200)
    } finally {
      await other.close()
    }
  })

  test('turning it off takes the password: a wrong one is refused (and counted)', async () => {
    const none = await t.request('POST', '/api/auth/2fa/disable', { token, body: {} })
    expect(none.status).toBe(400)
    const wrong = await t.request('POST', '/api/auth/2fa/disable', {
      token,
      body: { password: 'not the password' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('That password is not right.')
    expect((await t.request('GET', '/api/auth/2fa', { token })).body.enabled).toBe(true)
    const wrongCodeAnswer = await t.request('POST', '/api/auth/2fa/disable', {
      token,
      body: { code: wrongCode(secret, t.clock.now()) },
    })
    expect(wrongCodeAnswer.status).toBe(400)

    const off = await t.request('POST', '/api/auth/2fa/disable', {
      token,
      body: { password: ADMIN.password },
    })
    expect(off.status).toBe(204)
    expect((await t.request('GET', '/api/auth/2fa', { token })).body.enabled).toBe(false)
    expect(await t.db.select().from(twoFactor)).toEqual([])
    // One step again.
    const login = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(login.body.token).toBeString()
  })

  test('a current code turns it off too', async () => {
    ;({ secret } = await enrol(t, token))
    t.clock.advance(30_000)
    const off = await t.request('POST', '/api/auth/2fa/disable', {
      token,
      body: { code: appCode(secret, t.clock.now()) },
    })
    expect(off.status).toBe(204)
  })

  test('bun run admin:password --reset-2fa (setAdminPassword) turns it off', async () => {
    ;({ secret } = await enrol(t, token))
    expect(
      (await t.request('POST', '/api/auth/login', { body: ADMIN })).body.two_factor_required,
    ).toBe(true)
    await setAdminPassword(t.db, ADMIN.username, ADMIN.password)
    // A password reset alone keeps it.
    expect(
      (await t.request('POST', '/api/auth/login', { body: ADMIN })).body.two_factor_required,
    ).toBe(true)
    await setAdminPassword(t.db, ADMIN.username, ADMIN.password, { resetTwoFactor: true })
    const login = await t.request('POST', '/api/auth/login', { body: ADMIN })
    expect(login.body.token).toBeString()
    expect(await t.db.select().from(signInChallenges)).toEqual([])
  })
})

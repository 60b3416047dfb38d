/**
 * Sessions: the owner sees where they are
 * signed in and revokes any session; a revoked token gets 401 at once on
 * both doors and on every instance (the state is in the database).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { sessions } from '../../db/schema'
import { ADMIN, createTestApp, isRecord, type TestApp } from '../support/harness'

setDefaultTimeout(60_000)

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

describe('sessions', () => {
  let t: TestApp
  const signIn = async (userAgent: string, ip: string) => {
    const answer = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
    })
    expect(answer.status).toBe(200)
    return String(answer.body.token)
  }
  const trpcMe = (token: string) =>
    t.app.handle(
      new Request('http://localhost/trpc/auth.me', {
        headers: { authorization: `Bearer ${token}` },
      }),
    )

  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1 } })
  }, 30_000)
  afterAll(() => t.close())

  test('the list shows each session with its browser and address, the current one marked', async () => {
    const laptop = await signIn(chrome, '198.51.100.7')
    t.clock.advance(1_000)
    const phone = await signIn(iphone, '203.0.113.9')
    const list = await t.request('GET', '/api/auth/sessions', { token: laptop })
    expect(list.status).toBe(200)
    const rows = list.list.filter(isRecord)
    expect(rows).toHaveLength(2)
    const mine = rows.find((row) => row.current === true)
    const other = rows.find((row) => row.current === false)
    expect(mine).toMatchObject({ browser: 'Chrome on Linux', ip: '198.51.100.7' })
    expect(other).toMatchObject({ browser: 'Safari on iOS', ip: '203.0.113.9' })
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        ['browser', 'created_at', 'current', 'id', 'ip', 'last_used_at'].sort(),
      )
    }
    // No token or hash in the answer.
    expect(list.text).not.toContain(laptop)
    expect(list.text).not.toContain(phone)
    expect(list.text).not.toContain('token')
    expect((await t.request('GET', '/api/auth/sessions')).status).toBe(401)
  })

  test('a revoked session gets 401 at once on REST and tRPC', async () => {
    const laptop = await signIn(chrome, '198.51.100.7')
    const phone = await signIn(iphone, '203.0.113.9')
    expect((await t.request('GET', '/api/auth/me', { token: phone })).status).toBe(200)
    expect((await trpcMe(phone)).status).toBe(200)
    const list = await t.request('GET', '/api/auth/sessions', { token: phone })
    const phoneId = list.list.filter(isRecord).find((row) => row.current === true)?.id
    expect(phoneId).toBeNumber()

    const revoked = await t.request('DELETE', `/api/auth/sessions/${phoneId}`, { token: laptop })
    expect(revoked.status).toBe(204)
    expect((await t.request('GET', '/api/auth/me', { token: phone })).status).toBe(401)
    expect((await trpcMe(phone)).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: laptop })).status).toBe(200)
    // Gone from the list; revoking it again is a 404, as is an unknown id.
    const after = await t.request('GET', '/api/auth/sessions', { token: laptop })
    expect(after.list.filter(isRecord).some((row) => row.id === phoneId)).toBe(false)
    expect(
      (await t.request('DELETE', `/api/auth/sessions/${phoneId}`, { token: laptop })).status,
    ).toBe(404)
    expect((await t.request('DELETE', '/api/auth/sessions/999999', { token: laptop })).status).toBe(
      404,
    )
  })

  test('"sign out everywhere else" revokes every session but the current one', async () => {
    const keep = await signIn(chrome, '198.51.100.7')
    const others = [await signIn(iphone, '203.0.113.9'), await signIn(chrome, '192.0.2.1')]
    const before = await t.request('GET', '/api/auth/sessions', { token: keep })
    const answer = await t.request('POST', '/api/auth/sessions/revoke-others', { token: keep })
    expect(answer.status).toBe(200)
    expect(answer.body.revoked).toBe(before.list.length - 1)
    for (const token of others) {
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)
    }
    const list = await t.request('GET', '/api/auth/sessions', { token: keep })
    expect(list.list).toHaveLength(1)
    expect(list.list.filter(isRecord)[0]?.current).toBe(true)
  })

  test('another instance on the same database refuses a revoked token at once', async () => {
    const other = await createTestApp({ database: t.database, withAdmin: false })
    const keep = await signIn(chrome, '198.51.100.7')
    const gone = await signIn(iphone, '203.0.113.9')
    // The other instance has seen the token work.
    expect((await other.request('GET', '/api/auth/me', { token: gone })).status).toBe(200)
    await t.request('POST', '/api/auth/sessions/revoke-others', { token: keep })
    expect((await other.request('GET', '/api/auth/me', { token: gone })).status).toBe(401)
  })

  test('last used is written at most once a minute per session', async () => {
    const token = await signIn(chrome, '198.51.100.7')
    const list = await t.request('GET', '/api/auth/sessions', { token })
    const id = list.list.filter(isRecord).find((row) => row.current === true)?.id as number
    const lastUsed = async () => {
      const [row] = await t.db
        .select({ last: sessions.last_used_at, ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.id, id))
      return row
    }
    const first = await lastUsed()
    t.clock.advance(30_000)
    await t.request('GET', '/api/auth/me', {
      token,
      headers: { 'x-forwarded-for': '192.0.2.50' },
    })
    expect(await lastUsed()).toEqual(first)
    t.clock.advance(31_000)
    await t.request('GET', '/api/auth/me', {
      token,
      headers: { 'x-forwarded-for': '192.0.2.50' },
    })
    const later = await lastUsed()
    expect(later?.last.getTime()).toBe(t.clock.now().getTime())
    expect(later?.ip).toBe('192.0.2.50')
  })
})

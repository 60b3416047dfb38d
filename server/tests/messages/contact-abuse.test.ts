import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { count, eq } from 'drizzle-orm'
import { messages } from '../../db/schema'
import { createTestApp, sample, type TestApp } from '../support/harness'

async function storedMessages(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(messages)
  return row?.value ?? 0
}

describe('contact form abuse limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      config: { contact: { perIp: 5, windowMs: 10 * 60_000, dailyCap: 9 }, trustProxy: 1 },
    })
  }, 30_000)
  afterAll(() => t.close())

  const from = (ip: string) => ({ 'x-forwarded-for': ip })

  test('a filled honeypot gets a normal success answer and is kept as spam, nothing dropped', async () => {
    const before = await storedMessages(t)
    const response = await t.request('POST', '/api/contact', {
      body: { ...sample.message(), website: 'http://spam.example' },
      headers: from('198.51.100.1'),
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ name: 'Grace', email: 'grace@example.com' })
    expect(response.body).not.toHaveProperty('status')
    expect(await storedMessages(t)).toBe(before + 1)
    const [kept] = await t.db
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.id, Number(response.body.id)))
    expect(kept?.status).toBe('spam')
    const afterHoneypot = await storedMessages(t)
    // An empty honeypot (what the real form sends) is a normal message.
    const real = await t.request('POST', '/api/contact', {
      body: { ...sample.message(), website: '' },
      headers: from('198.51.100.1'),
    })
    expect(real.status).toBe(201)
    expect(await storedMessages(t)).toBe(afterHoneypot + 1)
    expect(real.body).not.toHaveProperty('website')
  })

  test('five messages per IP per window, then 429 with Retry-After; other IPs are unaffected', async () => {
    const ip = '198.51.100.2'
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.request('POST', '/api/contact', { body: sample.message(), headers: from(ip) }))
          .status,
      ).toBe(201)
    }
    const before = await storedMessages(t)
    const limited = await t.request('POST', '/api/contact', {
      body: sample.message(),
      headers: from(ip),
    })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toBe('Too many messages sent. Please try again later.')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500)
    expect(await storedMessages(t)).toBe(before)
    // After the window the same client may write again.
    t.clock.advance(10 * 60_000 + 1_000)
    expect(
      (await t.request('POST', '/api/contact', { body: sample.message(), headers: from(ip) }))
        .status,
    ).toBe(201)
  })

  test('a global daily cap stops storing messages from anyone', async () => {
    // 2 (honeypot test) + 6 so far; the cap is 9.
    expect(
      (
        await t.request('POST', '/api/contact', {
          body: sample.message(),
          headers: from('203.0.113.1'),
        })
      ).status,
    ).toBe(201)
    const capped = await t.request('POST', '/api/contact', {
      body: sample.message(),
      headers: from('203.0.113.2'),
    })
    expect(capped.status).toBe(429)
    expect(capped.body.error).toBe('The inbox is full for today. Please try again tomorrow.')
    expect(await storedMessages(t)).toBe(9)
    t.clock.advance(24 * 60 * 60_000 + 1_000)
    expect(
      (
        await t.request('POST', '/api/contact', {
          body: sample.message(),
          headers: from('203.0.113.3'),
        })
      ).status,
    ).toBe(201)
  })
})

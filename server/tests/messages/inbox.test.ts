/**
 * The owner's inbox: each message's status (unread → read → archived, or
 * spam) and date, PATCH /api/contact/{id}, and the spam signals (form token,
 * content) that keep a message out of the inbox without losing it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { messages, notificationOutbox } from '../../db/schema'
import { createTestApp, type TestApp } from '../support/harness'

let t: TestApp
let token: string

const webhookOnly = {
  webhookUrl: 'http://127.0.0.1:9/never-called',
  retryBaseMs: 60_000,
  retryMaxMs: 60_000,
  pollMs: 60_000,
  leaseMs: 60_000,
  sendTimeoutMs: 1_000,
}

beforeAll(async () => {
  // Alerts configured, no worker: the outbox rows stay for the test to read.
  t = await createTestApp({ config: { alerts: webhookOnly } })
  token = await t.login()
})
afterAll(() => t.close())

async function formToken(): Promise<string> {
  const r = await t.request('GET', '/api/contact/form-token')
  expect(r.status).toBe(200)
  expect(r.headers.get('cache-control')).toContain('no-store')
  const value = r.body.token
  if (typeof value !== 'string') throw new Error('no token')
  return value
}

/** A message as a person sends it: a token from the page, then (by the app's clock) a while later. */
async function sendAsPerson(body: Record<string, unknown>, waitMs = 5_000) {
  const form_token = await formToken()
  t.clock.advance(waitMs)
  return t.request('POST', '/api/contact', { body: { ...body, form_token } })
}

async function stored(id: number) {
  const [row] = await t.db.select().from(messages).where(eq(messages.id, id))
  const alerts = await t.db.select().from(notificationOutbox)
  return {
    status: row?.status,
    alerts: alerts.filter((alert) => alert.payload.message_id === id).length,
  }
}

const person = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: 'Can we talk about an internship?',
}

describe('statuses and PATCH', () => {
  let id: number

  test('a message from the form arrives unread, with its date, and its alert is queued', async () => {
    const sent = await sendAsPerson(person)
    expect(sent.status).toBe(201)
    // The sender is not told how the message was filed.
    expect(sent.body.status).toBeUndefined()
    id = sent.id
    const list = await t.request('GET', '/api/contact', { token })
    const item = list.list[0]
    expect(item).toMatchObject({ id, ...person, status: 'unread' })
    expect(Date.parse(String((item as { created_at: string }).created_at))).toBeGreaterThan(0)
    expect(await stored(id)).toEqual({ status: 'unread', alerts: 1 })
  })

  test('PATCH sets read, archived, spam and back, answering the message', async () => {
    for (const status of ['read', 'archived', 'spam', 'unread', 'read'] as const) {
      const r = await t.request('PATCH', `/api/contact/${id}`, { token, body: { status } })
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ id, ...person, status })
      expect((await stored(id)).status).toBe(status)
    }
  })

  test('a status that does not exist is a 400 and changes nothing', async () => {
    const r = await t.request('PATCH', `/api/contact/${id}`, { token, body: { status: 'deleted' } })
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('Status must be one of unread, read, archived, spam')
    expect((await stored(id)).status).toBe('read')
    const missing = await t.request('PATCH', `/api/contact/${id}`, { token, body: {} })
    expect(missing.status).toBe(400)
  })

  test('an unknown id is a 404; without a token a 401', async () => {
    const unknown = await t.request('PATCH', '/api/contact/999999', {
      token,
      body: { status: 'read' },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: 'Message not found.' })
    const anonymous = await t.request('PATCH', `/api/contact/${id}`, { body: { status: 'spam' } })
    expect(anonymous.status).toBe(401)
    expect((await stored(id)).status).toBe('read')
  })

  test('the tRPC door sets the status too', async () => {
    const r = await t.request('POST', '/trpc/messages.setStatus', {
      token,
      body: { id, status: 'archived' },
    })
    expect(r.status).toBe(200)
    expect((await stored(id)).status).toBe('archived')
  })

  test('the list is newest first', async () => {
    const later = await sendAsPerson({ ...person, message: 'A second, later message.' })
    const list = await t.request('GET', '/api/contact', { token })
    const ids = list.list.map((item) => (item as { id: number }).id)
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(id))
  })
})

describe('spam is kept apart, without an alert', () => {
  const cases: [string, () => Promise<{ status: number; id: number }>][] = [
    ['no form token', () => t.request('POST', '/api/contact', { body: person })],
    [
      'a forged token',
      () =>
        t.request('POST', '/api/contact', {
          body: { ...person, form_token: `${Date.now().toString(36)}.forged-signature` },
        }),
    ],
    ['sent a second after the form was served', () => sendAsPerson(person, 1_000)],
    [
      'three links',
      () =>
        sendAsPerson({
          ...person,
          message: 'See https://a.example, https://b.example and https://c.example',
        }),
    ],
    ['a known spam phrase', () => sendAsPerson({ ...person, message: 'Cheap SEO services!' })],
  ]
  for (const [label, send] of cases) {
    test(`${label}: stored as spam, answered 201, no alert`, async () => {
      const r = await send()
      expect(r.status).toBe(201)
      expect(await stored(r.id)).toEqual({ status: 'spam', alerts: 0 })
    })
  }

  test('the visitor is answered the same whether spam or not', async () => {
    const spam = await t.request('POST', '/api/contact', { body: person })
    const ham = await sendAsPerson(person)
    expect(Object.keys(spam.body).sort()).toEqual(Object.keys(ham.body).sort())
  })

  test('a spam message rescued by the owner goes to the inbox', async () => {
    const spam = await t.request('POST', '/api/contact', { body: person })
    const r = await t.request('PATCH', `/api/contact/${spam.id}`, {
      token,
      body: { status: 'unread' },
    })
    expect(r.body.status).toBe('unread')
  })
})

describe('the message and its alerts are one transaction', () => {
  // A real failure of the outbox insert, made by the database itself: a trigger
  // that refuses every new outbox row. The message was inserted first in the
  // same transaction, so it must be rolled back with it.
  const refuseOutbox = async () => {
    await t.db.execute(
      sql.raw(`create or replace function test_refuse_outbox() returns trigger language plpgsql
        as $$ begin raise exception 'the outbox refuses new rows (test)'; end $$`),
    )
    await t.db.execute(
      sql.raw(`create trigger test_refuse_outbox before insert on notification_outbox
        for each row execute function test_refuse_outbox()`),
    )
  }
  const allowOutbox = async () => {
    await t.db.execute(sql.raw('drop trigger if exists test_refuse_outbox on notification_outbox'))
    await t.db.execute(sql.raw('drop function if exists test_refuse_outbox()'))
  }

  test('a failing outbox insert leaves no message behind, and the visitor gets a 500', async () => {
    const name = 'Outbox Failure'
    const before = await t.db.select().from(messages)
    await refuseOutbox()
    try {
      const r = await sendAsPerson({ ...person, name })
      expect(r.status).toBe(500)
      expect(String(r.body.error)).not.toContain('outbox')
    } finally {
      await allowOutbox()
    }
    const after = await t.db.select().from(messages)
    expect(after).toHaveLength(before.length)
    expect(after.some((row) => row.name === name)).toBe(false)
    // With the outbox accepting rows again, the same message is stored with its alert.
    const again = await sendAsPerson({ ...person, name })
    expect(again.status).toBe(201)
    expect(await stored(again.id)).toEqual({ status: 'unread', alerts: 1 })
  })

  test('spam writes no outbox row, so the trigger does not stop it', async () => {
    await refuseOutbox()
    try {
      const r = await t.request('POST', '/api/contact', { body: person })
      expect(r.status).toBe(201)
      expect(await stored(r.id)).toEqual({ status: 'spam', alerts: 0 })
    } finally {
      await allowOutbox()
    }
  })
})

// Last in the file: it moves the app's clock past the admin session's lifetime.
describe('an old form token', () => {
  const WEEK_MS = 7 * 24 * 60 * 60_000

  test('a form served six days ago still reaches the inbox', async () => {
    const r = await sendAsPerson(person, WEEK_MS - 24 * 60 * 60_000)
    expect(r.status).toBe(201)
    expect(await stored(r.id)).toEqual({ status: 'unread', alerts: 1 })
  })

  test('a form served more than 7 days ago lands in spam, without an alert', async () => {
    const r = await sendAsPerson(person, WEEK_MS + 60_000)
    expect(r.status).toBe(201)
    expect(r.body.status).toBeUndefined()
    expect(await stored(r.id)).toEqual({ status: 'spam', alerts: 0 })
  })
})

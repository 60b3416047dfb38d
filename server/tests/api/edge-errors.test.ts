/**
 * Every error body comes from one module (server/trpc/errors.ts), and a
 * failure answered 500 is logged exactly once, whichever door it went
 * through and however many hooks saw it.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import type { Logger } from '../../log'
import type { MediaStore } from '../../media/store'
import { messages } from '../../messages'
import { unhandledResponse } from '../../trpc/errors'
import { createTestApp, isRecord, type TestApp } from '../support/harness'

interface Line {
  level: string
  msg: string
  fields: Record<string, unknown>
}

const lines: Line[] = []
const capture: Logger = {
  debug: () => {},
  info: (msg, fields = {}) => lines.push({ level: 'info', msg, fields }),
  warn: (msg, fields = {}) => lines.push({ level: 'warn', msg, fields }),
  error: (msg, fields = {}) => lines.push({ level: 'error', msg, fields }),
}
/** The error lines written since `from` (the access log's `request` lines are info). */
const errorsSince = (from: number) => lines.slice(from).filter((line) => line.level === 'error')

/** A media store whose every read fails, as a bug in the edge would. */
const brokenStore = new Proxy({} as MediaStore, {
  get: (_target, name) => {
    if (name === 'location') return 'broken'
    if (name === 'then') return undefined
    return () => {
      throw new Error('the disk is on fire')
    }
  },
})

setDefaultTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ log: capture, mediaStore: brokenStore, ssr: true })
  // A table gone: every read of the projects fails with the driver's error (a 500, not a 503).
  await t.database.db.execute(sql`ALTER TABLE projects RENAME TO projects_gone`)
})
afterAll(async () => {
  await t.database.db.execute(sql`ALTER TABLE projects_gone RENAME TO projects`)
  await t.close()
})

test('a REST 500: the generic { error, request_id }, one error line naming the request', async () => {
  const from = lines.length
  const r = await t.request('GET', '/api/projects')
  expect(r.status).toBe(500)
  expect(isRecord(r.body) && r.body.error).toBe(messages.internal)
  const requestId = isRecord(r.body) ? r.body.request_id : undefined
  expect(typeof requestId).toBe('string')
  expect(r.text).not.toMatch(/projects|relation|select/i)
  const errors = errorsSince(from)
  expect(errors).toHaveLength(1)
  expect(errors[0]?.fields.request_id).toBe(requestId)
  expect(String(errors[0]?.fields.error)).toMatch(/projects/)
})

test('a tRPC 500: tRPC’s shape with the same sentence, one error line', async () => {
  const from = lines.length
  const r = await t.request('GET', '/trpc/projects.list')
  expect(r.status).toBe(500)
  const error = isRecord(r.body) && isRecord(r.body.error) ? r.body.error : {}
  expect(error.message).toBe(messages.internal)
  expect(isRecord(error.data) && error.data.code).toBe('INTERNAL_SERVER_ERROR')
  expect(isRecord(error.data) && typeof error.data.request_id).toBe('string')
  expect(errorsSince(from)).toHaveLength(1)
})

test('a failure nobody caught (the media route): a JSON 500, one error line', async () => {
  const from = lines.length
  const r = await t.request('GET', `/media/${'a'.repeat(64)}.webp`)
  expect(r.status).toBe(500)
  expect(isRecord(r.body) && r.body.error).toBe(messages.internal)
  expect(r.text).not.toMatch(/fire/)
  const errors = errorsSince(from)
  expect(errors).toHaveLength(1)
  expect(errors[0]?.fields.error).toBe('the disk is on fire')
})

test('a page whose read failed: the error page, one error line (not the procedure’s and the page’s)', async () => {
  const from = lines.length
  const r = await t.request('GET', '/projects')
  expect(r.status).toBe(500)
  expect(r.headers.get('content-type')).toContain('text/html')
  expect(r.text).not.toMatch(/projects_gone|relation/)
  const errors = errorsSince(from)
  expect(errors.map((line) => line.msg)).toEqual(['request failed'])
})

test('the same failure answered twice (Elysia’s hook, then Bun’s handler) is logged once', async () => {
  const from = lines.length
  const error = new Error('boom')
  const first = unhandledResponse(error, { log: capture, requestId: null })
  const second = unhandledResponse(new Error('wrapped', { cause: error }), {
    log: capture,
    requestId: null,
  })
  expect([first.status, second.status]).toEqual([500, 500])
  expect(await second.json()).toEqual({ error: messages.internal })
  expect(errorsSince(from)).toHaveLength(1)
})

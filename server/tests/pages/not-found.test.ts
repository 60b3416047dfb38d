/** 404 for unknown ids, slugs and /api paths; 405 for a wrong method on a known path. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createTestApp, sample, type TestApp, type TestResponse } from '../support/harness'

// Generous under a loaded machine; the whole suite still runs in well under a minute.
setDefaultTimeout(20_000)

let t: TestApp
let token: string
let ids: { project: number; event: number; message: number }

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const project = await t.request('POST', '/api/projects', { token, body: sample.project() })
  const event = await t.request('POST', '/api/timeline', { token, body: sample.event() })
  const message = await t.request('POST', '/api/contact', { body: sample.message() })
  ids = { project: project.id, event: event.id, message: message.id }
}, 30_000)
afterAll(() => t.close())

function expect404(r: TestResponse, error?: string) {
  if (r.status !== 404) throw new Error(`expected 404, got ${r.status} ${r.text}`)
  expect(r.json).toStrictEqual({ error: error ?? expect.any(String) })
  expect(r.headers.get('content-type') ?? '').toContain('application/json')
}

describe('unknown ids', () => {
  const missing = 987_654

  test('timeline: GET, PUT and DELETE', async () => {
    const before = await t.snapshot()
    expect404(await t.request('GET', `/api/timeline/${missing}`), 'Timeline event not found.')
    expect404(
      await t.request('PUT', `/api/timeline/${missing}`, { token, body: sample.event() }),
      'Timeline event not found.',
    )
    expect404(
      await t.request('DELETE', `/api/timeline/${missing}`, { token }),
      'Timeline event not found.',
    )
    expect(await t.snapshot()).toEqual(before)
  })

  test('projects: PUT and DELETE', async () => {
    const before = await t.snapshot()
    expect404(
      await t.request('PUT', `/api/projects/${missing}`, { token, body: sample.project() }),
      'Project not found.',
    )
    expect404(
      await t.request('DELETE', `/api/projects/${missing}`, { token }),
      'Project not found.',
    )
    expect(await t.snapshot()).toEqual(before)
  })

  test('message: DELETE', async () => {
    const before = await t.snapshot()
    expect404(await t.request('DELETE', `/api/contact/${missing}`, { token }), 'Message not found.')
    expect(await t.snapshot()).toEqual(before)
  })

  test('a deleted row is a 404 the second time', async () => {
    expect((await t.request('DELETE', `/api/timeline/${ids.event}`, { token })).status).toBe(204)
    expect404(await t.request('DELETE', `/api/timeline/${ids.event}`, { token }))
    expect404(await t.request('GET', `/api/timeline/${ids.event}`))
    expect((await t.request('DELETE', `/api/projects/${ids.project}`, { token })).status).toBe(204)
    expect404(await t.request('DELETE', `/api/projects/${ids.project}`, { token }))
    expect404(
      await t.request('PUT', `/api/projects/${ids.project}`, { token, body: sample.project() }),
    )
    expect((await t.request('DELETE', `/api/contact/${ids.message}`, { token })).status).toBe(204)
    expect404(await t.request('DELETE', `/api/contact/${ids.message}`, { token }))
  })

  test('the 404 needs the token first: without it, a 401', async () => {
    const r = await t.request('DELETE', `/api/projects/${missing}`)
    expect(r.status).toBe(401)
  })
})

describe('unknown slugs', () => {
  test.each([
    'no-such-project',
    'sample-project-2',
    'Sample-Project',
    'sample%20project',
    '%E2%9C%93',
    'a%00b',
    'x'.repeat(250),
  ])('GET /api/projects/%s', async (slug) => {
    expect404(await t.request('GET', `/api/projects/${slug}`), 'Project not found.')
  })

  test('the tRPC door answers a 404 too', async () => {
    const input = encodeURIComponent(JSON.stringify({ slug: 'no-such-project' }))
    const r = await t.request('GET', `/trpc/projects.bySlug?input=${input}`)
    expect(r.status).toBe(404)
    expect(r.body.error).toMatchObject({
      message: 'Project not found.',
      data: { code: 'NOT_FOUND' },
    })
  })
})

describe('unknown /api paths', () => {
  test.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['POST', '/api'],
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/project'],
    ['GET', '/api/projects/1/extra'],
    ['GET', '/api/timeline/1/2'],
    ['GET', '/api/contact/1/extra'],
    ['GET', '/api/auth'],
    ['POST', '/api/auth/register'],
    ['GET', '/api/admin'],
    ['GET', '/api/timeline/x/y'],
    ['GET', '/api/.env'],
  ])('%s %s', async (method, path) => {
    const r = await t.request(method, path, { token })
    expect404(r)
  })

  test('an unknown tRPC procedure is a 404', async () => {
    const r = await t.request('GET', '/trpc/nope.list')
    expect(r.status).toBe(404)
  })

  test('a malformed percent-encoding is a 400, not a crash', async () => {
    const r = await t.request('GET', '/api/projects/%E0%A4%A')
    expect(r.status).toBe(400)
    expect(r.json).toStrictEqual({ error: expect.any(String) })
  })
})

describe('wrong methods on known paths', () => {
  test.each([
    ['PATCH', '/api/projects/1', 'GET, PUT, DELETE'],
    ['POST', '/api/projects/1', 'GET, PUT, DELETE'],
    ['DELETE', '/api/projects', 'GET, POST'],
    ['PUT', '/api/projects', 'GET, POST'],
    ['PATCH', '/api/timeline/1', 'GET, PUT, DELETE'],
    ['DELETE', '/api/timeline', 'GET, POST'],
    ['PUT', '/api/contact', 'POST, GET'],
    ['GET', '/api/contact/1', 'PATCH, DELETE'],
    ['PUT', '/api/contact/1', 'PATCH, DELETE'],
    ['GET', '/api/auth/login', 'POST'],
    ['GET', '/api/auth/logout', 'POST'],
    ['POST', '/api/auth/me', 'GET'],
    ['POST', '/api/profile', 'GET, PUT'],
    ['DELETE', '/api/profile', 'GET, PUT'],
  ])('%s %s is a 405 allowing %s', async (method, path, allow) => {
    const before = await t.snapshot()
    const r = await t.request(method, path, { token, body: {} })
    expect(r.status).toBe(405)
    expect(r.json).toStrictEqual({ error: expect.stringContaining(method) })
    const allowed = (r.headers.get('allow') ?? '').split(',').map((part) => part.trim())
    expect(allowed.sort()).toEqual(allow.split(', ').sort())
    expect(await t.snapshot()).toEqual(before)
  })
})

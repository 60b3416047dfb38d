/**
 * Inputs are strict: on every endpoint that reads a body (JSON or a
 * multipart form) or a query string, a field the endpoint does not take
 * answers 400 naming it, and nothing is written. The same on the tRPC door.
 * The list of endpoints is the REST door's own (server/trpc/endpoints.ts),
 * so a new endpoint is checked without an edit here.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { type RestEndpoint, restEndpoints } from '../../trpc/endpoints'
import { createTestApp, isRecord, sample, type TestApp, toTestResponse } from '../support/harness'
import { blackPng, encodeForm, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(30_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

const UNKNOWN = 'zz_not_a_field'

/** The route's path with each parameter a plausible value. */
const concrete = (route: RestEndpoint) =>
  `/${route.segments.map((segment) => (segment === ':id' ? '1' : segment.startsWith(':') ? 'x' : segment)).join('/')}`

const readsBody = (route: RestEndpoint) => ['POST', 'PUT', 'PATCH'].includes(route.rest.method)

/**
 * Bodies that are a document of another format, open by that format's own
 * rule: a JSON Resume may carry any field (its schema allows extensions).
 */
const openDocuments = new Set(['import.jsonResume', 'import.jsonResumePreview'])

/** Every route whose input can carry a field of the caller's choosing. */
const checked = restEndpoints.filter(
  (route) => (readsBody(route) || route.rest.query) && !openDocuments.has(route.procedure),
)

async function send(route: RestEndpoint): Promise<{ status: number; body: unknown }> {
  const path = concrete(route)
  if (route.rest.body?.type === 'multipart') {
    const form = new FormData()
    form.set(UNKNOWN, '1')
    const { bytes, type } = await encodeForm(form)
    const response = await toTestResponse(
      await t.app.handle(
        new Request(`http://localhost${path}`, {
          method: route.rest.method,
          headers: { 'content-type': type, authorization: `Bearer ${token}` },
          body: bytes,
        }),
      ),
    )
    return { status: response.status, body: response.json }
  }
  if (!readsBody(route)) {
    const response = await t.request('GET', `${path}?${UNKNOWN}=1`, { token })
    return { status: response.status, body: response.json }
  }
  const response = await t.request(route.rest.method, path, { token, body: { [UNKNOWN]: 1 } })
  return { status: response.status, body: response.json }
}

describe('an unknown field answers 400 naming it', () => {
  test('the routes checked include every write with a body and the reads with a query', () => {
    // The open documents are named procedures that exist (a rename must update the list).
    const procedures = restEndpoints.map((route) => route.procedure)
    for (const name of openDocuments) expect(procedures).toContain(name)
    expect(checked.length).toBeGreaterThan(30)
    expect(checked.map((route) => route.procedure)).toEqual(
      expect.arrayContaining(['media.updateAlt', 'media.upload', 'profile.update', 'audit.list']),
    )
  })

  test.each(checked.map((route) => [`${route.rest.method} ${route.rest.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      const answer = await send(route)
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 400,
        body: {
          error: expect.stringContaining(`Unknown field: ${UNKNOWN}`),
          fields: { [UNKNOWN]: [`Unknown field: ${UNKNOWN}`] },
        },
      })
    },
  )
})

describe('a misspelt field is refused, not dropped', () => {
  test('PATCH /api/media/{id} with `name` (the rename is its own route) changes nothing', async () => {
    const image = await upload(t.app, token, uploadForm(blackPng(4, 4), { type: 'image/png' }))
    expect(image.status).toBe(201)
    const answer = await t.request('PATCH', `/api/media/${image.id}`, {
      token,
      body: { alt: 'A black square', name: 'square.png' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('Unknown field: name.')
    const list = await t.request('GET', '/api/media', { token })
    const stored = list.list.filter(isRecord).find((item) => item.id === image.id)
    expect(stored?.alt).toBe('')
    // Without the stray field, the same save works.
    const saved = await t.request('PATCH', `/api/media/${image.id}`, {
      token,
      body: { alt: 'A black square' },
    })
    expect(saved.status).toBe(200)
  })

  test('a nested field is named by its path: PUT /api/profile with links[0].lable', async () => {
    const before = await t.request('GET', '/api/profile')
    const answer = await t.request('PUT', '/api/profile', {
      token,
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        links: [{ lable: 'Blog', url: 'https://ada.example.com' }],
      },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toContain('Unknown field: links.0.lable')
    expect(answer.body.fields).toMatchObject({ 'links.0.lable': ['Unknown field: links.0.lable'] })
    expect((await t.request('GET', '/api/profile')).body).toEqual(before.body)
  })

  test('a misspelt project field (`tittle`) creates nothing', async () => {
    const answer = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Typo'), tittle: 'Typo' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('Unknown field: tittle.')
    const list = await t.request('GET', '/api/projects', { token })
    expect(list.list.filter(isRecord).map((project) => project.title)).not.toContain('Typo')
  })

  test('a route that takes no input refuses any field (POST /api/auth/logout)', async () => {
    const answer = await t.request('POST', '/api/auth/logout', { token, body: { all: true } })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('Unknown field: all.')
    // Still signed in: nothing was done.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
  })

  test('without a token the answer is still the 401: the fields are not told', async () => {
    const answer = await t.request('PATCH', '/api/media/1', { body: { name: 'x' } })
    expect(answer.status).toBe(401)
  })
})

describe('the tRPC door applies the same rule', () => {
  test('a mutation with an unknown field is a 400 naming it', async () => {
    const response = await toTestResponse(
      await t.app.handle(
        new Request('http://localhost/trpc/timeline.create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...sample.event('Strict'), colour: 'red' }),
        }),
      ),
    )
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.json)).toContain('Unknown field: colour')
    const events = await t.request('GET', '/api/timeline')
    expect(events.list.filter(isRecord).map((event) => event.title)).not.toContain('Strict')
  })

  test('a query with an unknown field in its input is a 400 naming it', async () => {
    const input = encodeURIComponent(JSON.stringify({ days: 7, dayz: 7 }))
    const response = await toTestResponse(
      await t.app.handle(
        new Request(`http://localhost/trpc/analytics.summary?input=${input}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    )
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.json)).toContain('Unknown field: dayz')
  })
})

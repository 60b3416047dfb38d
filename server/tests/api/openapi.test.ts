/**
 * The API reference generated from the procedures: a valid OpenAPI 3.1
 * document that lists exactly the routes the REST door serves, whose
 * security says which ones need a token, and whose schemas describe what
 * the routes really answer and accept.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020'
import { createTestApp, isRecord, sample, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

type Operation = {
  operationId: string
  security: unknown[]
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

let t: TestApp
let token: string
let document: Document
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const r = await t.request('GET', '/api/openapi.json')
  expect(r.status).toBe(200)
  document = r.json as Document
}, 30_000)
afterAll(() => t.close())

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  )

/** A concrete path for a templated one: every parameter a plausible value. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '999999')

describe('GET /api/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(structuredClone(document))
    if (!result.valid) console.log(JSON.stringify(result.errors, null, 2).slice(0, 3000))
    expect(result.valid).toBe(true)
  })

  test('lists the spec routes with their methods', () => {
    const listed = new Set(operations().map(({ method, path }) => `${method} ${path}`))
    for (const route of [
      'POST /api/auth/login',
      'GET /api/projects',
      'GET /api/projects/{slug}',
      'POST /api/projects',
      'PUT /api/projects/{id}',
      'DELETE /api/projects/{id}',
      'GET /api/timeline',
      'POST /api/contact',
      'GET /api/profile',
      'PUT /api/profile',
    ]) {
      expect(listed).toContain(route)
    }
  })

  test('every listed route is served: never "no endpoint here" nor 405', async () => {
    for (const { method, path } of operations()) {
      const r = await t.request(method, concrete(path), {
        token,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      })
      expect({ route: `${method} ${path}`, status: r.status }).not.toEqual({
        route: `${method} ${path}`,
        status: 405,
      })
      if (r.status === 404) {
        expect({
          route: `${method} ${path}`,
          error: (r.json as { error?: string }).error,
        }).not.toEqual({
          route: `${method} ${path}`,
          error: 'There is no API endpoint at this path.',
        })
      }
    }
  })

  test('a route said to need a token answers 401 without one, and only those do', async () => {
    for (const { method, path, operation } of operations()) {
      const needsToken = operation.security.length === 1
      const r = await t.request(method, concrete(path), {
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      })
      if (needsToken)
        expect({ route: `${method} ${path}`, status: r.status }).toEqual({
          route: `${method} ${path}`,
          status: 401,
        })
      else
        expect({ route: `${method} ${path}`, status: r.status }).not.toEqual({
          route: `${method} ${path}`,
          status: 401,
        })
    }
  })

  test('every object a request sends lists its fields: additionalProperties false', () => {
    /** The objects with properties in a JSON Schema that let other fields in, by their path. */
    const open = (schema: unknown, at: string): string[] => {
      if (Array.isArray(schema)) return schema.flatMap((item, i) => open(item, `${at}[${i}]`))
      if (!isRecord(schema)) return []
      const here = isRecord(schema.properties) && schema.additionalProperties !== false ? [at] : []
      return [
        ...here,
        ...Object.entries(schema).flatMap(([key, value]) => open(value, `${at}.${key}`)),
      ]
    }
    let bodies = 0
    const found: string[] = []
    for (const { method, path, operation } of operations()) {
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
        bodies++
        found.push(...open(content.schema, `${method} ${path} ${type}`))
      }
    }
    expect(bodies).toBeGreaterThan(30)
    expect(found).toEqual([])
  })

  test("a route not in the document is the REST door's 404", async () => {
    const r = await t.request('GET', '/api/not-a-route')
    expect(r.status).toBe(404)
    expect(document.paths['/api/not-a-route']).toBeUndefined()
  })

  test('the schemas describe what the routes answer and accept', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc')
    const withRefs = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'))

    // The route walk above signed out (POST /api/auth/logout): a new session.
    token = await t.login()
    const created = await t.request('POST', '/api/projects', { token, body: sample.project() })
    expect(created.status).toBe(201)
    const createSchema = document.paths['/api/projects']?.post
    const accepts = ajv.compile(
      withRefs(createSchema?.requestBody?.content['application/json']?.schema),
    )
    expect(accepts(sample.project())).toBe(true)
    expect(accepts({ title: 42 })).toBe(false)
    // A field the route does not take is refused, as the route refuses it.
    expect(accepts({ ...sample.project(), tittle: 'Typo' })).toBe(false)
    const answers201 = ajv.compile(
      withRefs(createSchema?.responses['201']?.content?.['application/json']?.schema),
    )
    expect(answers201(created.json)).toBe(true)

    for (const [path, status] of [
      ['/api/projects', '200'],
      ['/api/timeline', '200'],
      ['/api/profile', '200'],
    ] as const) {
      const r = await t.request('GET', path)
      const schema = document.paths[path]?.get?.responses[status]?.content?.['application/json']
      const valid = ajv.compile(withRefs(schema?.schema))
      if (!valid(r.json)) console.log(path, valid.errors)
      expect(valid(r.json)).toBe(true)
    }

    const invalid = await t.request('POST', '/api/projects', { token, body: { title: '' } })
    expect(invalid.status).toBe(400)
    const errorSchema = ajv.compile(withRefs({ $ref: '#/components/schemas/Error' }))
    expect(errorSchema(invalid.json)).toBe(true)
    expect(isRecord(invalid.json) && isRecord(invalid.json.fields)).toBe(true)
  })
})

describe('GET /api/docs', () => {
  test('is a readable page of every route, allowed no script', async () => {
    const r = await t.request('GET', '/api/docs')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('text/html')
    expect(r.headers.get('content-security-policy')).not.toContain('script-src')
    for (const { method, path } of operations()) {
      expect(r.text).toContain(`${method}</span>${path.replaceAll('&', '&amp;')}`)
    }
    expect(r.text).not.toContain('<script')
  })
})

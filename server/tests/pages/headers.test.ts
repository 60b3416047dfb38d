import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../support/harness'

let t: TestApp
let cors: TestApp
beforeAll(async () => {
  t = await createTestApp()
  cors = await createTestApp({ config: { corsOrigins: ['https://friend.example'], trustProxy: 1 } })
}, 30_000)
afterAll(async () => {
  await t.close()
  await cors.close()
})

const pages: Array<[string, string, number]> = [
  ['a page (app shell)', '/', 200],
  ['a public page path', '/projects/anything', 200],
  ['an admin page', '/admin', 200],
]

const resources: Array<[string, string, number]> = [
  ['an API list', '/api/projects', 200],
  ['an API 404', '/api/projects/no-such-project', 404],
  ['an unknown API path', '/api/nope', 404],
  ['an API 401', '/api/contact', 401],
  ['a tRPC call', '/trpc/projects.list', 200],
  ['an asset', '/favicon.svg', 200],
  ['a missing asset', '/assets/missing-abc123.js', 404],
  ['the health check', '/healthz', 200],
]

function expectCommonHeaders(response: { headers: Headers }) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('x-powered-by')).toBeNull()
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  // Plain HTTP without a trusted proxy: no HSTS.
  expect(response.headers.get('strict-transport-security')).toBeNull()
}

describe('security headers on every response', () => {
  for (const [label, path, status] of pages) {
    test(`${label}: the page policy and the document headers`, async () => {
      const response = await t.request('GET', path)
      expect(response.status).toBe(status)
      expect(response.headers.get('content-type')).toContain('text/html')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toMatch(/img-src[^;]*https:/)
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expectCommonHeaders(response)
    })
  }

  for (const [label, path, status] of resources) {
    test(`${label}: a policy that runs and frames nothing`, async () => {
      const response = await t.request('GET', path)
      expect(response.status).toBe(status)
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      // Document-only headers stay off JSON and files.
      expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
      expectCommonHeaders(response)
    })
  }

  test('/api/docs (an HTML page): the document headers, with its own policy', async () => {
    const response = await t.request('GET', '/api/docs')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toStartWith("default-src 'none'; style-src 'sha256-")
    expect(csp).toContain("frame-ancestors 'none'")
    expectCommonHeaders(response)
  })

  test('a validation error and a 405 carry them too', async () => {
    const token = await t.login()
    const invalid = await t.request('POST', '/api/projects', { token, body: {} })
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('content-security-policy')).toContain("default-src 'none'")
    const wrongMethod = await t.request('PATCH', '/api/projects')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('caching', () => {
  test('API answers, admin pages and the login page are never stored', async () => {
    for (const path of [
      '/api/contact',
      '/api/auth/me',
      '/admin',
      '/admin/projects/new',
      '/login',
    ]) {
      const response = await t.request('GET', path)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
    }
    const token = await t.login()
    const contacts = await t.request('GET', '/api/contact', { token })
    expect(contacts.headers.get('cache-control')).toBe('no-store')
  })

  test('public pages and public API reads revalidate instead', async () => {
    for (const path of ['/projects', '/api/projects', '/api/profile', '/trpc/projects.list']) {
      const response = await t.request('GET', path)
      expect(response.headers.get('cache-control'), path).toBe('no-cache')
    }
  })
})

describe('HTTPS', () => {
  test('HSTS is sent when the request arrived over HTTPS', async () => {
    const response = await t.app.handle(new Request('https://localhost/api/projects'))
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  test('behind a trusted proxy, X-Forwarded-Proto: https counts; without trust it does not', async () => {
    const proxied = await cors.request('GET', '/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(proxied.headers.get('strict-transport-security')).toContain('max-age=')
    const forged = await t.request('GET', '/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(forged.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('CORS', () => {
  test('same-origin only by default: no Access-Control headers for another origin', async () => {
    const response = await t.request('GET', '/api/projects', {
      headers: { origin: 'https://evil.example' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await t.request('OPTIONS', '/api/projects', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('an origin listed in CORS_ORIGINS is allowed, others are not', async () => {
    const preflight = await cors.request('OPTIONS', '/api/projects', {
      headers: {
        origin: 'https://friend.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://friend.example')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
    const read = await cors.request('GET', '/api/projects', {
      headers: { origin: 'https://friend.example' },
    })
    expect(read.headers.get('access-control-allow-origin')).toBe('https://friend.example')
    expect(read.headers.get('vary')).toContain('Origin')
    const other = await cors.request('GET', '/api/projects', {
      headers: { origin: 'https://friend.example.evil.example' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})

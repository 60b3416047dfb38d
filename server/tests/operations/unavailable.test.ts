import { expect, test } from 'bun:test'
import { createTestApp } from '../support/harness'

test('with the database gone, reads and writes answer 503 quickly and /healthz says so', async () => {
  const t = await createTestApp()
  const token = await t.login()
  await t.database.close()
  for (const [method, path, body] of [
    ['GET', '/api/projects', undefined],
    ['GET', '/api/profile', undefined],
    ['POST', '/api/contact', { name: 'A', email: 'a@example.com', message: 'hi' }],
    ['POST', '/api/projects', { title: 'T', description: 'd', long_description: 'l' }],
  ] as const) {
    const started = performance.now()
    const response = await t.request(method, path, { body, token })
    expect(response.status, `${method} ${path}`).toBe(503)
    expect(response.body.error).toBe(
      'The service is temporarily unavailable. Please try again shortly.',
    )
    expect(response.headers.get('retry-after')).toBe('5')
    expect(response.text).not.toMatch(/PGlite|closed|select|insert/i)
    expect(performance.now() - started).toBeLessThan(3_000)
  }
  const trpc = await t.request('GET', '/trpc/projects.list')
  expect(trpc.status).toBe(503)
  const health = await t.request('GET', '/healthz')
  expect(health.status).toBe(503)
  expect(health.body).toMatchObject({ status: 'unavailable', database: { status: 'down' } })
})

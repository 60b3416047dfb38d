import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../support/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

test('lists start empty and a signed-in owner can create a project', async () => {
  expect((await t.request('GET', '/api/projects')).json).toEqual([])
  const token = await t.login()
  const created = await t.request('POST', '/api/projects', {
    token,
    body: { title: 'Hello World', description: 'd', long_description: 'l' },
  })
  expect(created.status).toBe(201)
  expect(created.body.slug).toBe('hello-world')
})

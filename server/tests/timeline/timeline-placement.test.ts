/** A new timeline event takes its place by start date; bullets keep numbers with commas whole. */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

const create = async (title: string, start_date: string) => {
  const r = await t.request('POST', '/api/timeline', { token, body: { title, start_date } })
  expect(r.status).toBe(201)
  return r.body.id as number
}
const titles = async () =>
  ((await t.request('GET', '/api/timeline')).json as { title: string }[]).map((e) => e.title)

test('new events land among the others by start date, newest first; unreadable dates go first', async () => {
  await create('Uni', 'Sep 2019 – Jun 2023')
  await create('Job', 'Jan 2025 – Present')
  expect(await titles()).toEqual(['Job', 'Uni'])
  await create('Internship', '2023')
  expect(await titles()).toEqual(['Job', 'Internship', 'Uni'])
  await create('School', '2015')
  expect(await titles()).toEqual(['Job', 'Internship', 'Uni', 'School'])
  await create('Someday', 'one summer')
  expect(await titles()).toEqual(['Someday', 'Job', 'Internship', 'Uni', 'School'])
})

test('a manual order is kept: a new event only slides in, the others do not move', async () => {
  const list = (await t.request('GET', '/api/timeline')).json as { id: number; title: string }[]
  // The owner puts School on top.
  const manual = [...list].sort((a, b) =>
    a.title === 'School' ? -1 : b.title === 'School' ? 1 : 0,
  )
  const reorder = await t.request('PUT', '/api/timeline/order', {
    token,
    body: { ids: manual.map((e) => e.id) },
  })
  expect(reorder.status).toBe(204)
  await create('Side project', 'Mar 2024')
  // Before the first event that started earlier (School, 2015, now on top).
  expect(await titles()).toEqual(['Side project', 'School', 'Someday', 'Job', 'Internship', 'Uni'])
})

test('a bullet with a number keeps its comma through the API, the page HTML and the CV', async () => {
  const r = await t.request('POST', '/api/timeline', {
    token,
    body: { title: 'Bikes', start_date: 'Feb 2026', description: ['Used by 40,000 riders'] },
  })
  expect(r.status).toBe(201)
  expect(r.body.description).toEqual(['Used by 40,000 riders'])
  expect(r.body.description_html).toEqual(['Used by 40,000 riders'])
})

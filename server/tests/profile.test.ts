/** The owner's profile: seeded from the environment once, age computed on every read. */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { profileSeedFromEnv, seedProfile } from '../services/profile'
import { createTestApp, type TestApp, testEnv } from './harness'

// Generous under a loaded machine; the whole suite still runs in well under a minute.
setDefaultTimeout(20_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 30_000)
afterAll(() => t.close())

test('GET /api/profile answers the seeded owner, no token needed', async () => {
  const r = await t.request('GET', '/api/profile')
  expect(r.status).toBe(200)
  expect(r.json).toStrictEqual({
    name: 'Ada Lovelace',
    birth_year: 2003,
    age: t.clock.now().getFullYear() - 2003,
    email: 'ada@example.com',
    university: 'Test University',
    major: 'Computer Science',
    focus: 'fullstack development with React, Node.js and SQL',
    minor: 'Cybersecurity and Mathematics',
    headline: "Hi, I'm Ada Lovelace!",
    linkedin_url: 'https://www.linkedin.com/in/ada',
    github_url: 'https://github.com/ada',
    photo_url: '/profile.svg',
    // Not an upload: no image info.
    photo: null,
  })
})

test('the age is the current year minus the birth year, computed at read time', async () => {
  const now = t.clock.now()
  expect((await t.request('GET', '/api/profile')).body.age).toBe(now.getFullYear() - 2003)
  // A year later the same row gives an age one higher: nothing stored changes.
  const before = await t.snapshot()
  t.clock.advance(366 * 86_400_000)
  const later = await t.request('GET', '/api/profile')
  expect(later.body.age).toBe(t.clock.now().getFullYear() - 2003)
  expect(later.body.age).toBe(now.getFullYear() - 2003 + 1)
  expect(await t.snapshot()).toEqual(before)
  expect(before.profile[0]).not.toHaveProperty('age')
})

test('seeding again (a restart with other env values) keeps the stored profile', async () => {
  await seedProfile(t.db, profileSeedFromEnv({ ...testEnv, OWNER_NAME: 'Someone Else' }))
  const r = await t.request('GET', '/api/profile')
  expect(r.body.name).toBe('Ada Lovelace')
  expect((await t.snapshot()).profile).toHaveLength(1)
})

test('the tRPC door answers the same object', async () => {
  const rest = await t.request('GET', '/api/profile')
  const r = await t.request('GET', '/trpc/profile.get')
  expect(r.status).toBe(200)
  expect(r.json).toStrictEqual({ result: { data: rest.json } })
})

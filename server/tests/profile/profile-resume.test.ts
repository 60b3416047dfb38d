/** The new profile fields in JSON Resume: exported, and skills imported into a profile with none. */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: 'https://ada.example' })
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

const base = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  github_url: 'https://github.com/ada',
  photo_url: '/profile.svg',
}

test('a JSON Resume import fills the skills of a profile that has none, and says so', async () => {
  const document = {
    basics: { name: 'Ada Lovelace' },
    skills: [{ name: 'Analysis' }, { name: 'Poetry' }, { name: 'Analysis' }],
  }
  const r = await t.request('POST', '/api/import/json-resume', { token, body: document })
  expect(r.status).toBe(200)
  expect((r.json as { profile: string[] }).profile).toContain('skills')
  expect((await t.request('GET', '/api/profile')).body.skills).toEqual(['Analysis', 'Poetry'])
  // A second import with other skills leaves the owner's list alone.
  await t.request('POST', '/api/import/json-resume', {
    token,
    body: { skills: [{ name: 'Knitting' }] },
  })
  expect((await t.request('GET', '/api/profile')).body.skills).toEqual(['Analysis', 'Poetry'])
})

test('/resume.json carries the bio, skills, location and links; empty study fields stay out', async () => {
  await t.request('PUT', '/api/profile', {
    token,
    body: {
      ...base,
      bio: 'I write programs for the Analytical Engine.',
      skills: ['Mathematics', 'Used by 40,000 riders'],
      location: 'London',
      links: [{ label: 'Mastodon', url: 'https://mastodon.example/@ada' }],
    },
  })
  const r = await t.request('GET', '/resume.json')
  expect(r.status).toBe(200)
  const resume = r.json as {
    basics: Record<string, unknown> & { profiles: { network: string; url: string }[] }
    skills: { name: string }[]
  }
  expect(resume.basics.summary).toBe('I write programs for the Analytical Engine.')
  expect(resume.basics.location).toEqual({ city: 'London' })
  expect(resume.basics.label).toBeUndefined()
  expect(resume.basics.profiles.map((profile) => profile.network)).toEqual([
    'LinkedIn',
    'GitHub',
    'Mastodon',
  ])
  expect(resume.skills).toEqual([{ name: 'Mathematics' }, { name: 'Used by 40,000 riders' }])
})

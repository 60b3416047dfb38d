/**
 * What a new owner meets in the admin's forms, at the API: over-long text is
 * refused (400 naming the field), never cut; the owner's time zone is a
 * setting (UTC until chosen, an IANA name checked with Intl), while the
 * times themselves stay instants; a project created over the API without
 * `is_published` keeps the spec's default. PGlite in this process, or
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { limits } from '../../../src/schemas/fields'
import { createTestApp, sample, type TestApp } from '../support/harness'

setDefaultTimeout(60_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ analytics: false })
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

const sampleNote = () => ({
  title: 'A note',
  summary: 'What it says.',
  body: 'Text.',
  status: 'draft',
})

const profileBody = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  github_url: 'https://github.com/ada',
  photo_url: '/profile.svg',
}

/** Each limited text field of the admin's forms: where it is sent, its body, its message. */
const cases: {
  what: string
  method: 'POST' | 'PUT'
  path: string
  body: Record<string, unknown>
  field: string
  max: number
  label: string
}[] = [
  {
    what: 'project title',
    method: 'POST',
    path: '/api/projects',
    body: sample.project(),
    field: 'title',
    max: limits.title,
    label: 'Title',
  },
  {
    what: 'project short description',
    method: 'POST',
    path: '/api/projects',
    body: sample.project(),
    field: 'description',
    max: limits.shortText,
    label: 'Short description',
  },
  {
    what: 'project long description',
    method: 'POST',
    path: '/api/projects',
    body: sample.project(),
    field: 'long_description',
    max: limits.longText,
    label: 'Long description',
  },
  {
    what: 'project role',
    method: 'POST',
    path: '/api/projects',
    body: sample.project(),
    field: 'role',
    max: limits.title,
    label: 'Role',
  },
  {
    what: 'project period',
    method: 'POST',
    path: '/api/projects',
    body: sample.project(),
    field: 'period',
    max: limits.date,
    label: 'Period',
  },
  {
    what: 'event title',
    method: 'POST',
    path: '/api/timeline',
    body: sample.event(),
    field: 'title',
    max: limits.title,
    label: 'Title',
  },
  {
    what: 'event start date',
    method: 'POST',
    path: '/api/timeline',
    body: sample.event(),
    field: 'start_date',
    max: limits.date,
    label: 'Start date',
  },
  {
    what: 'event end date',
    method: 'POST',
    path: '/api/timeline',
    body: sample.event(),
    field: 'end_date',
    max: limits.date,
    label: 'End date',
  },
  {
    what: 'event position',
    method: 'POST',
    path: '/api/timeline',
    body: sample.event(),
    field: 'position',
    max: limits.title,
    label: 'Position',
  },
  {
    what: 'note title',
    method: 'POST',
    path: '/api/notes',
    body: sampleNote(),
    field: 'title',
    max: limits.title,
    label: 'Title',
  },
  {
    what: 'note summary',
    method: 'POST',
    path: '/api/notes',
    body: sampleNote(),
    field: 'summary',
    max: limits.shortText,
    label: 'Summary',
  },
  {
    what: 'note body',
    method: 'POST',
    path: '/api/notes',
    body: sampleNote(),
    field: 'body',
    max: limits.longText,
    label: 'Body',
  },
  {
    what: 'profile name',
    method: 'PUT',
    path: '/api/profile',
    body: profileBody,
    field: 'name',
    max: limits.name,
    label: 'Name',
  },
  {
    what: 'profile headline',
    method: 'PUT',
    path: '/api/profile',
    body: profileBody,
    field: 'headline',
    max: limits.title,
    label: 'Greeting headline',
  },
  {
    what: 'profile university',
    method: 'PUT',
    path: '/api/profile',
    body: profileBody,
    field: 'university',
    max: limits.title,
    label: 'University',
  },
  {
    what: 'profile focus',
    method: 'PUT',
    path: '/api/profile',
    body: profileBody,
    field: 'focus',
    max: limits.shortText,
    label: 'Focus',
  },
  {
    what: 'profile about',
    method: 'PUT',
    path: '/api/profile',
    body: profileBody,
    field: 'bio',
    max: limits.longText,
    label: 'About',
  },
  {
    what: 'profile location',
    method: 'PUT',
    path: '/api/profile',
    body: profileBody,
    field: 'location',
    max: limits.title,
    label: 'Location',
  },
]

describe('over-long text is refused with 400 naming the field, never cut', () => {
  for (const c of cases) {
    test(`${c.what}: ${c.max} characters pass whole, ${c.max + 1} are refused`, async () => {
      const exact = 'a'.repeat(c.max)
      const ok = await t.request(c.method, c.path, {
        token,
        body: { ...c.body, [c.field]: exact },
      })
      expect(ok.status).toBeLessThan(300)
      expect((ok.body as Record<string, unknown>)[c.field]).toBe(exact)

      const over = await t.request(c.method, c.path, {
        token,
        body: { ...c.body, [c.field]: `${exact}b` },
      })
      expect(over.status).toBe(400)
      const body = over.body as { error: string; fields?: Record<string, string[]> }
      const message = `${c.label} must be at most ${c.max} characters.`
      expect(body.error).toContain(message)
      expect(body.fields?.[c.field]).toEqual([message])
    })
  }

  test('a refused title leaves nothing stored', async () => {
    const title = `Too long ${'x'.repeat(limits.title)}`
    const r = await t.request('POST', '/api/projects', { token, body: sample.project(title) })
    expect(r.status).toBe(400)
    const list = await t.request('GET', '/api/projects', { token })
    const titles = (list.list as { title: string }[]).map((p) => p.title)
    expect(titles.some((stored) => stored.startsWith('Too long'))).toBe(false)
  })
})

describe('the owner’s time zone', () => {
  test('needs the token', async () => {
    expect((await t.request('GET', '/api/settings/time-zone')).status).toBe(401)
    const put = await t.request('PUT', '/api/settings/time-zone', {
      body: { time_zone: 'Europe/Berlin' },
    })
    expect(put.status).toBe(401)
  })

  test('is UTC, not chosen, until the owner sets it', async () => {
    const r = await t.request('GET', '/api/settings/time-zone', { token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ time_zone: 'UTC', chosen: false })
  })

  test('takes an IANA name, kept in its canonical spelling', async () => {
    const put = await t.request('PUT', '/api/settings/time-zone', {
      token,
      body: { time_zone: ' europe/berlin ' },
    })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({ time_zone: 'Europe/Berlin', chosen: true })
    const r = await t.request('GET', '/api/settings/time-zone', { token })
    expect(r.body).toEqual({ time_zone: 'Europe/Berlin', chosen: true })
  })

  for (const bad of ['Mars/Olympus_Mons', '+01:00', 'CET', '', 'Europe/Ber\u0000lin', 42, null]) {
    test(`refuses ${JSON.stringify(bad)} with 400 naming the field, and keeps the zone`, async () => {
      const r = await t.request('PUT', '/api/settings/time-zone', {
        token,
        body: { time_zone: bad },
      })
      expect(r.status).toBe(400)
      const body = r.body as { error: string; fields?: Record<string, string[]> }
      expect(body.fields?.time_zone).toEqual([
        'Time zone must be an IANA time zone name, like Europe/Berlin.',
      ])
      const now = await t.request('GET', '/api/settings/time-zone', { token })
      expect(now.body).toEqual({ time_zone: 'Europe/Berlin', chosen: true })
    })
  }

  test('a note’s time stays the instant sent, whatever the zone', async () => {
    await t.request('PUT', '/api/settings/time-zone', {
      token,
      body: { time_zone: 'America/New_York' },
    })
    const r = await t.request('POST', '/api/notes', {
      token,
      body: {
        ...sampleNote(),
        status: 'published',
        published_at: '2099-03-01T09:30:00-05:00',
      },
    })
    expect(r.status).toBe(201)
    expect((r.body as { published_at: string }).published_at).toBe('2099-03-01T14:30:00.000Z')
  })
})

describe('defaults of a create without the field', () => {
  test('a project over the API keeps the spec’s default: published', async () => {
    const r = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Published by default'),
    })
    expect(r.status).toBe(201)
    expect((r.body as { is_published: boolean }).is_published).toBe(true)
  })
})

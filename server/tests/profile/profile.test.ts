/** The owner's profile: seeded from the environment once, age computed on every read. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { profileSeedFromEnv, seedProfile } from '../../services/profile'
import { createTestApp, type TestApp, testEnv } from '../support/harness'

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
    // Empty: the greeting is made from the name, and follows it.
    headline: '',
    greeting: "Hi, I'm Ada Lovelace!",
    linkedin_url: 'https://www.linkedin.com/in/ada',
    github_url: 'https://github.com/ada',
    photo_url: '/profile.svg',
    // Not an upload: no image info.
    photo: null,
    // The default accent: the indigo the site started with.
    accent_color: '#4f46e5',
    show_age: true,
    bio: '',
    bio_html: '',
    skills: [],
    location: '',
    links: [],
    fediverse_account: '',
    atproto_did: '',
    orcid: '',
    // What a save sends back to say which version it was made from.
    version: expect.any(Number),
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

const edited = {
  name: 'Grace Hopper',
  headline: 'Hello, I am Grace.',
  birth_year: 2001,
  email: 'grace@example.com',
  university: 'Navy University',
  major: 'Mathematics',
  focus: 'compilers and COBOL',
  minor: 'Physics',
  linkedin_url: 'https://www.linkedin.com/in/grace',
  github_url: 'https://github.com/grace',
  photo_url: '/media/photo.jpg',
}

test('PUT /api/profile replaces every field, answers the profile, and GET shows it', async () => {
  const token = await t.login()
  const r = await t.request('PUT', '/api/profile', { token, body: edited })
  expect(r.status).toBe(200)
  const expected = {
    ...edited,
    age: t.clock.now().getFullYear() - 2001,
    greeting: edited.headline,
    photo: null,
    // Left out of the PUT: kept as they were.
    accent_color: '#4f46e5',
    show_age: true,
    bio: '',
    bio_html: '',
    skills: [],
    location: '',
    links: [],
    fediverse_account: '',
    atproto_did: '',
    orcid: '',
    version: expect.any(Number),
  }
  expect(r.json).toStrictEqual(expected)
  expect((await t.request('GET', '/api/profile')).json).toStrictEqual(expected)
  const [row] = (await t.snapshot()).profile
  expect(row).toMatchObject({ ...edited, id: 1 })
})

test('PUT /api/profile without a token: 401 and nothing changes', async () => {
  const before = await t.snapshot()
  const r = await t.request('PUT', '/api/profile', { body: { ...edited, name: 'Intruder' } })
  expect(r.status).toBe(401)
  expect(r.json).toEqual({ error: 'You need to sign in to do this.' })
  expect(await t.snapshot()).toEqual(before)
})

test('PUT /api/profile validates every field: 400 with fields, nothing changes', async () => {
  const token = await t.login()
  const before = await t.snapshot()
  const r = await t.request('PUT', '/api/profile', {
    token,
    body: {
      ...edited,
      name: '  ',
      birth_year: t.clock.now().getFullYear() + 1,
      email: 'not-an-address',
      linkedin_url: 'javascript:alert(1)',
      photo_url: undefined,
      major: 'x'.repeat(201),
    },
  })
  expect(r.status).toBe(400)
  const body = r.json as { error: string; fields: Record<string, string[]> }
  expect(Object.keys(body.fields).sort()).toEqual(
    ['birth_year', 'email', 'linkedin_url', 'major', 'name', 'photo_url'].sort(),
  )
  expect(body.fields.name).toEqual(['Name is required.'])
  expect(body.fields.birth_year).toEqual(['Birth year cannot be in the future.'])
  expect(body.fields.email).toEqual(['Email must be a valid email address.'])
  expect(body.fields.linkedin_url).toEqual([
    'LinkedIn URL must be an http(s) URL or a path starting with /.',
  ])
  expect(body.fields.major).toEqual(['Major must be at most 200 characters.'])
  expect(await t.snapshot()).toEqual(before)
})

describe('the accent colour', () => {
  test('PUT sets it (stored lower-case), GET and the tRPC door answer it, and a PUT without it keeps it', async () => {
    const token = await t.login()
    const r = await t.request('PUT', '/api/profile', {
      token,
      body: { ...edited, accent_color: '#0F766E' },
    })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ accent_color: '#0f766e' })
    expect((await t.request('GET', '/api/profile')).json).toMatchObject({
      accent_color: '#0f766e',
    })
    expect((await t.request('GET', '/trpc/profile.get')).json).toMatchObject({
      result: { data: { accent_color: '#0f766e' } },
    })
    expect((await t.snapshot()).profile[0]).toMatchObject({ accent_color: '#0f766e' })

    const kept = await t.request('PUT', '/api/profile', { token, body: edited })
    expect(kept.status).toBe(200)
    expect(kept.json).toMatchObject({ accent_color: '#0f766e' })
  })

  test('anything but #rrggbb is a 400 naming the field, and nothing changes', async () => {
    const token = await t.login()
    const before = await t.snapshot()
    for (const bad of ['red', '#fff', '#12345g', '#0f766e; color: red', '', 42, null]) {
      const r = await t.request('PUT', '/api/profile', {
        token,
        body: { ...edited, accent_color: bad },
      })
      expect(r.status, String(bad)).toBe(400)
      const body = r.json as { error: string; fields: Record<string, string[]> }
      expect(body.fields, String(bad)).toEqual({
        accent_color: ['Accent colour must be a colour like #4f46e5.'],
      })
    }
    expect(await t.snapshot()).toEqual(before)
  })
})

describe('a profile that fits any owner', () => {
  const minimal = {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    linkedin_url: 'https://www.linkedin.com/in/grace',
    github_url: 'https://github.com/grace',
    photo_url: '/profile.svg',
  }

  test('only name, email and the links: the rest is optional, no age and no study lines', async () => {
    const token = await t.login()
    const r = await t.request('PUT', '/api/profile', { token, body: minimal })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      ...minimal,
      birth_year: null,
      age: null,
      university: '',
      major: '',
      focus: '',
      minor: '',
      headline: '',
      greeting: "Hi, I'm Grace Hopper!",
    })
  })

  test('an empty headline follows every rename; a set one stays as written', async () => {
    const token = await t.login()
    await t.request('PUT', '/api/profile', { token, body: { ...minimal, headline: '  ' } })
    const renamed = await t.request('PUT', '/api/profile', {
      token,
      body: { ...minimal, name: 'Amazing Grace' },
    })
    expect(renamed.body.greeting).toBe("Hi, I'm Amazing Grace!")
    expect((await t.request('GET', '/api/profile')).body.greeting).toBe("Hi, I'm Amazing Grace!")
    const set = await t.request('PUT', '/api/profile', {
      token,
      body: { ...minimal, name: 'Grace', headline: 'Welcome aboard.' },
    })
    expect(set.body.greeting).toBe('Welcome aboard.')
    const again = await t.request('PUT', '/api/profile', {
      token,
      body: { ...minimal, name: 'G. Hopper', headline: 'Welcome aboard.' },
    })
    expect(again.body.greeting).toBe('Welcome aboard.')
  })

  test('a birth year with "show my age" off: kept, but no age', async () => {
    const token = await t.login()
    const r = await t.request('PUT', '/api/profile', {
      token,
      body: { ...minimal, birth_year: 1990, show_age: false },
    })
    expect(r.json).toMatchObject({ birth_year: 1990, show_age: false, age: null })
    // A hidden age keeps the birth year private: visitors get null, the signed-in owner the year.
    expect((await t.request('GET', '/api/profile')).json).toMatchObject({
      birth_year: null,
      age: null,
    })
    expect((await t.request('GET', '/api/profile', { token })).body.birth_year).toBe(1990)
    const on = await t.request('PUT', '/api/profile', {
      token,
      body: { ...minimal, birth_year: '1990', show_age: true },
    })
    expect(on.body.age).toBe(t.clock.now().getFullYear() - 1990)
  })

  test('bio (sanitised Markdown), skills, location and links are stored, rendered and kept when left out', async () => {
    const token = await t.login()
    const r = await t.request('PUT', '/api/profile', {
      token,
      body: {
        ...minimal,
        bio: 'I build **compilers**. <script>alert(1)</script>\n\n- [Site](https://grace.example)',
        skills: ['COBOL', ' ', 'Compilers'],
        location: 'Arlington, VA',
        links: [{ label: 'Mastodon', url: 'https://mastodon.example/@grace' }],
      },
    })
    expect(r.status).toBe(200)
    const body = r.json as Record<string, unknown>
    expect(body.bio_html).toContain('<strong>compilers</strong>')
    expect(body.bio_html).toContain('href="https://grace.example"')
    expect(body.bio_html).not.toContain('<script')
    // A Markdown text keeps its line breaks: the second paragraph's list is a list.
    expect(body.bio_html).toContain('<li>')
    expect(body.skills).toEqual(['COBOL', 'Compilers'])
    expect(body.location).toBe('Arlington, VA')
    expect(body.links).toEqual([{ label: 'Mastodon', url: 'https://mastodon.example/@grace' }])
    // A client that knows nothing of them leaves them as they are.
    const kept = await t.request('PUT', '/api/profile', { token, body: minimal })
    expect(kept.json).toMatchObject({ skills: ['COBOL', 'Compilers'], location: 'Arlington, VA' })
  })

  test('bad links and skills: 400 with the field, nothing changes', async () => {
    const token = await t.login()
    const before = await t.snapshot()
    const r = await t.request('PUT', '/api/profile', {
      token,
      body: { ...minimal, links: [{ label: 'x', url: 'javascript:alert(1)' }] },
    })
    expect(r.status).toBe(400)
    expect(Object.keys((r.json as { fields: object }).fields)).toEqual(['links.0.url'])
    const many = await t.request('PUT', '/api/profile', {
      token,
      body: { ...minimal, skills: Array.from({ length: 21 }, (_, i) => `s${i}`) },
    })
    expect(many.status).toBe(400)
    expect(await t.snapshot()).toEqual(before)
  })
})

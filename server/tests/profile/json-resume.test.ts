/**
 * JSON Resume: `/resume.json` is valid against the schema the JSON
 * Resume project publishes (checked with its npm package); importing a
 * realistic document creates the timeline events and projects it holds and
 * fills empty profile fields; a preview writes nothing; a second import
 * creates nothing; an invalid document is a 400 with reasons and changes
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { validate } from '@jsonresume/schema'
import { eq } from 'drizzle-orm'
import { isoDateOfText, textOfIsoDate } from '../../../src/domain/json-resume'
import { profile } from '../../db/schema'
import sampleResume from '../support/fixtures/sample-resume.json'
import { createTestApp, isRecord, sample, type TestApp, testEnv } from '../support/harness'

setDefaultTimeout(30_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: 'https://ada.example', cache: true })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

function schemaErrors(document: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    validate(document, (errors: unknown, valid: boolean) => resolve(valid ? null : errors))
  })
}

const importResume = (document: unknown, preview = false) =>
  t.request('POST', `/api/import/json-resume${preview ? '/preview' : ''}`, {
    token,
    body: document,
  })

describe('dates between the site and JSON Resume', () => {
  test('free text that reads as a month or a year converts both ways; other text does not', () => {
    expect(isoDateOfText('Jan 2024')).toBe('2024-01')
    expect(isoDateOfText('September 2023')).toBe('2023-09')
    expect(isoDateOfText('03/2022')).toBe('2022-03')
    expect(isoDateOfText('2021')).toBe('2021')
    expect(isoDateOfText('2021-02-03')).toBe('2021-02-03')
    expect(isoDateOfText('Spring 2025')).toBeNull()
    expect(isoDateOfText('2024-13')).toBeNull()
    expect(textOfIsoDate('2024-06')).toBe('Jun 2024')
    expect(textOfIsoDate('2024-06-30')).toBe('Jun 2024')
    expect(textOfIsoDate('2024')).toBe('2024')
  })
})

describe('GET /resume.json', () => {
  beforeAll(async () => {
    const postTo = async (path: string, body: Record<string, unknown>) =>
      expect((await t.request('POST', path, { token, body })).status).toBe(201)
    await postTo('/api/timeline', {
      title: 'Acme Corp',
      start_date: 'Jun 2024',
      end_date: 'Aug 2024',
      position: 'Intern',
      description: ['Built the billing export'],
    })
    await postTo('/api/timeline', { title: 'Odd Dates Ltd', start_date: 'Spring 2025' })
    await postTo('/api/timeline', {
      ...sample.event('Test University'),
      start_date: 'Sep 2022',
      position: 'BSc Computer Science',
      event_type: 'education',
    })
    await postTo('/api/projects', {
      ...sample.project('Portfolio Site'),
      website_url: 'https://ada.example/',
      tags: ['Bun', 'React'],
      role: 'Author',
      period: '2025',
    })
    await postTo('/api/projects', { ...sample.project('Hidden Draft'), is_published: false })
  })

  test('is valid against the JSON Resume schema and holds the content', async () => {
    const r = await t.request('GET', '/resume.json')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await schemaErrors(r.json)).toBeNull()
    const doc = r.body
    expect(doc.basics).toMatchObject({
      name: testEnv.OWNER_NAME,
      email: testEnv.OWNER_EMAIL,
      url: 'https://ada.example/',
      image: 'https://ada.example/profile.svg',
      profiles: [
        { network: 'LinkedIn', url: testEnv.OWNER_LINKEDIN_URL, username: 'ada' },
        { network: 'GitHub', url: testEnv.OWNER_GITHUB_URL, username: 'ada' },
      ],
    })
    expect(doc.work).toEqual([
      // Newest first: the timeline's order. A date that is not a month or year is left out.
      { name: 'Odd Dates Ltd' },
      {
        name: 'Acme Corp',
        position: 'Intern',
        startDate: '2024-06',
        endDate: '2024-08',
        highlights: ['Built the billing export'],
      },
    ])
    expect(doc.education).toEqual([
      { institution: 'Test University', area: 'BSc Computer Science', startDate: '2022-09' },
    ])
    expect(doc.projects).toEqual([
      {
        name: 'Portfolio Site',
        description: 'A short description.',
        keywords: ['Bun', 'React'],
        url: 'https://ada.example/',
        roles: ['Author'],
        startDate: '2025',
      },
    ])
  })

  test('importing the site’s own document creates nothing', async () => {
    const own = (await t.request('GET', '/resume.json')).json
    const before = await t.snapshot()
    const r = await importResume(own)
    expect(r.status).toBe(200)
    expect(r.body.created).toEqual({ timeline: [], projects: [] })
    expect(await t.snapshot()).toEqual(before)
  })
})

describe('POST /api/import/json-resume', () => {
  test('needs the token', async () => {
    const r = await t.request('POST', '/api/import/json-resume', { body: sampleResume })
    expect(r.status).toBe(401)
  })

  test('an invalid document is a 400 with the schema’s reasons and changes nothing', async () => {
    const before = await t.snapshot()
    const broken = {
      ...sampleResume,
      basics: { ...sampleResume.basics, email: 'not an address' },
      work: [{ ...sampleResume.work[0], startDate: 'June 2024' }],
      projects: 'none',
    }
    const r = await importResume(broken)
    expect(r.status).toBe(400)
    const error = String(r.body.error)
    expect(error).toStartWith('This is not a valid JSON Resume document:')
    expect(error).toContain('basics.email does not conform to the "email" format')
    expect(error).toContain('work[0].startDate does not match pattern')
    expect(error).toContain('projects is not of a type(s) array')
    expect((await importResume(broken, true)).status).toBe(400)
    expect((await importResume([1, 2])).status).toBe(400)
    expect(await t.snapshot()).toEqual(before)
  })

  test('a document the schema accepts but the site cannot store is a 400 naming the entry', async () => {
    const before = await t.snapshot()
    const long = { ...sampleResume, projects: [{ name: 'x'.repeat(201), description: 'd' }] }
    const r = await importResume(long)
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('Some entries cannot be imported:')
    expect(String(r.body.error)).toContain('Title')
    expect(await t.snapshot()).toEqual(before)
  })

  test('a profile link that is not http(s) is refused, though the schema takes any URI', async () => {
    const before = await t.snapshot()
    const hostile = {
      basics: { profiles: [{ network: 'GitHub', url: 'javascript:alert(1)' }] },
    }
    const r = await importResume(hostile)
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('basics (github_url)')
    expect(await t.snapshot()).toEqual(before)
  })

  test('a preview tells what an import would create and writes nothing', async () => {
    const before = await t.snapshot()
    const r = await importResume(sampleResume, true)
    expect(r.status).toBe(200)
    expect(r.body.dry_run).toBe(true)
    const created = r.body.created as { timeline: unknown[]; projects: unknown[] }
    expect(created.timeline).toHaveLength(3)
    expect(created.projects).toHaveLength(2)
    expect(await t.snapshot()).toEqual(before)
  })

  test('a realistic document creates the right rows, fills empty profile fields, once', async () => {
    // An empty profile field: the import may fill it; a filled one it never touches.
    await t.db.update(profile).set({ github_url: '' }).where(eq(profile.id, 1))
    const r = await importResume(sampleResume)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      created: {
        timeline: [
          {
            title: 'Northwind Labs',
            position: 'Software Engineering Intern',
            start_date: 'Jun 2024',
            end_date: 'Sep 2024',
            event_type: 'experience',
          },
          {
            title: 'Campus IT Help Desk',
            position: 'Student Technician',
            start_date: 'Jan 2023',
            end_date: null,
            event_type: 'experience',
          },
          {
            title: 'State University',
            position: 'Bachelor, Computer Science',
            start_date: 'Sep 2022',
            end_date: 'Jun 2026',
            event_type: 'education',
          },
        ],
        projects: [
          {
            title: 'Tiny Compiler',
            description: 'A compiler for a small C-like language, written in Rust.',
          },
          {
            title: 'Study Planner',
            description: 'A planner that spreads revision over the weeks before exams.',
          },
        ],
      },
      // The document's skills, into a profile that has none.
      profile: ['github_url', 'skills'],
      skipped: [{ section: 'work', title: 'Undated Gig', reason: 'It has no start date.' }],
      dry_run: false,
    })

    const all = (await t.request('GET', '/api/timeline')).list.filter(isRecord)
    // Each takes its place by start date among the events already there (the
    // document's order, newest first, is kept among them).
    const imported = ['Northwind Labs', 'Campus IT Help Desk', 'State University']
    const events = all.filter((event) => imported.includes(String(event.title)))
    expect(events.map((event) => event.title)).toEqual(imported)
    expect(events[0]).toMatchObject({
      description: [
        'Backend team of the billing product.',
        'Moved invoice exports from cron scripts to a job queue',
        'Cut the p95 latency of the invoices API from 900 ms to 180 ms',
      ],
      icon_path: null,
    })
    expect(events[2]).toMatchObject({
      description: ['CS 301 Databases', 'CS 350 Operating Systems'],
      event_type: 'education',
    })
    const projects = (await t.request('GET', '/api/projects')).list.filter(isRecord)
    expect(projects.slice(0, 2).map((project) => project.title)).toEqual([
      'Tiny Compiler',
      'Study Planner',
    ])
    expect(projects[0]).toMatchObject({
      slug: 'tiny-compiler',
      website_url: 'https://github.com/ghopper/tiny-compiler',
      tags: ['Rust', 'Compilers'],
      role: 'Author',
      period: 'Jan 2025 – May 2025',
      is_published: true,
      is_featured: false,
      long_description:
        'A compiler for a small C-like language, written in Rust.\n\n- Register allocation by graph colouring\n\n- Emits x86-64 and WebAssembly',
    })
    expect(projects[1]).toMatchObject({ role: 'Lead developer, Designer', period: '2024' })
    const owner = (await t.request('GET', '/api/profile')).body
    expect(owner.github_url).toBe('https://github.com/ghopper')
    expect(owner.name).toBe(testEnv.OWNER_NAME)
    expect(owner.email).toBe(testEnv.OWNER_EMAIL)

    // The public pages see it at once (the content version moved).
    const resume = (await t.request('GET', '/resume.json')).body
    expect(JSON.stringify(resume.work)).toContain('Northwind Labs')

    const before = await t.snapshot()
    const again = await importResume(sampleResume)
    expect(again.status).toBe(200)
    expect(again.body.created).toEqual({ timeline: [], projects: [] })
    expect(again.body.profile).toEqual([])
    expect(again.body.skipped).toHaveLength(6)
    expect(await t.snapshot()).toEqual(before)
  })

  test('profile fields still holding the placeholders are filled; the greeting follows the name', async () => {
    await t.db
      .update(profile)
      .set({ name: 'Your Name', headline: "Hi, I'm Your Name!", email: 'you@example.com' })
      .where(eq(profile.id, 1))
    const r = await importResume({ basics: sampleResume.basics })
    expect(r.status).toBe(200)
    expect(r.body.profile).toEqual(['name', 'email'])
    const owner = (await t.request('GET', '/api/profile')).body
    expect(owner).toMatchObject({
      name: 'Grace Hopper',
      headline: "Hi, I'm Grace Hopper!",
      email: 'grace@example.org',
      // Set by the owner: never replaced.
      linkedin_url: testEnv.OWNER_LINKEDIN_URL,
    })
  })
})

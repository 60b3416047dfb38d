/**
 * A new site, started without any OWNER_* variable: visitors see none of
 * the placeholders ("Your Name", you@example.com, "Your University", no
 * made-up age), the home page says the site is being set up, and the
 * admin's Get started checklist names what is missing. Once the owner gives
 * their details, the spec's lines come back.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEnv } from '../../env'
import { profileSeedFromEnv, seedProfile } from '../../services/profile'
import { createTestApp, freshDatabase, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

/** A client build as the server sees it: only its manifest matters to the renderer. */
function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-new-owner-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  const manifest = {
    'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true },
  }
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dev shell</title>')
  return dir
}

/** The text of a page's <main>, tags and scripts dropped. */
function mainText(html: string): string {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? ''
  return main
    .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
}

const placeholders = ['Your Name', 'you@example.com', 'Your University']

let t: TestApp
let token: string
beforeAll(async () => {
  // The first start of a server with no OWNER_* variable at all.
  const database = await freshDatabase()
  await seedProfile(database.db, profileSeedFromEnv(loadEnv({})))
  t = await createTestApp({ database, ssr: true, distDir: stubDist() })
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

describe('a new site, before the owner gives their details', () => {
  test('visitors get no placeholder and no age from GET /api/profile', async () => {
    const r = await t.request('GET', '/api/profile')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      name: '',
      email: '',
      university: '',
      linkedin_url: '',
      github_url: '',
      greeting: '',
      birth_year: null,
      age: null,
    })
    for (const text of placeholders) expect(r.text).not.toContain(text)
  })

  test('the home page says the site is being set up, and nothing personal', async () => {
    const r = await t.request('GET', '/')
    expect(r.status).toBe(200)
    const text = mainText(r.text)
    expect(text).toContain('This site is being set up.')
    expect(text).not.toContain("Hi, I'm")
    expect(text).not.toContain('years old')
    for (const value of placeholders) expect(r.text).not.toContain(value)
    expect(r.text).not.toContain('mailto:')
    expect(/<title>([^<]*)<\/title>/.exec(r.text)?.[1]).toBe('Portfolio')
  })

  test('the CV shows no empty email link (an empty link has no name for assistive technology)', async () => {
    const r = await t.request('GET', '/cv')
    expect(r.status).toBe(200)
    for (const value of placeholders) expect(r.text).not.toContain(value)
    expect(r.text).not.toContain('mailto:')
  })

  test('the feeds name no one and say nothing empty', async () => {
    const atom = await t.request('GET', '/feed.xml')
    expect(atom.status).toBe(200)
    expect(atom.text).toContain('<title type="text">Notes</title>')
    expect(atom.text).toContain('<name>Portfolio</name>')
    const rss = await t.request('GET', '/rss.xml')
    expect(rss.text).toContain('<description>Notes from this portfolio.</description>')
    const json = await t.request('GET', '/feed.json')
    expect(json.body.title).toBe('Notes')
    for (const feed of [atom.text, rss.text, JSON.stringify(json.body)]) {
      expect(feed).not.toContain(' · Notes')
      expect(feed).not.toContain('Notes by .')
      for (const value of placeholders) expect(feed).not.toContain(value)
    }
  })

  test('the owner sees the placeholders in the admin, and the checklist names what is missing', async () => {
    const own = await t.request('GET', '/api/profile', { token })
    expect(own.body.name).toBe('Your Name')
    const r = await t.request('GET', '/api/overview', { token })
    expect(r.status).toBe(200)
    const checklist = r.body.checklist as {
      steps: { step: string; done: boolean; missing?: string[] }[]
    }
    const profile = checklist.steps.find((step) => step.step === 'profile')
    expect(profile).toEqual({
      step: 'profile',
      done: false,
      missing: ['name', 'email', 'university', 'bio'],
    })
  })
})

describe('once the owner has given their details', () => {
  test("the spec's lines are back, and the checklist's profile step is done", async () => {
    const r = await t.request('PUT', '/api/profile', {
      token,
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        birth_year: 2001,
        show_age: true,
        university: 'Yale',
        major: 'Computer Science',
        focus: 'fullstack development with React, Node.js and SQL',
        minor: 'Cybersecurity and Mathematics',
        headline: '',
        bio: 'I build compilers.',
        linkedin_url: 'https://www.linkedin.com/in/grace',
        github_url: 'https://github.com/grace',
        photo_url: '/profile.svg',
      },
    })
    expect(r.status).toBe(200)
    const page = await t.request('GET', '/')
    const text = mainText(page.text)
    expect(text).toContain("Hi, I'm Grace Hopper!")
    expect(text).toContain(`I'm ${t.clock.now().getFullYear() - 2001} years old.`)
    expect(text).toContain("I'm a Computer Science major at Yale.")
    expect(text).not.toContain('This site is being set up.')
    expect(page.text).toContain('mailto:grace@example.com')
    const overview = await t.request('GET', '/api/overview', { token })
    const steps = (
      overview.body.checklist as { steps: { step: string; done: boolean; missing?: string[] }[] }
    ).steps
    expect(steps.find((step) => step.step === 'profile')).toEqual({
      step: 'profile',
      done: true,
      missing: [],
    })
  })
})

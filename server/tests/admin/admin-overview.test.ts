/**
 * The admin home (`GET /api/overview`): its figures are the rows there are
 * (unread messages, last week's views, drafts) and its "Get started"
 * checklist ticks each step from the data as the owner completes it; the
 * owner can put the checklist away. Signed in only. PGlite in this process,
 * or PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { defaultAlertTiming } from '../../config'
import { adminUsers, analyticsViews, twoFactor } from '../../db/schema'
import { utcDay } from '../../services/analytics'
import { createTestApp, sample, type TestApp } from '../support/harness'
import { blackPng, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(60_000)

const DAY_MS = 86_400_000

const sampleNote = (title: string, extra: Record<string, unknown>) => ({
  title,
  summary: 'What this note is about.',
  body: 'Some text.',
  ...extra,
})

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ analytics: false })
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

async function overview(app = t, bearer = token) {
  const r = await app.request('GET', '/api/overview', { token: bearer })
  expect(r.status).toBe(200)
  return r.body as {
    unread_messages: number
    views_7_days: number
    drafts: { projects: number; notes: number }
    checklist: {
      steps: { step: string; done: boolean; missing?: string[] }[]
      complete: boolean
      dismissed: boolean
    }
  }
}

/** The steps done, in the checklist's order. */
async function ticked(app = t, bearer = token): Promise<string[]> {
  return (await overview(app, bearer)).checklist.steps.filter((s) => s.done).map((s) => s.step)
}

test('the overview and the checklist switch need the token', async () => {
  expect((await t.request('GET', '/api/overview')).status).toBe(401)
  const put = await t.request('PUT', '/api/overview/checklist', { body: { hidden: true } })
  expect(put.status).toBe(401)
})

test('a new site: nothing to read, every step of the checklist still to do', async () => {
  expect(await overview()).toEqual({
    unread_messages: 0,
    views_7_days: 0,
    drafts: { projects: 0, notes: 0 },
    checklist: {
      steps: [
        // Named by the OWNER_* variables (harness.ts), but no bio yet.
        { step: 'profile', done: false, missing: ['bio'] },
        ...['photo', 'project', 'site_url', 'two_factor', 'alerts', 'backup'].map((step) => ({
          step,
          done: false,
        })),
      ],
      complete: false,
      dismissed: false,
    },
  })
})

describe('the figures are the rows there are', () => {
  test('unread messages: not the read, archived or spam ones', async () => {
    const ids: number[] = []
    for (let i = 0; i < 4; i++) {
      const r = await t.request('POST', '/api/contact', { body: sample.message() })
      expect(r.status).toBe(201)
      ids.push(Number(r.body.id))
    }
    const setStatus = async (id: number | undefined, status: string) =>
      expect(
        (await t.request('PATCH', `/api/contact/${id}`, { token, body: { status } })).status,
      ).toBe(200)
    // Sent without the form's token, they are kept as spam: the owner rescues them.
    expect((await overview()).unread_messages).toBe(0)
    for (const id of ids) await setStatus(id, 'unread')
    expect((await overview()).unread_messages).toBe(4)
    await setStatus(ids[0], 'read')
    await setStatus(ids[1], 'archived')
    expect((await overview()).unread_messages).toBe(2)
    await setStatus(ids[2], 'spam')
    expect((await overview()).unread_messages).toBe(1)
  })

  test('views: the last 7 UTC days, today included, whatever the page', async () => {
    const now = t.clock.now().getTime()
    const day = (ago: number) => utcDay(new Date(now - ago * DAY_MS))
    await t.db.insert(analyticsViews).values([
      { day: day(0), path: '/', device: 'desktop', views: 5 },
      { day: day(0), path: '/projects', device: 'mobile', views: 2 },
      { day: day(6), path: '/', device: 'desktop', views: 10 },
      // A week ago and older: out of the figure.
      { day: day(7), path: '/', device: 'desktop', views: 1000 },
      { day: day(40), path: '/cv', device: 'tablet', views: 1000 },
    ])
    expect((await overview()).views_7_days).toBe(17)
  })

  test('drafts: projects not published and notes not published', async () => {
    const project = async (title: string, is_published: boolean) =>
      expect(
        (
          await t.request('POST', '/api/projects', {
            token,
            body: { ...sample.project(title), is_published },
          })
        ).status,
      ).toBe(201)
    await project('Draft One', false)
    await project('Draft Two', false)
    const note = async (title: string, status: string) =>
      expect(
        (await t.request('POST', '/api/notes', { token, body: sampleNote(title, { status }) }))
          .status,
      ).toBe(201)
    await note('A draft note', 'draft')
    await note('A published note', 'published')
    expect((await overview()).drafts).toEqual({ projects: 2, notes: 1 })
    // Not a step yet: nothing a visitor can see.
    expect(await ticked()).not.toContain('project')
  })
})

describe('the checklist ticks itself as the owner completes each step', () => {
  test('profile: their own details and a bio', async () => {
    const current = await t.request('GET', '/api/profile', { token })
    const { age: _a, greeting: _g, photo: _p, bio_html: _b, version: _v, ...profile } = current.body
    const save = (changes: Record<string, unknown>) =>
      t.request('PUT', '/api/profile', { token, body: { ...profile, ...changes } })
    expect((await save({ name: 'Your Name', bio: 'I build things.' })).status).toBe(200)
    // The placeholder name still there: not done.
    expect(await ticked()).not.toContain('profile')
    expect((await save({ bio: 'I build things.' })).status).toBe(200)
    expect(await ticked()).toEqual(['profile'])
  })

  test('photo: an uploaded image instead of the placeholder', async () => {
    const image = await upload(t.app, token, uploadForm(blackPng(40, 30), { name: 'me.png' }))
    expect(image.status).toBe(201)
    const current = await t.request('GET', '/api/profile', { token })
    const { age: _a, greeting: _g, photo: _p, bio_html: _b, version: _v, ...profile } = current.body
    const r = await t.request('PUT', '/api/profile', {
      token,
      body: { ...profile, photo_url: image.body.url },
    })
    expect(r.status).toBe(200)
    expect(await ticked()).toEqual(['profile', 'photo'])
  })

  test('project: the first one published', async () => {
    const r = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Shown'), is_published: true },
    })
    expect(r.status).toBe(201)
    expect(await ticked()).toEqual(['profile', 'photo', 'project'])
  })

  test('two-factor: on once enabled, not while enrolment is unfinished', async () => {
    const [user] = await t.db.select({ id: adminUsers.id }).from(adminUsers)
    if (!user) throw new Error('no admin user')
    await t.db.insert(twoFactor).values({ user_id: user.id, secret: 'JBSWY3DPEHPK3PXP' })
    expect(await ticked()).not.toContain('two_factor')
    await t.db.update(twoFactor).set({ enabled_at: t.clock.now() })
    expect(await ticked()).toContain('two_factor')
  })

  test('backup: once a backup is downloaded from the admin', async () => {
    expect(await ticked()).not.toContain('backup')
    expect((await t.request('GET', '/api/backup', { token })).status).toBe(200)
    expect(await ticked()).toEqual(['profile', 'photo', 'project', 'two_factor', 'backup'])
  })

  test('SITE_URL and alerts: from the configuration', async () => {
    const configured = await createTestApp({
      siteUrl: 'https://ada.example',
      config: {
        alerts: { webhookUrl: 'https://hooks.example/new-message', ...defaultAlertTiming },
      },
    })
    try {
      expect(await ticked(configured, await configured.login())).toEqual(['site_url', 'alerts'])
    } finally {
      await configured.close()
    }
    // A loopback address reaches no one: not done.
    const local = await createTestApp({ siteUrl: 'http://127.0.0.1:3000' })
    try {
      expect(await ticked(local, await local.login())).toEqual([])
    } finally {
      await local.close()
    }
  })
})

describe('putting the checklist away', () => {
  test('hidden until brought back; anything but a boolean is a 400', async () => {
    const bad = await t.request('PUT', '/api/overview/checklist', {
      token,
      body: { hidden: 'yes' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toEqual(expect.any(String))
    expect((await overview()).checklist.dismissed).toBe(false)

    const hide = await t.request('PUT', '/api/overview/checklist', {
      token,
      body: { hidden: true },
    })
    expect(hide.status).toBe(204)
    const hidden = await overview()
    expect(hidden.checklist).toMatchObject({ dismissed: true, complete: false })
    // The steps still read from the data.
    expect(hidden.checklist.steps.filter((s) => s.done)).toHaveLength(5)

    const show = await t.request('PUT', '/api/overview/checklist', {
      token,
      body: { hidden: false },
    })
    expect(show.status).toBe(204)
    expect((await overview()).checklist.dismissed).toBe(false)
  })
})

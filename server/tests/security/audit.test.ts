/**
 * The audit log: every sign-in, failure,
 * lockout, two-factor change, session revoked and admin write is recorded
 * with time, IP and what it touched, never a secret; `GET /api/audit`
 * filters and pages it; entries older than 180 days are deleted.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { actionLabel } from '../../../client/components/admin/security/audit-labels'
import { defaultAlertTiming, defaultThrottleLimits } from '../../config'
import { auditLog } from '../../db/schema'
import { auditGroupPrefixes } from '../../services/audit'
import { endpoints } from '../../trpc/endpoints'
import { startWebhookReceiver } from '../support/alert-receivers'
import { ADMIN, createTestApp, isRecord, sample, type TestApp } from '../support/harness'
import { blackPng, encodeForm, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(60_000)

const DAY_MS = 86_400_000

function appCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  })
}

describe('what is recorded', () => {
  let t: TestApp
  let token: string
  /** Every secret the suite typed or received: none may appear in a stored entry. */
  const secrets: string[] = [ADMIN.password]
  const ip = '198.51.100.23'

  const receiver = startWebhookReceiver()

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        trustProxy: 1,
        alerts: { ...defaultAlertTiming, sendTimeoutMs: 5_000, webhookUrl: receiver.url },
      },
      alertWorker: true,
    })
  }, 30_000)
  afterAll(async () => {
    await t.close()
    await receiver.stop()
  })

  /** Entries after `mark` (the last id before a test): each test reads its own. */
  let mark = 0
  const rows = async () =>
    (await t.db.select().from(auditLog).orderBy(auditLog.id)).filter((row) => row.id > mark)
  const since = async () => {
    mark = Math.max(0, ...(await t.db.select().from(auditLog)).map((row) => row.id))
  }
  const call = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { token, body, headers: { 'x-forwarded-for': ip } })

  test('sign-ins, failures and a lockout', async () => {
    const wrong = { username: ADMIN.username, password: 'wrong password 1' }
    secrets.push(wrong.password)
    for (let i = 0; i < 5; i++) {
      await t.request('POST', '/api/auth/login', {
        body: wrong,
        headers: { 'x-forwarded-for': ip },
      })
    }
    t.clock.advance(61_000)
    const login = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': ip },
    })
    token = String(login.body.token)
    secrets.push(token)
    const stored = await rows()
    expect(stored.map((row) => row.action)).toEqual([
      ...Array.from({ length: 5 }, () => 'auth.login_failed'),
      'auth.lockout',
      'auth.login',
    ])
    for (const row of stored) {
      expect(row.ip).toBe(ip)
      expect(row.actor).toBe(ADMIN.username)
    }
    expect(stored[5]?.details).toMatchObject({ seconds: 60 })
    expect(stored[6]?.details).toMatchObject({ method: 'password' })
  })

  test('content writes: projects, timeline, profile, media, messages', async () => {
    await since()
    const project = await call('POST', '/api/projects', sample.project('Audit Me'))
    // A full PUT: every field sent, only the title different.
    await call('PUT', `/api/projects/${project.id}`, sample.project('Audit Me Again'))
    // The same again: nothing changes.
    await call('PUT', `/api/projects/${project.id}`, sample.project('Audit Me Again'))
    await call('PUT', `/api/projects/${project.id}`, {
      ...sample.project('Audit Me Again'),
      tags: ['Rust'],
      is_featured: true,
    })
    await call('DELETE', `/api/projects/${project.id}`)
    const event = await call('POST', '/api/timeline', sample.event('Audited Event'))
    await call('PUT', `/api/timeline/${event.id}`, {
      ...sample.event('Audited Event'),
      position: 'Engineer',
    })
    await call('DELETE', `/api/timeline/${event.id}`)
    const profile = await t.request('GET', '/api/profile')
    const {
      age: _age,
      photo: _photo,
      greeting: _greeting,
      bio_html: _bioHtml,
      version: _version,
      ...fields
    } = profile.body
    await call('PUT', '/api/profile', { ...fields, headline: 'Audited headline' })
    const image = await upload(
      t.app,
      token,
      uploadForm(blackPng(8, 8), { type: 'image/png', alt: 'a square' }),
    )
    expect(image.status).toBe(201)
    await call('PATCH', `/api/media/${image.id}`, { alt: 'a black square' })
    await call('DELETE', `/api/media/${image.id}`)
    await t.request('POST', '/api/contact', { body: sample.message() })
    const messages = await call('GET', '/api/contact')
    const message = messages.list.filter(isRecord)[0]
    await call('PATCH', `/api/contact/${message?.id}`, { status: 'read' })
    await call('DELETE', `/api/contact/${message?.id}`)

    const stored = await rows()
    expect(stored.map((row) => row.action)).toEqual([
      'projects.create',
      'projects.update',
      'projects.update',
      'projects.update',
      'projects.delete',
      'timeline.create',
      'timeline.update',
      'timeline.delete',
      'profile.update',
      'media.upload',
      'media.updateAlt',
      'media.delete',
      'messages.setStatus',
      'messages.delete',
    ])
    const byAction = (action: string) => stored.filter((row) => row.action === action)
    const [create, ...updates] = stored
    expect(create).toMatchObject({
      ip,
      actor: ADMIN.username,
      target: `project ${project.id} "Audit Me"`,
    })
    expect(create?.details).toEqual({ id: project.id, title: 'Audit Me' })
    // What changed in the stored row, not what the form sent (the slug follows the title).
    expect(updates.slice(0, 3).map((row) => row.details.fields)).toEqual([
      ['slug', 'title'],
      [],
      ['tags', 'is_featured'],
    ])
    // A delete names what it deleted.
    expect(byAction('projects.delete')[0]?.target).toBe(`project ${project.id} "Audit Me Again"`)
    expect(byAction('timeline.update')[0]?.details.fields).toEqual(['position'])
    expect(byAction('timeline.delete')[0]?.target).toBe(`event ${event.id} "Audited Event"`)
    expect(byAction('profile.update')[0]).toMatchObject({
      target: 'profile',
      details: { fields: ['headline'] },
    })
    const uploaded = byAction('media.upload')[0]
    expect(uploaded?.details).toMatchObject({ id: image.id, content_type: 'image/jpeg' })
    expect(uploaded?.details.file).toEqual({ bytes: expect.any(Number) })
    expect(byAction('media.updateAlt')[0]?.details.fields).toEqual(['alt'])
    expect(byAction('messages.setStatus')[0]?.details.fields).toEqual(['status'])
    // A message is named by its id only: the sender's name does not outlive the message here.
    expect(byAction('messages.delete')[0]?.target).toBe(`message ${message?.id}`)
    // Names of what changed, never what was typed into them.
    const text = JSON.stringify(stored)
    for (const typed of ['Audited headline', 'a black square', 'Engineer', 'Rust', 'Grace']) {
      expect(text).not.toContain(typed)
    }
    // Reads are not recorded.
    expect(stored.some((row) => row.action.endsWith('.list'))).toBe(false)
  })

  test('notes: created, edited, deleted and restored from the Trash, named by their title', async () => {
    await since()
    const note = {
      title: 'Audited Note',
      summary: 'About auditing.',
      body: 'Body text.',
      tags: ['Audit'],
      status: 'draft',
    }
    const created = await call('POST', '/api/notes', note)
    expect(created.status).toBe(201)
    await call('PUT', `/api/notes/${created.id}`, { ...note, summary: 'Typed summary', tags: [] })
    await call('DELETE', `/api/notes/${created.id}`)
    await call('POST', `/api/trash/note/${created.id}/restore`)

    const stored = await rows()
    expect(stored.map((row) => row.action)).toEqual([
      'notes.create',
      'notes.update',
      'notes.delete',
      'trash.restore',
    ])
    expect(stored[0]).toMatchObject({
      actor: ADMIN.username,
      target: `note ${created.id} "Audited Note"`,
    })
    expect(stored[0]?.details).toEqual({ id: created.id, title: 'Audited Note' })
    // The columns that changed, never the search document derived from them.
    expect(stored[1]?.details.fields).toEqual(['summary', 'tags'])
    expect(stored[2]?.target).toBe(`note ${created.id} "Audited Note"`)
    expect(stored[3]?.details).toMatchObject({
      kind: 'note',
      id: created.id,
      title: 'Audited Note',
    })
    expect(stored.map((row) => actionLabel(row.action))).toEqual([
      'Note created',
      'Note updated',
      'Note deleted',
      'Restored from the Trash',
    ])
    expect(JSON.stringify(stored)).not.toContain('Typed summary')
    const content = await call('GET', '/api/audit?group=content&limit=100')
    const listed = (content.body.entries as { action: string }[]).map((entry) => entry.action)
    expect(listed).toEqual(expect.arrayContaining(['notes.create', 'notes.update', 'notes.delete']))
  })

  test('previews are not recorded; a CV, an import, a test alert and a restore are', async () => {
    await since()
    const trpc = (path: string, input: unknown) =>
      t.app.handle(
        new Request(`http://localhost/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(input),
        }),
      )
    // Previews: each answered, none recorded.
    expect((await trpc('markdown.preview', { markdown: '# Typing' })).status).toBe(200)
    const backup = await call('GET', '/api/backup')
    expect(backup.status).toBe(200)
    const file = backup.body
    await since()
    expect((await call('POST', '/api/restore/preview', { backup: file })).status).toBe(200)
    const resume = {
      basics: { name: 'Ada Lovelace' },
      projects: [{ name: 'Imported Engine', description: 'Computes numbers.' }],
    }
    expect((await call('POST', '/api/import/json-resume/preview', resume)).status).toBe(200)
    expect(await rows()).toEqual([])

    // Writes of their own kind.
    expect((await call('POST', '/api/import/json-resume', resume)).status).toBe(200)
    const pdf = new TextEncoder().encode('%PDF-1.4\n% a CV\n%%EOF\n')
    const form = new FormData()
    form.set('file', new File([pdf], 'My CV.pdf', { type: 'application/pdf' }))
    const { bytes, type } = await encodeForm(form)
    const cv = await t.app.handle(
      new Request('http://localhost/api/cv', {
        method: 'PUT',
        headers: { 'content-type': type, authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
        body: bytes,
      }),
    )
    expect(cv.status).toBe(200)
    expect((await call('DELETE', '/api/cv')).status).toBe(204)
    expect((await call('POST', '/api/notifications/test')).status).toBe(200)
    const restored = await call('POST', '/api/restore', { backup: file, password: ADMIN.password })
    expect(restored.status).toBe(200)

    const stored = await rows()
    expect(stored.map((row) => row.action)).toEqual([
      'import.jsonResume',
      'cv.upload',
      'cv.remove',
      'notifications.test',
      'backup.restore',
    ])
    const [imported, uploaded, , alert, restore] = stored
    expect(imported?.details).toEqual({
      created: { projects: 1, events: 0 },
      profile_fields_filled: [],
      skipped: 0,
    })
    expect(uploaded?.details).toEqual({
      file: { bytes: pdf.byteLength },
      file_name: 'My CV.pdf',
      bytes: pdf.byteLength,
    })
    expect(alert?.details).toEqual({ channels: ['webhook'] })
    expect(restore).toMatchObject({ ip, actor: ADMIN.username })
    expect(restore?.details).toMatchObject({
      taken_at: file.created_at,
      tables: expect.objectContaining({ projects: expect.any(Number) }),
      media_files: expect.any(Number),
    })
    // The restore signed every session out: sign in again for the next tests.
    const again = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': ip },
    })
    token = String(again.body.token)
    secrets.push(token)
  })

  test('each kind on the screen holds its writes: CV and import under content, a test alert under messages', async () => {
    const kinds = async (group: string) =>
      (
        (await call('GET', `/api/audit?group=${group}&limit=100`)).body.entries as {
          action: string
        }[]
      ).map((entry) => entry.action)
    const content = await kinds('content')
    expect(content).toEqual(expect.arrayContaining(['cv.upload', 'cv.remove', 'import.jsonResume']))
    expect(await kinds('messages')).toEqual(expect.arrayContaining(['notifications.test']))
    expect(await kinds('maintenance')).toEqual(expect.arrayContaining(['backup.restore']))
  })

  test('two-factor changes, sign-in with a code and a recovery code, sessions revoked', async () => {
    await since()
    const setup = await call('POST', '/api/auth/2fa/setup', { password: ADMIN.password })
    const secret = String(setup.body.secret)
    secrets.push(secret)
    const code = appCode(secret, t.clock.now())
    secrets.push(code)
    const enabled = await call('POST', '/api/auth/2fa/enable', { code })
    const recovery = enabled.body.recovery_codes as string[]
    secrets.push(...recovery, ...recovery.map((value) => value.replaceAll('-', '')))

    t.clock.advance(30_000)
    const first = await t.request('POST', '/api/auth/login', { body: ADMIN })
    secrets.push(String(first.body.challenge))
    const wrongCode = code === '000000' ? '111111' : '000000'
    await t.request('POST', '/api/auth/login/2fa', {
      body: { challenge: first.body.challenge, code: wrongCode },
    })
    const next = appCode(secret, t.clock.now())
    secrets.push(next)
    const signedIn = await t.request('POST', '/api/auth/login/2fa', {
      body: { challenge: first.body.challenge, code: next },
    })
    secrets.push(String(signedIn.body.token))
    const again = await t.request('POST', '/api/auth/login', { body: ADMIN })
    const viaRecovery = await t.request('POST', '/api/auth/login/2fa', {
      body: { challenge: again.body.challenge, code: recovery[0] },
    })
    secrets.push(String(again.body.challenge), String(viaRecovery.body.token))

    const sessions = await call('GET', '/api/auth/sessions')
    const other = sessions.list.filter(isRecord).find((row) => row.current === false)
    await call('DELETE', `/api/auth/sessions/${other?.id}`)
    await call('POST', '/api/auth/sessions/revoke-others')
    await call('POST', '/api/auth/2fa/disable', { password: ADMIN.password })
    await call('POST', '/api/auth/logout')

    const stored = await rows()
    expect(stored.map((row) => row.action)).toEqual([
      'twoFactor.setup',
      'twoFactor.enable',
      'auth.code_requested',
      'auth.login_failed',
      'auth.login',
      'auth.code_requested',
      'auth.login',
      'sessions.revoke',
      'sessions.revokeOthers',
      'twoFactor.disable',
      'auth.logout',
    ])
    expect(stored[3]?.details).toEqual({ reason: 'wrong authentication code' })
    expect(stored[4]?.details).toMatchObject({ method: 'authentication code' })
    expect(stored[6]?.details).toMatchObject({ method: 'recovery code', recovery_codes_left: 9 })
    expect(stored[7]?.target).toBe(`session ${other?.id}`)
  })

  test('no entry holds a password, token, challenge, secret or code', async () => {
    const everything = await t.db.select().from(auditLog)
    const text = JSON.stringify(everything)
    expect(everything.length).toBeGreaterThan(5)
    for (const secret of secrets.filter((value) => value.length >= 6)) {
      expect(text).not.toContain(secret)
    }
    expect(text.toLowerCase()).not.toContain('password_hash')
  })
})

describe('GET /api/audit', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    const start = new Date('2025-03-10T12:00:00Z').getTime()
    t.clock.advance(start - t.clock.now().getTime())
    await t.request('POST', '/api/auth/login', { body: { ...ADMIN, password: 'nope nope' } })
    token = await t.login()
    // The next day (within the session's idle timeout).
    t.clock.advance(DAY_MS - 3_600_000)
    for (let i = 0; i < 5; i++) {
      await t.request('POST', '/api/projects', { token, body: sample.project(`Listed ${i}`) })
    }
  }, 30_000)
  afterAll(() => t.close())

  test('newest first, with paging', async () => {
    const all = await t.request('GET', '/api/audit', { token })
    expect(all.status).toBe(200)
    const entries = all.body.entries as { id: number; action: string }[]
    expect(entries.map((entry) => entry.action)).toEqual([
      ...Array.from({ length: 5 }, () => 'projects.create'),
      'auth.login',
      'auth.login_failed',
    ])
    expect(all.body.next_before).toBeNull()
    const page = await t.request('GET', '/api/audit?limit=3', { token })
    expect((page.body.entries as unknown[]).length).toBe(3)
    const next = await t.request('GET', `/api/audit?limit=3&before=${page.body.next_before}`, {
      token,
    })
    const ids = [
      ...(page.body.entries as { id: number }[]),
      ...(next.body.entries as { id: number }[]),
    ]
    expect(ids.map((entry) => entry.id)).toEqual(entries.slice(0, 6).map((entry) => entry.id))
  })

  test('filtered by kind and by days (both doors)', async () => {
    const signIns = await t.request('GET', '/api/audit?group=sign_in', { token })
    expect((signIns.body.entries as { action: string }[]).map((e) => e.action)).toEqual([
      'auth.login',
      'auth.login_failed',
    ])
    const content = await t.request(
      'GET',
      '/api/audit?group=content&from=2025-03-11&to=2025-03-11',
      {
        token,
      },
    )
    expect((content.body.entries as unknown[]).length).toBe(5)
    const dayBefore = await t.request('GET', '/api/audit?to=2025-03-10', { token })
    expect((dayBefore.body.entries as { action: string }[]).map((e) => e.action)).toEqual([
      'auth.login',
      'auth.login_failed',
    ])
    const input = encodeURIComponent(JSON.stringify({ group: 'sign_in' }))
    const trpc = await t.app.handle(
      new Request(`http://localhost/trpc/audit.list?input=${input}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    )
    const body = (await trpc.json()) as { result: { data: { entries: unknown[] } } }
    expect(body.result.data.entries).toHaveLength(2)
  })

  test('bad filters are a 400; without a token a 401', async () => {
    expect((await t.request('GET', '/api/audit')).status).toBe(401)
    for (const query of [
      'group=everything',
      'from=yesterday',
      'to=2025-02-30',
      'limit=1000',
      'before=-1',
    ]) {
      const answer = await t.request('GET', `/api/audit?${query}`, { token })
      expect(answer.status, query).toBe(400)
      expect(answer.body.error).toBeString()
    }
  })
})

describe('retention', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 30_000)
  afterAll(() => t.close())

  test('an entry older than 180 days is deleted at the next write; a younger one stays', async () => {
    const now = t.clock.now().getTime()
    await t.db.insert(auditLog).values([
      { action: 'auth.login', created_at: new Date(now - 181 * DAY_MS), details: { old: true } },
      { action: 'auth.login', created_at: new Date(now - 179 * DAY_MS), details: { old: false } },
    ])
    await t.login()
    const stored = await t.db.select().from(auditLog).orderBy(auditLog.id)
    expect(stored.map((row) => row.details)).toEqual([{ old: false }, expect.anything()])
    expect(stored).toHaveLength(2)
  })
})

describe('lockouts: what was locked', () => {
  let t: TestApp
  const limits = { ...defaultThrottleLimits, ipMaxFailures: 8 }
  beforeAll(async () => {
    t = await createTestApp({ config: { loginThrottle: limits, trustProxy: 1 } })
  }, 30_000)
  afterAll(() => t.close())

  const lockouts = async () =>
    (await t.db.select().from(auditLog).orderBy(auditLog.id))
      .filter((row) => row.action === 'auth.lockout')
      .map((row): Record<string, unknown> => ({ actor: row.actor, ip: row.ip, ...row.details }))
  /** A wrong password from this address (and this browser's device cookie). */
  const attempt = (ip: string, username: string, cookie?: string) =>
    t.request('POST', '/api/auth/login', {
      body: { username, password: 'not the password' },
      headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    })

  test('a trusted device locked: scope device', async () => {
    const ip = '198.51.100.1'
    const signedIn = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': ip },
    })
    const device = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    for (let i = 0; i < 5; i++) expect((await attempt(ip, ADMIN.username, device)).status).toBe(401)
    expect(await lockouts()).toEqual([{ actor: ADMIN.username, ip, seconds: 60, scope: 'device' }])
  })

  test('the username locked: scope user', async () => {
    const ip = '198.51.100.2'
    for (let i = 0; i < 5; i++) expect((await attempt(ip, ADMIN.username)).status).toBe(401)
    expect((await lockouts()).at(-1)).toEqual({
      actor: ADMIN.username,
      ip,
      seconds: 60,
      scope: 'user',
    })
  })

  test('the per-IP cap reached with other usernames: scope ip, until the hour is over', async () => {
    const ip = '198.51.100.3'
    for (let i = 0; i < limits.ipMaxFailures; i++) {
      expect((await attempt(ip, `someone-${i}`)).status).toBe(401)
    }
    expect((await lockouts()).at(-1)).toEqual({
      actor: `someone-${limits.ipMaxFailures - 1}`,
      ip,
      seconds: limits.ipWindowMs / 1000,
      scope: 'ip',
    })
    // It is the address that is locked: another name from it is refused.
    expect((await attempt(ip, 'anyone')).status).toBe(429)
  })
})

describe('every write has a kind and a name on the screen', () => {
  /** Recorded by the services and the command line, not by the middleware. */
  const recordedElsewhere = [
    'auth.login',
    'auth.login_failed',
    'auth.lockout',
    'auth.code_requested',
    'admin.created',
    'admin.password_reset',
    'twoFactor.reset',
    'backup.download',
  ]
  /** A visitor's, not an admin's: never recorded by the middleware. */
  const publicMutations = new Set([
    'auth.login',
    'auth.verifyTwoFactor',
    'auth.passkeyOptions',
    'auth.passkeyLogin',
    'auth.setup',
    'messages.send',
    // Another site's Webmention (POST /webmention).
    'webmentions.receive',
    // A reader asking for notes by email, confirming, leaving.
    'newsletter.subscribe',
    'newsletter.confirm',
    'newsletter.unsubscribe',
  ])
  const audited = endpoints
    .filter((endpoint) => endpoint.type === 'mutation' && endpoint.meta.audit)
    .map((endpoint) => endpoint.procedure)
    .filter((action) => !publicMutations.has(action))

  test('previews are declared audit: false', () => {
    const notAudited = endpoints
      .filter((endpoint) => endpoint.type === 'mutation' && !endpoint.meta.audit)
      .map((endpoint) => endpoint.procedure)
    expect(notAudited.sort()).toEqual([
      'backup.preview',
      'import.jsonResumePreview',
      'markdown.preview',
      'publications.importPreview',
      'publications.lookup',
      'publications.orcidPreview',
    ])
  })

  test('each action falls under one kind of the filter, and has a label', () => {
    for (const action of [...audited, ...recordedElsewhere]) {
      const kinds = Object.entries(auditGroupPrefixes).filter(([, prefixes]) =>
        prefixes.some((prefix) => action.startsWith(prefix)),
      )
      expect(kinds.length, action).toBe(1)
      expect(actionLabel(action), action).not.toBe(action)
    }
  })
})

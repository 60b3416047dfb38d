/**
 * What an attack run found with a stolen session or odd input, each proved
 * closed through the API on a real database: a restore's password goes
 * through the sign-in lockout; two-factor cannot be turned on without the
 * password; a share link never leads off the site; single-line fields refuse
 * control and format characters; the test alert is rate limited; HTML
 * answers carry a Permissions-Policy.
 */

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { deflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import sharp from 'sharp'
import { parseBackup, serializeBackup } from '../../backup/format'
import { readBackup } from '../../backup/snapshot'
import { defaultThrottleLimits } from '../../config'
import { analyticsViews, auditLog, media, shareLinks } from '../../db/schema'
import { ConfigError, loadEnv } from '../../env'
import { plainPlaceholder } from '../../media/process'
import { ADMIN, createTestApp, sample, type TestApp } from '../support/harness'
import { blackPng, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(60_000)

const open: TestApp[] = []
afterAll(async () => {
  for (const t of open) await t.close()
})

async function fresh(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options)
  open.push(t)
  return t
}

const failedSignIns = async (t: TestApp) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login_failed'))).length

describe('a restore checks the password through the sign-in lockout', () => {
  test('wrong passwords from several addresses lock the username, are recorded, and come first', async () => {
    const t = await fresh({ config: { trustProxy: 1 } })
    const token = await t.login()
    const before = await failedSignIns(t)
    const statuses: number[] = []
    // Three addresses, five guesses each: the old per-address limit allowed all fifteen.
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      for (let guess = 0; guess < 5; guess++) {
        const r = await t.request('POST', '/api/restore', {
          token,
          headers: { 'x-forwarded-for': ip },
          // Not a backup at all: the password is checked before the file is.
          body: { password: `guess ${ip} ${guess}`, backup: {} },
        })
        statuses.push(r.status)
      }
    }
    // The username's lockout (5 in a row) took over after the fifth guess.
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true)
    expect((await failedSignIns(t)) - before).toBe(5)
    // The owner's sign-in from elsewhere is locked too, as after five wrong sign-ins.
    const signIn = await t.request('POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    })
    expect(signIn.status).toBe(429)
  })

  test('a wrong password is refused before the file is read: the answer names the password', async () => {
    const t = await fresh()
    const token = await t.login()
    const r = await t.request('POST', '/api/restore', {
      token,
      body: { password: 'not the password', backup: { version: 99 } },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('That password is not right. Nothing was changed.')
    // With the right password the same file is read, and refused for what it is.
    const right = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: { version: 99 } },
    })
    expect(right.status).toBe(400)
    expect(String(right.body.error)).toStartWith('This is not a valid portfolio backup')
  })
})

describe('two-factor sign-in cannot be turned on by a session alone', () => {
  const appCode = (secret: string, at: Date) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: at.getTime(),
    })

  test('setup without the password, or with a wrong one, is refused and counted', async () => {
    const t = await fresh()
    const token = await t.login()
    const bare = await t.request('POST', '/api/auth/2fa/setup', { token })
    expect(bare.status).toBe(400)
    expect(bare.body).not.toHaveProperty('secret')
    const before = await failedSignIns(t)
    const wrong = await t.request('POST', '/api/auth/2fa/setup', {
      token,
      body: { password: 'not the password' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('That password is not right.')
    expect(wrong.body).not.toHaveProperty('secret')
    expect((await failedSignIns(t)) - before).toBe(1)
    // Nothing is pending: a code for a secret never shown cannot turn it on.
    const enable = await t.request('POST', '/api/auth/2fa/enable', {
      token,
      body: { code: '123456' },
    })
    expect(enable.status).not.toBe(200)
    expect((await t.request('GET', '/api/auth/2fa', { token })).body.enabled).toBe(false)
  })

  test('guessing the password through setup locks the username like sign-in does', async () => {
    const t = await fresh()
    const token = await t.login()
    const statuses: number[] = []
    for (let guess = 0; guess < 7; guess++) {
      const r = await t.request('POST', '/api/auth/2fa/setup', {
        token,
        body: { password: `guess ${guess}` },
      })
      statuses.push(r.status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429])
    expect((await t.request('POST', '/api/auth/login', { body: ADMIN })).status).toBe(429)
  })

  test('with the password, setup and enable turn it on', async () => {
    const t = await fresh()
    const token = await t.login()
    const setup = await t.request('POST', '/api/auth/2fa/setup', {
      token,
      body: { password: ADMIN.password },
    })
    expect(setup.status).toBe(200)
    const enabled = await t.request('POST', '/api/auth/2fa/enable', {
      token,
      body: { code: appCode(String(setup.body.secret), t.clock.now()) },
    })
    expect(enabled.status).toBe(200)
    expect(enabled.body.recovery_codes).toHaveLength(10)
  })
})

describe('share links lead only to pages of this site', () => {
  const offSite = [
    '/.//evil.example',
    '/a/..//x',
    '/..//x',
    '/%2e%2e//x',
    '/projects/../..//x',
    '/%2F%2Fevil.example',
    '/./%2e/..//evil.example',
    '/projects/..%2f..//x',
  ]

  test('a path that normalises to another host (or to a private area) is refused on create', async () => {
    const t = await fresh()
    const token = await t.login()
    for (const target_path of [...offSite, '/projects/../admin', '/%61dmin', '/./login']) {
      const r = await t.request('POST', '/api/share-links', {
        token,
        body: { name: 'Probe', target_path },
      })
      expect(r.status, target_path).toBe(400)
      expect(r.body.fields, target_path).toHaveProperty('target_path')
    }
    expect(await t.db.select().from(shareLinks)).toEqual([])
  })

  test('a stored path is kept in its normalised form', async () => {
    const t = await fresh()
    const token = await t.login()
    const r = await t.request('POST', '/api/share-links', {
      token,
      body: { name: 'Dots', target_path: '/projects/./x/../' },
    })
    expect(r.status).toBe(201)
    expect(r.body.target_path).toBe('/projects/')
  })

  test('a row written straight into the database that leads off-site is a 404, not a redirect', async () => {
    const t = await fresh({ ssr: true })
    for (const [index, target_path] of offSite.entries()) {
      const code = `probe${String(index).padStart(5, '0')}`
      await t.db.insert(shareLinks).values({ code, name: 'Forged', target_path })
      const r = await t.app.handle(new Request(`http://localhost/r/${code}`))
      expect(r.status, target_path).toBe(404)
      expect(r.headers.get('location')).toBeNull()
    }
  })

  test('a restore refuses a backup whose share link leads off-site', async () => {
    const t = await fresh()
    const token = await t.login()
    const file = parseBackup(serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)))
    const forged = JSON.parse(serializeBackup(file))
    forged.tables.share_links = [
      {
        id: 1,
        code: 'abcdefghij',
        name: 'Forged',
        target_path: '/.//evil.example',
        created_at: new Date().toISOString(),
        first_seen_at: null,
        last_seen_at: null,
      },
    ]
    const r = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: forged },
    })
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('share_links')
    expect(await t.db.select().from(shareLinks)).toEqual([])
  })
})

describe('single-line fields refuse control and format characters', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await fresh()
    token = await t.login()
  })

  const hostile = [
    'Eve\r\nBcc: victim@evil.example',
    '\u202eAdmin\u200b\ufeff',
    'Tab\there',
    'Bell\u0007',
    'C1\u0085next',
    'Isolate\u2066x\u2069',
    'Line\u2028separator',
  ]

  test('the contact form: a 400 naming the name field, nothing stored', async () => {
    for (const name of hostile) {
      const r = await t.request('POST', '/api/contact', { body: { ...sample.message(), name } })
      expect(r.status, JSON.stringify(name)).toBe(400)
      expect(r.body.fields, JSON.stringify(name)).toHaveProperty('name')
      expect(String((r.body.fields as Record<string, string>).name)).toStartWith('Name ')
    }
    const list = await t.request('GET', '/api/contact', { token })
    expect(list.list).toEqual([])
  })

  test('titles, tags, emails and URLs: a 400 naming each field', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['/api/projects', 'title', { ...sample.project(), title: hostile[1] }],
      ['/api/projects', 'tags', { ...sample.project(), tags: ['ok', 'bad\u200btag'] }],
      [
        '/api/projects',
        'website_url',
        { ...sample.project(), website_url: 'https://a.example/\u202e' },
      ],
      ['/api/projects', 'description', { ...sample.project(), description: 'two\nlines' }],
      ['/api/timeline', 'title', { ...sample.event(), title: 'Event\r\nX' }],
      ['/api/contact', 'email', { ...sample.message(), email: 'a\u200b@example.com' }],
    ]
    for (const [path, field, body] of cases) {
      const r = await t.request('POST', path, { token, body })
      expect(r.status, `${path} ${field}`).toBe(400)
      // A list's item is named with its index (`tags.1`), as every list error is.
      const named = Object.keys(r.body.fields as object).map((key) => key.split('.')[0])
      expect(named, `${path} ${field} ${r.text}`).toContain(field)
    }
  })

  test('multi-line fields keep line breaks, and refuse other controls', async () => {
    const kept = await t.request('POST', '/api/contact', {
      body: { ...sample.message(), message: 'Hello,\r\nsecond line\n\tindented' },
    })
    expect(kept.status).toBe(201)
    const project = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Lines'), long_description: '# Title\n\nBody\n' },
    })
    expect(project.status).toBe(201)
    const refused = await t.request('POST', '/api/contact', {
      body: { ...sample.message(), message: 'Hello\u0007 \u202eevil' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.fields).toHaveProperty('message')
  })

  test('Unicode noncharacters and lone surrogates: a 400 naming the field, in single- and multi-line fields', async () => {
    const noncharacters = ['\uffff', '\ufffe', '\ufdd0', '\u{1fffe}', '\u{10ffff}', '\ud800']
    for (const bad of noncharacters) {
      const label = JSON.stringify(bad)
      const cases: [string, string, Record<string, unknown>][] = [
        ['/api/projects', 'title', { ...sample.project(), title: `A${bad}B` }],
        ['/api/projects', 'long_description', { ...sample.project(), long_description: `x${bad}` }],
        ['/api/projects', 'tags', { ...sample.project(), tags: [`t${bad}`] }],
        [
          '/api/notes',
          'body',
          { title: 'Note', summary: 's', body: `]]>${bad}]]>`, status: 'draft' },
        ],
        ['/api/notes', 'title', { title: `P${bad}`, summary: 's', body: 'b', status: 'draft' }],
        ['/api/timeline', 'position', { ...sample.event(), position: `R${bad}` }],
        ['/api/contact', 'message', { ...sample.message(), message: `Hi${bad}` }],
      ]
      for (const [path, field, body] of cases) {
        const r = await t.request('POST', path, { token, body })
        expect(r.status, `${path} ${field} ${label}`).toBe(400)
        const named = Object.keys((r.body.fields ?? {}) as object).map((key) => key.split('.')[0])
        expect(named, `${path} ${field} ${label} ${r.text}`).toContain(field)
      }
    }
    const profile = await t.request('PUT', '/api/profile', { token, body: { name: 'Ada\uffff' } })
    expect(profile.status).toBe(400)
    expect(profile.body.fields).toHaveProperty('name')
  })

  test('letters of every script and emoji sequences are still accepted', async () => {
    const r = await t.request('POST', '/api/projects', {
      token,
      body: {
        ...sample.project('Ωmega — 東京 — مرحبا — 👩‍💻 — نمی‌خواهم'),
        tags: ['C++', 'Zürich'],
      },
    })
    expect(r.status, r.text).toBe(201)
  })
})

describe('the test alert is rate limited', () => {
  test('five in fifteen minutes, then 429 with Retry-After; nothing queued past the limit', async () => {
    const t = await fresh({
      config: {
        alerts: {
          // Never reached: the alerts are only queued (no worker in this test).
          webhookUrl: 'http://127.0.0.1:9/hook',
          retryBaseMs: 60_000,
          retryMaxMs: 60_000,
          pollMs: 60_000,
          leaseMs: 60_000,
          sendTimeoutMs: 1_000,
        },
      },
    })
    const token = await t.login()
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let attempt = 0; attempt < 8; attempt++) {
      const r = await t.request('POST', '/api/notifications/test', { token })
      statuses.push(r.status)
      if (r.status === 429) {
        retryAfter = r.headers.get('retry-after')
        expect(String(r.body.error)).toContain('test alert')
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect((await t.request('GET', '/api/notifications', { token })).body.pending).toBe(5)
    t.clock.advance(15 * 60_000)
    expect((await t.request('POST', '/api/notifications/test', { token })).status).toBe(200)
  })
})

describe('Permissions-Policy', () => {
  test('every HTML answer turns off the powerful features; JSON answers need none', async () => {
    const t = await fresh({ ssr: true })
    for (const path of ['/', '/projects', '/contact', '/login', '/admin', '/no-such-page']) {
      const r = await t.app.handle(new Request(`http://localhost${path}`))
      expect(r.headers.get('content-type'), path).toContain('text/html')
      const policy = r.headers.get('permissions-policy') ?? ''
      for (const feature of [
        'camera',
        'microphone',
        'geolocation',
        'payment',
        'usb',
        'interest-cohort',
      ]) {
        expect(policy, `${path} ${feature}`).toContain(`${feature}=()`)
      }
    }
  })
})

/** A PNG of one-bit grey pixels, all black, built by hand: tiny for its size in pixels. */
function oneBitPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(Bun.hash.crc32(body) >>> 0)
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // grey
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)))
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('image placeholders are data, never CSS', () => {
  const hostile =
    'data:image/webp;base64,AAAA");position:fixed;inset:0;z-index:9;background:url("https://evil.example/ph'

  /** A project whose cover is an uploaded image; answers the image's media row id. */
  async function projectWithImage(t: TestApp, token: string) {
    const image = await upload(t.app, token, uploadForm(blackPng(40, 30), { name: 'a.png' }))
    expect(image.status).toBe(201)
    const created = await t.request('POST', '/api/projects', {
      token,
      body: {
        ...sample.project('Covered'),
        image_urls: [String(image.body.url)],
        is_featured: true,
      },
    })
    expect(created.status).toBe(201)
    return image.id
  }

  test('a restore refuses a placeholder that is not a base64 WebP or PNG data: URL', async () => {
    const t = await fresh()
    const token = await t.login()
    await projectWithImage(t, token)
    const file = JSON.parse(
      serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
    ) as { tables: { media: { placeholder: string }[] } }
    const before = await t.db.select().from(media)
    for (const row of file.tables.media) row.placeholder = hostile
    const r = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: file },
    })
    expect(r.status).toBe(400)
    expect(String(r.body.error)).toContain('placeholder')
    expect(await t.db.select().from(media)).toEqual(before)
  })

  test('a placeholder written straight into the database is left out of the pages', async () => {
    const t = await fresh({ ssr: true })
    const token = await t.login()
    const id = await projectWithImage(t, token)
    await t.db.update(media).set({ placeholder: hostile }).where(eq(media.id, id))
    await t.request('POST', '/api/projects', { token, body: sample.project('Bump') })
    for (const path of ['/', '/projects', '/projects/covered']) {
      const html = await (await t.app.handle(new Request(`http://localhost${path}`))).text()
      expect(html, path).toContain('Covered')
      // The value may travel as data (the hydration state), never inside a style attribute.
      expect(html, path).not.toMatch(/style="[^"]*evil\.example/)
      expect(html, path).not.toMatch(/style="[^"]*position:\s*fixed/)
    }
  })

  test('an old PNG placeholder is decoded only when its header says it is small', async () => {
    const t = await fresh()
    const token = await t.login()
    await projectWithImage(t, token)
    const second = await upload(t.app, token, uploadForm(blackPng(20, 50), { name: 'b.png' }))
    expect(second.status).toBe(201)
    const file = JSON.parse(
      serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
    ) as { tables: { media: { placeholder: string }[] } }
    // 9000 × 9000 one-bit pixels, all zero: 10 KB of PNG, 81 megapixels once decoded.
    const bomb = oneBitPng(9000, 9000)
    const small = await sharp({
      create: { width: 32, height: 20, channels: 4, background: '#336699' },
    })
      .png()
      .toBuffer()
    expect(bomb.length).toBeLessThan(12_000)
    const [first, other] = file.tables.media
    if (!first || !other) throw new Error('two media rows expected')
    first.placeholder = `data:image/png;base64,${bomb.toString('base64')}`
    other.placeholder = `data:image/png;base64,${small.toString('base64')}`
    const r = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: file },
    })
    expect(r.status, r.text).toBe(200)
    const rows = await t.db.select().from(media).orderBy(media.id)
    expect(rows.map((row) => row.placeholder)).toEqual([
      plainPlaceholder,
      expect.stringMatching(/^data:image\/webp;base64,/),
    ])
  })
})

describe('one spelling per page', () => {
  const CHROME =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

  test('other spellings are a 301 to the canonical path; only that one is rendered and counted', async () => {
    const t = await fresh({ ssr: true, cache: true, config: { trustProxy: 1 } })
    const get = (path: string) =>
      t.app.handle(
        new Request(`http://localhost${path}`, {
          headers: { 'user-agent': CHROME, 'x-forwarded-for': '203.0.113.20' },
        }),
      )
    const variants: [string, string][] = [
      ['/PROJECTS', '/projects'],
      ['/pRoJeCtS', '/projects'],
      ['//projects', '/projects'],
      ['/%70rojects', '/projects'],
      ['/CONTACT-ME', '/contact-me'],
      ['/Projects?tag=rust', '/projects?tag=rust'],
    ]
    // The canonical pages in the cache first: a variant must not be answered from their entries.
    for (const path of ['/projects', '/contact-me']) expect((await get(path)).status).toBe(200)
    for (const [path, canonical] of variants) {
      const r = await get(path)
      expect(r.status, path).toBe(301)
      expect(r.headers.get('location'), path).toBe(canonical)
      expect(await r.text(), path).toBe('')
    }
    for (const path of ['/', '/projects', '/contact-me']) {
      expect((await get(path)).status, path).toBe(200)
    }
    await t.analytics?.flush()
    const counted = await t.db.select().from(analyticsViews)
    expect([...new Set(counted.map((row) => row.path))].sort()).toEqual([
      '/',
      '/contact-me',
      '/projects',
    ])
  })

  test('the spec’s routes and files keep answering as they are', async () => {
    const t = await fresh({ ssr: true })
    const token = await t.login()
    const project = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Acme App'),
    })
    for (const path of [
      '/',
      '/projects',
      `/projects/${project.body.slug}`,
      '/contact-me',
      '/login',
    ]) {
      expect((await t.app.handle(new Request(`http://localhost${path}`))).status, path).toBe(200)
    }
    expect((await t.app.handle(new Request('http://localhost/favicon.svg'))).status).toBe(200)
    expect((await t.app.handle(new Request('http://localhost/no-such-page'))).status).toBe(404)
  })
})

describe('a flood of sign-ins does not keep the owner’s trusted browser out', () => {
  test('20 wrong sign-ins at a time from one address: the owner’s browser with its device cookie gets in every time', async () => {
    const t = await fresh({
      config: {
        trustProxy: 1,
        // The per-IP cap would end the flood early; here it goes on.
        loginThrottle: { ...defaultThrottleLimits, ipMaxFailures: 1_000_000 },
      },
    })
    const owner = { 'x-forwarded-for': '198.51.100.1' }
    const first = await t.request('POST', '/api/auth/login', { body: ADMIN, headers: owner })
    expect(first.status).toBe(200)
    const device = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect(device).toContain('=')
    let flooding = true
    let sent = 0
    const attacker = async (n: number) => {
      while (flooding) {
        sent++
        await t.request('POST', '/api/auth/login', {
          body: { username: `guess-${n}-${sent}`, password: 'not the password' },
          headers: { 'x-forwarded-for': '203.0.113.66' },
        })
        // A refusal answers without I/O: let timers and the owner's request run.
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    const flood = Array.from({ length: 20 }, (_, n) => attacker(n))
    await Bun.sleep(300)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const r = await t.request('POST', '/api/auth/login', {
        body: ADMIN,
        headers: { ...owner, cookie: device },
      })
      statuses.push(r.status)
    }
    flooding = false
    await Promise.all(flood)
    expect(sent).toBeGreaterThan(20)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
  })
})

describe('TRUST_PROXY as the proxies’ addresses', () => {
  /** The address the server recorded for a sign-in from `peer` carrying `headers`. */
  async function recordedAddress(
    trustProxy: number | string[],
    peer: string | null,
    headers: Record<string, string>,
  ) {
    const t = await fresh({ config: { trustProxy }, peerAddress: () => peer })
    const r = await t.request('POST', '/api/auth/login', { body: ADMIN, headers })
    expect(r.status).toBe(200)
    const sessions = await t.request('GET', '/api/auth/sessions', {
      token: String(r.body.token),
    })
    const [session] = sessions.list as { ip: string }[]
    return { ip: session?.ip, cookie: r.headers.get('set-cookie') ?? '' }
  }

  test('a client connecting directly cannot pick its address, nor claim HTTPS', async () => {
    const direct = await recordedAddress(['10.0.0.0/8'], '127.0.0.1', {
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
    })
    expect(direct.ip).toBe('127.0.0.1')
    expect(direct.cookie).not.toContain('Secure')
  })

  test('through a listed proxy, the client is the first address from the right that is not a proxy', async () => {
    const proxied = await recordedAddress(['10.0.0.0/8', '192.0.2.1'], '10.1.2.3', {
      'x-forwarded-for': '198.51.100.66, 198.51.100.5, 192.0.2.1, 10.0.0.9',
      'x-forwarded-proto': 'https',
    })
    expect(proxied.ip).toBe('198.51.100.5')
    expect(proxied.cookie).toContain('Secure')
    // IPv6, and an IPv4 peer written IPv4-mapped as Bun gives it.
    const v6 = await recordedAddress(['::1', '10.0.0.1'], '::ffff:10.0.0.1', {
      'x-forwarded-for': '2001:db8::7',
    })
    expect(v6.ip).toBe('2001:db8::7')
  })

  test('the hop count works as before: the entry that many from the right', async () => {
    const hops = await recordedAddress(2, '127.0.0.1', {
      'x-forwarded-for': '203.0.113.1, 198.51.100.2, 10.0.0.1',
    })
    expect(hops.ip).toBe('198.51.100.2')
  })

  test('the variable reads a number, or addresses and CIDR ranges; anything else stops the start', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ])
    for (const bad of ['10.0.0.0/33', 'localhost', '1.5', '11', '10.0.0.1/8/1', '::1/129']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(ConfigError)
    }
  })
})

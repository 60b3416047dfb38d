/**
 * Validation: every rule of the shared schemas answers 400 `{ error, fields }`
 * on the REST door and writes nothing; malformed bodies get 400/413/415;
 * unknown fields are refused, named; defaults are filled in.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { messages, projects, timelineEvents } from '../../db/schema'
import {
  createTestApp,
  isRecord,
  sample,
  type TestApp,
  type TestResponse,
} from '../support/harness'

// Generous under a loaded machine; the whole suite still runs in well under a minute.
setDefaultTimeout(20_000)

let t: TestApp
let token: string
/** Existing rows, so PUT cases reach validation and not a 404. */
let ids: { project: number; event: number; message: number }

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const project = await t.request('POST', '/api/projects', { token, body: sample.project('Base') })
  const event = await t.request('POST', '/api/timeline', { token, body: sample.event('Base') })
  const message = await t.request('POST', '/api/contact', { body: sample.message() })
  ids = { project: project.id, event: event.id, message: message.id }
}, 30_000)
afterAll(() => t.close())

/** No stack trace, SQL or driver name in a body a client can read. */
function expectNoLeak(r: TestResponse) {
  expect(r.text).not.toMatch(/\n\s*at\s|\bat .*:\d+:\d+/)
  expect(r.text).not.toMatch(/\bselect\b|\binsert\b|\bupdate\s+"|\bdelete\s+from\b/i)
  expect(r.text).not.toMatch(/postgres|pglite|drizzle|zod|stack/i)
}

/** A 400 naming `field` among the failing fields, with the database untouched. */
async function expectFieldError(
  method: string,
  path: string,
  body: unknown,
  field: string,
  auth = true,
) {
  const before = await t.snapshot()
  const r = await t.request(method, path, { token: auth ? token : null, body })
  if (r.status !== 400) throw new Error(`expected 400 for ${field}, got ${r.status} ${r.text}`)
  expect(r.json).toStrictEqual({ error: expect.any(String), fields: expect.any(Object) })
  expect(String(r.body.error).length).toBeGreaterThan(5)
  const fields = r.body.fields
  if (!isRecord(fields)) throw new Error('fields is not an object')
  expect(Object.keys(fields)).toContain(field)
  expect(fields[field]).toEqual([expect.any(String)])
  expectNoLeak(r)
  expect(await t.snapshot()).toEqual(before)
  return r
}

const without = (body: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(body).filter(([name]) => name !== key))

const badUrls = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/file',
  'mailto:owner@example.com',
  '//evil.com/x.png',
  '/\\evil.com',
  'example.com/no-scheme',
]
const goodUrls = ['https://example.com/a.png', 'http://example.com/b', '/img/relative.png']

describe('projects', () => {
  const writes = [
    { method: 'POST', path: () => '/api/projects' },
    { method: 'PUT', path: () => `/api/projects/${ids.project}` },
  ]

  for (const write of writes) {
    describe(write.method, () => {
      for (const field of ['title', 'description', 'long_description']) {
        test(`${field} missing, blank, null or not text`, async () => {
          const base = sample.project('Valid')
          await expectFieldError(write.method, write.path(), without(base, field), field)
          for (const value of ['', '   ', '\t\n', null, 42, ['x'], { text: 'x' }]) {
            await expectFieldError(write.method, write.path(), { ...base, [field]: value }, field)
          }
        })
      }

      test('every required field missing at once is reported at once', async () => {
        const r = await expectFieldError(write.method, write.path(), {}, 'title')
        expect(Object.keys(r.body.fields ?? {}).sort()).toEqual([
          'description',
          'long_description',
          'title',
        ])
      })

      test('website_url must be http(s) or site-relative', async () => {
        for (const url of badUrls) {
          await expectFieldError(
            write.method,
            write.path(),
            { ...sample.project('Valid'), website_url: url },
            'website_url',
          )
        }
      })

      test('each image_urls item must be http(s) or site-relative', async () => {
        for (const url of badUrls) {
          await expectFieldError(
            write.method,
            write.path(),
            { ...sample.project('Valid'), image_urls: ['https://example.com/ok.png', url] },
            'image_urls.1',
          )
        }
      })

      test('length limits: title 201, description 501, 21 tags, a 51-char tag, 21 images', async () => {
        const base = sample.project('Valid')
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, title: 'x'.repeat(201) },
          'title',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, description: 'x'.repeat(501) },
          'description',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, long_description: 'x'.repeat(10_001) },
          'long_description',
        )
        const tags = Array.from({ length: 21 }, (_, i) => `tag${i}`)
        await expectFieldError(write.method, write.path(), { ...base, tags }, 'tags')
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, tags: ['x'.repeat(51)] },
          'tags.0',
        )
        const images = Array.from({ length: 21 }, (_, i) => `/img/${i}.png`)
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, image_urls: images },
          'image_urls',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, website_url: `https://example.com/${'x'.repeat(2048)}` },
          'website_url',
        )
      })

      test('wrong types: tags as a string, is_featured as "yes", lists of numbers', async () => {
        const base = sample.project('Valid')
        await expectFieldError(write.method, write.path(), { ...base, tags: 'a, b' }, 'tags')
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, is_featured: 'yes' },
          'is_featured',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, is_featured: 1 },
          'is_featured',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, is_featured: 'true' },
          'is_featured',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, image_urls: 'https://example.com/a.png' },
          'image_urls',
        )
        await expectFieldError(write.method, write.path(), { ...base, tags: [1, 2] }, 'tags.0')
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, website_url: 5 },
          'website_url',
        )
      })

      test('a NUL character is refused, not a server error', async () => {
        await expectFieldError(
          write.method,
          write.path(),
          { ...sample.project('Valid'), title: 'a\u0000b' },
          'title',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...sample.project('Valid'), tags: ['ok', 'a\u0000b'] },
          'tags.1',
        )
      })
    })
  }

  test('the limits themselves are accepted: title 200, 20 tags, 20 images', async () => {
    const title = 'y'.repeat(200)
    const tags = Array.from({ length: 20 }, (_, i) => `t${i}`.padEnd(50, 'x'))
    const image_urls = Array.from({ length: 20 }, (_, i) => `/img/${i}.png`)
    const r = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project(title), tags, image_urls },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ title, tags, image_urls })
  })

  test('https and site-relative URLs are accepted and stored', async () => {
    for (const url of goodUrls) {
      const r = await t.request('POST', '/api/projects', {
        token,
        body: { ...sample.project(`Url ${url}`), website_url: url, image_urls: goodUrls },
      })
      expect(r.status).toBe(201)
      const [row] = await t.db.select().from(projects).where(eq(projects.id, r.id))
      expect(row?.website_url).toBe(url)
      expect(row?.image_urls).toEqual(goodUrls)
    }
  })
})

describe('timeline', () => {
  const writes = [
    { method: 'POST', path: () => '/api/timeline' },
    { method: 'PUT', path: () => `/api/timeline/${ids.event}` },
  ]

  for (const write of writes) {
    describe(write.method, () => {
      for (const field of ['title', 'start_date']) {
        test(`${field} missing, blank, null or not text`, async () => {
          const base = sample.event('Valid')
          await expectFieldError(write.method, write.path(), without(base, field), field)
          for (const value of ['', '    ', null, 2024, true]) {
            await expectFieldError(write.method, write.path(), { ...base, [field]: value }, field)
          }
        })
      }

      test('event_type must be experience or education', async () => {
        for (const value of ['job', 'Experience', 'EDUCATION', '', 1, ['experience']]) {
          await expectFieldError(
            write.method,
            write.path(),
            { ...sample.event('Valid'), event_type: value },
            'event_type',
          )
        }
      })

      test('icon_path must be http(s) or site-relative', async () => {
        for (const url of badUrls) {
          await expectFieldError(
            write.method,
            write.path(),
            { ...sample.event('Valid'), icon_path: url },
            'icon_path',
          )
        }
      })

      test('description must be a list of text, at most 20 items', async () => {
        const base = sample.event('Valid')
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, description: 'a, b' },
          'description',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, description: Array.from({ length: 21 }, (_, i) => `item ${i}`) },
          'description',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, description: [{}] },
          'description.0',
        )
      })

      test('length limits: title 201, start_date 101', async () => {
        const base = sample.event('Valid')
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, title: 'x'.repeat(201) },
          'title',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, start_date: 'x'.repeat(101) },
          'start_date',
        )
        await expectFieldError(
          write.method,
          write.path(),
          { ...base, end_date: 'x'.repeat(101) },
          'end_date',
        )
      })
    })
  }

  test('https and site-relative icons are accepted; both event types are', async () => {
    for (const [url, event_type] of [
      ['https://example.com/icon.svg', 'education'],
      ['/icons/work.svg', 'experience'],
    ]) {
      const r = await t.request('POST', '/api/timeline', {
        token,
        body: { ...sample.event(), icon_path: url, event_type },
      })
      expect(r.status).toBe(201)
      expect(r.body).toMatchObject({ icon_path: url, event_type })
    }
  })
})

describe('messages (POST /api/contact)', () => {
  for (const field of ['name', 'email', 'message']) {
    test(`${field} missing, blank, null or not text`, async () => {
      const base = sample.message()
      await expectFieldError('POST', '/api/contact', without(base, field), field, false)
      for (const value of ['', '   ', null, 7, false]) {
        await expectFieldError('POST', '/api/contact', { ...base, [field]: value }, field, false)
      }
    })
  }

  test('email must be a valid address', async () => {
    for (const email of [
      'not-an-email',
      'a@',
      '@example.com',
      'a b@example.com',
      'a@@example.com',
      'grace@example',
      '<script>@example.com',
    ]) {
      await expectFieldError('POST', '/api/contact', { ...sample.message(), email }, 'email', false)
    }
  })

  test('message at most 5,000 characters, name at most 200', async () => {
    await expectFieldError(
      'POST',
      '/api/contact',
      { ...sample.message(), message: 'x'.repeat(5001) },
      'message',
      false,
    )
    await expectFieldError(
      'POST',
      '/api/contact',
      { ...sample.message(), name: 'x'.repeat(201) },
      'name',
      false,
    )
    const ok = await t.request('POST', '/api/contact', {
      body: { ...sample.message(), message: 'x'.repeat(5000) },
    })
    expect(ok.status).toBe(201)
  })

  test('values are trimmed before they are stored', async () => {
    const r = await t.request('POST', '/api/contact', {
      body: { name: '  Grace  ', email: ' grace@example.com ', message: '\n Hi! \n' },
    })
    expect(r.status).toBe(201)
    const [row] = await t.db.select().from(messages).where(eq(messages.id, r.id))
    expect(row).toMatchObject({ name: 'Grace', email: 'grace@example.com', message: 'Hi!' })
  })
})

describe('login', () => {
  for (const field of ['username', 'password']) {
    test(`${field} missing, blank or not text`, async () => {
      const base = { username: 'owner', password: 'whatever it is' }
      await expectFieldError('POST', '/api/auth/login', without(base, field), field, false)
      for (const value of ['', null, 12345678]) {
        await expectFieldError('POST', '/api/auth/login', { ...base, [field]: value }, field, false)
      }
    })
  }

  test('a blank username is missing (it is trimmed)', async () => {
    await expectFieldError(
      'POST',
      '/api/auth/login',
      { username: '   ', password: 'x' },
      'username',
      false,
    )
  })
})

describe('ids in the path', () => {
  const calls = [
    { method: 'GET', path: '/api/timeline/' },
    { method: 'PUT', path: '/api/timeline/', body: sample.event() },
    { method: 'DELETE', path: '/api/timeline/' },
    { method: 'PUT', path: '/api/projects/', body: sample.project() },
    { method: 'DELETE', path: '/api/projects/' },
    { method: 'DELETE', path: '/api/contact/' },
  ]
  for (const call of calls) {
    test(`${call.method} ${call.path}{id} with a non-numeric id is a 400`, async () => {
      for (const id of ['abc', '1.5', '-1', '0', '1x', '99999999999', 'NaN']) {
        await expectFieldError(call.method, `${call.path}${id}`, call.body, 'id')
      }
    })
  }
})

describe('bodies that are not a JSON object', () => {
  const writes = [
    { method: 'POST', label: '/api/projects', path: () => '/api/projects' },
    { method: 'PUT', label: '/api/projects/{id}', path: () => `/api/projects/${ids.project}` },
    { method: 'POST', label: '/api/timeline', path: () => '/api/timeline' },
    { method: 'PUT', label: '/api/timeline/{id}', path: () => `/api/timeline/${ids.event}` },
    { method: 'POST', label: '/api/contact', path: () => '/api/contact' },
    { method: 'POST', label: '/api/auth/login', path: () => '/api/auth/login' },
  ]
  const json = { 'content-type': 'application/json' }

  for (const write of writes) {
    test(`${write.method} ${write.label}`, async () => {
      const before = await t.snapshot()
      for (const raw of ['{not json', '{"title": "x",}', "{'a': 1}", 'undefined']) {
        const r = await t.request(write.method, write.path(), { token, raw, headers: json })
        expect(r.status).toBe(400)
        expect(r.json).toStrictEqual({ error: 'The request body is not valid JSON.' })
        expectNoLeak(r)
      }
      for (const raw of ['[]', '[{"title":"x"}]', '"text"', '42', 'null', 'true']) {
        const r = await t.request(write.method, write.path(), { token, raw, headers: json })
        expect(r.status).toBe(400)
        expect(r.json).toStrictEqual({ error: 'The request body must be a JSON object.' })
        expectNoLeak(r)
      }
      const body = JSON.stringify(sample.project())
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]) {
        const r = await t.request(write.method, write.path(), {
          token,
          raw: body,
          headers: { 'content-type': type },
        })
        expect(r.status).toBe(415)
        expect(r.json).toStrictEqual({ error: expect.stringContaining('JSON') })
        expectNoLeak(r)
      }
      const deep = `${'['.repeat(100)}${']'.repeat(100)}`
      const nested = await t.request(write.method, write.path(), {
        token,
        raw: `{"title": ${deep}}`,
        headers: json,
      })
      expect(nested.status).toBe(400)
      expect(await t.snapshot()).toEqual(before)
    })
  }

  test('a JSON content type with parameters or a +json suffix is accepted', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
      const r = await t.request('POST', '/api/contact', {
        raw: JSON.stringify(sample.message()),
        headers: { 'content-type': type },
      })
      expect(r.status).toBe(201)
    }
  })
})

describe('oversized bodies', () => {
  const big = JSON.stringify({ ...sample.message(), message: 'x'.repeat(1024 * 1024) })

  test('a body over 1 MB is a 413 and nothing is written', async () => {
    const before = await t.snapshot()
    for (const [method, path] of [
      ['POST', '/api/contact'],
      ['POST', '/api/projects'],
      ['PUT', `/api/projects/${ids.project}`],
      ['POST', '/api/auth/login'],
    ] as const) {
      const r = await t.request(method, path, {
        token,
        raw: big,
        headers: { 'content-type': 'application/json' },
      })
      expect(r.status).toBe(413)
      expect(r.json).toStrictEqual({ error: expect.stringContaining('too large') })
      expectNoLeak(r)
    }
    expect(await t.snapshot()).toEqual(before)
  })

  test('a streamed body with no Content-Length is cut off at 1 MB', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"a","email":"a@b.co","message":"'))
      },
      pull(controller) {
        sent += chunk.byteLength
        if (sent > 4 * 1024 * 1024) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const before = await t.snapshot()
    const response = await t.app.handle(
      new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
      }),
    )
    expect(response.status).toBe(413)
    expect(sent).toBeLessThan(2 * 1024 * 1024)
    expect(await t.snapshot()).toEqual(before)
  })

  test('a declared Content-Length over 1 MB is refused on the tRPC door too', async () => {
    const response = await t.app.handle(
      new Request('http://localhost/trpc/messages.send', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
        body: big,
      }),
    )
    expect(response.status).toBe(413)
  })

  test('just under 1 MB is read and then refused by the message limit (400, not 413)', async () => {
    const body = JSON.stringify({ ...sample.message(), message: 'x'.repeat(900 * 1024) })
    const r = await t.request('POST', '/api/contact', {
      raw: body,
      headers: { 'content-type': 'application/json' },
    })
    expect(r.status).toBe(400)
    expect(r.body.fields).toHaveProperty('message')
  })
})

describe('unknown fields are refused, named, and never written', () => {
  const forged = {
    id: 424242,
    slug: 'forged-slug',
    created_at: '2000-01-01T00:00:00.000Z',
    updated_at: '2000-01-01T00:00:00.000Z',
    extra: 'refused',
    __proto__: { polluted: true },
  }
  const named = (fields: string[]) => ({
    error: fields.map((field) => `Unknown field: ${field}.`).join(' '),
    fields: Object.fromEntries(fields.map((field) => [field, [`Unknown field: ${field}`]])),
  })

  test('POST /api/projects', async () => {
    const before = await t.db.select().from(projects)
    const r = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Honest Title'), ...forged },
    })
    expect(r.status).toBe(400)
    // `id` is no field of a create; the path gives it to an update. (`slug`, the address, is one.)
    expect(r.body).toEqual(named(['id', 'created_at', 'updated_at', 'extra']))
    expect(await t.db.select().from(projects)).toEqual(before)
    expect((await t.request('GET', '/api/projects/forged-slug')).status).toBe(404)
    expect(Object.hasOwn({}, 'polluted')).toBe(false)
  })

  test('PUT /api/projects/{id}: the path id wins over a body id; other fields are refused', async () => {
    const other = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Bystander'),
    })
    const target = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Target'),
    })
    const refused = await t.request('PUT', `/api/projects/${target.id}`, {
      token,
      body: { ...sample.project('Target Renamed'), ...forged, id: other.id },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual(named(['created_at', 'updated_at', 'extra']))
    const r = await t.request('PUT', `/api/projects/${target.id}`, {
      token,
      body: { ...sample.project('Target Renamed'), id: other.id },
    })
    expect(r.status).toBe(200)
    expect(r.id).toBe(target.id)
    expect(r.body.slug).toBe('target-renamed')
    expect(r.body.created_at).toBe(target.body.created_at)
    const [bystander] = await t.db.select().from(projects).where(eq(projects.id, other.id))
    expect(bystander?.title).toBe('Bystander')
  })

  test('POST and PUT /api/timeline', async () => {
    const before = await t.db.select().from(timelineEvents)
    const r = await t.request('POST', '/api/timeline', {
      token,
      body: { ...sample.event('Honest Event'), ...forged },
    })
    expect(r.status).toBe(400)
    expect(r.body).toEqual(named(['id', 'slug', 'created_at', 'updated_at', 'extra']))
    expect(await t.db.select().from(timelineEvents)).toEqual(before)
    const created = await t.request('POST', '/api/timeline', {
      token,
      body: sample.event('Honest Event'),
    })
    const put = await t.request('PUT', `/api/timeline/${created.id}`, {
      token,
      body: { ...sample.event('Still Honest'), extra: 'refused' },
    })
    expect(put.status).toBe(400)
    expect(put.body).toEqual(named(['extra']))
    const [row] = await t.db.select().from(timelineEvents).where(eq(timelineEvents.id, created.id))
    expect(row?.title).toBe('Honest Event')
  })

  test('POST /api/contact', async () => {
    const before = await t.db.select().from(messages)
    const r = await t.request('POST', '/api/contact', { body: { ...sample.message(), ...forged } })
    expect(r.status).toBe(400)
    expect(r.body).toEqual(named(['id', 'slug', 'created_at', 'updated_at', 'extra']))
    expect(await t.db.select().from(messages)).toEqual(before)
  })
})

describe('defaults', () => {
  test('a project: not featured, no website, empty lists; nulls mean the same', async () => {
    for (const extra of [
      {},
      { website_url: null, image_urls: null, tags: null, is_featured: null },
      { website_url: '', image_urls: [], tags: [] },
      { website_url: '   ', image_urls: ['  ', ''], tags: [' ', ''] },
    ]) {
      const r = await t.request('POST', '/api/projects', {
        token,
        body: { ...sample.project('Defaults'), ...extra },
      })
      expect(r.status).toBe(201)
      expect(r.body).toMatchObject({
        website_url: null,
        image_urls: [],
        tags: [],
        is_featured: false,
      })
      const [row] = await t.db.select().from(projects).where(eq(projects.id, r.id))
      expect(row).toMatchObject({ website_url: null, image_urls: [], tags: [], is_featured: false })
    }
  })

  test('a timeline event: experience, no end date, no icon, empty position and description', async () => {
    for (const extra of [
      {},
      { end_date: null, icon_path: null, position: null, description: null, event_type: null },
      { end_date: '', icon_path: '', position: '', description: [] },
    ]) {
      const r = await t.request('POST', '/api/timeline', {
        token,
        body: { ...sample.event('Defaults'), ...extra },
      })
      expect(r.status).toBe(201)
      expect(r.body).toMatchObject({
        end_date: null,
        icon_path: null,
        position: '',
        description: [],
        event_type: 'experience',
      })
      const [row] = await t.db.select().from(timelineEvents).where(eq(timelineEvents.id, r.id))
      expect(row).toMatchObject({ end_date: null, icon_path: null, event_type: 'experience' })
    }
  })

  test('text is trimmed and blank list items dropped', async () => {
    const r = await t.request('POST', '/api/projects', {
      token,
      body: {
        title: '  Trimmed Title  ',
        description: ' short ',
        long_description: '\tlong\n',
        tags: [' React ', '', '  ', 'Bun'],
        image_urls: [' /a.png ', ''],
        website_url: '  https://example.com  ',
      },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      title: 'Trimmed Title',
      slug: 'trimmed-title',
      description: 'short',
      long_description: 'long',
      tags: ['React', 'Bun'],
      image_urls: ['/a.png'],
      website_url: 'https://example.com',
    })
  })
})

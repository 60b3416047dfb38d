/**
 * Addresses (slugs) on the API: Latin letters with accents written without
 * them, other scripts kept, an address the owner chooses for a project or a
 * note (the former one keeps answering, the pages move it with a 301, see
 * ssr.test.ts), and one another item holds refused with a 400 naming the
 * field.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createTestApp, sample, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

const note = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  summary: 'What this note is about.',
  body: 'Some text.',
  status: 'published',
  ...extra,
})

async function write(method: string, path: string, body: Record<string, unknown>, status: number) {
  const r = await t.request(method, path, { token, body })
  if (r.status !== status) throw new Error(`${method} ${path}: ${r.status} ${r.text}`)
  return r
}

describe('addresses from titles', () => {
  test('"Café Finder" → cafe-finder, reachable at that address', async () => {
    const r = await write('POST', '/api/projects', sample.project('Café Finder'), 201)
    expect(r.body.slug).toBe('cafe-finder')
    const read = await t.request('GET', '/api/projects/cafe-finder')
    expect(read.status).toBe(200)
    expect(read.body.title).toBe('Café Finder')
  })

  test('German, Polish and Nordic letters too: ß → ss, ł → l, æ → ae, ø → o', async () => {
    const r = await write('POST', '/api/projects', sample.project('Straße Łódź Æble Ørsted'), 201)
    expect(r.body.slug).toBe('strasse-lodz-aeble-orsted')
  })

  test('a CJK title keeps its letters, found through the percent-encoded address', async () => {
    const r = await write('POST', '/api/projects', sample.project('交通追踪器'), 201)
    expect(r.body.slug).toBe('交通追踪器')
    const read = await t.request('GET', `/api/projects/${encodeURIComponent('交通追踪器')}`)
    expect(read.status).toBe(200)
    expect(read.body.title).toBe('交通追踪器')
    const second = await write('POST', '/api/projects', sample.project('交通追踪器'), 201)
    expect(second.body.slug).toBe('交通追踪器-2')
  })

  test('a note: accents and Cyrillic the same way', async () => {
    expect((await write('POST', '/api/notes', note('Über Café'), 201)).body.slug).toBe('ueber-cafe')
    expect((await write('POST', '/api/notes', note('Привет мир'), 201)).body.slug).toBe(
      'привет-мир',
    )
  })
})

describe('an address the owner chooses', () => {
  test('a project: given at creation, written as a slug', async () => {
    const r = await write(
      'POST',
      '/api/projects',
      { ...sample.project('Weather Station'), slug: '  My Weather Café ' },
      201,
    )
    expect(r.body.slug).toBe('my-weather-cafe')
    expect((await t.request('GET', '/api/projects/my-weather-cafe')).body.title).toBe(
      'Weather Station',
    )
  })

  test('a project: an edited address; the former one still answers, with the new slug', async () => {
    const created = await write('POST', '/api/projects', sample.project('Route Planner'), 201)
    expect(created.body.slug).toBe('route-planner')
    const edited = await write(
      'PUT',
      `/api/projects/${created.id}`,
      { ...sample.project('Route Planner'), slug: 'planner' },
      200,
    )
    expect(edited.body.slug).toBe('planner')
    const old = await t.request('GET', '/api/projects/route-planner')
    expect(old.status).toBe(200)
    expect(old.body.slug).toBe('planner')
    // Saved again without an address: it stays (the title did not change).
    const again = await write(
      'PUT',
      `/api/projects/${created.id}`,
      sample.project('Route Planner'),
      200,
    )
    expect(again.body.slug).toBe('planner')
    // Back to a former address of its own: allowed.
    const back = await write(
      'PUT',
      `/api/projects/${created.id}`,
      { ...sample.project('Route Planner'), slug: 'route-planner' },
      200,
    )
    expect(back.body.slug).toBe('route-planner')
  })

  test('a project: an address another project holds, now or formerly, is a 400 naming the field', async () => {
    const a = await write('POST', '/api/projects', sample.project('Alpha Tool'), 201)
    const b = await write('POST', '/api/projects', sample.project('Beta Tool'), 201)
    await write('PUT', `/api/projects/${a.id}`, sample.project('Alpha Renamed'), 200)
    for (const slug of ['alpha-renamed', 'Alpha Renamed', 'alpha-tool']) {
      const r = await t.request('PUT', `/api/projects/${b.id}`, {
        token,
        body: { ...sample.project('Beta Tool'), slug },
      })
      expect(r.status).toBe(400)
      if (slug === 'Alpha Renamed') continue
      expect(r.body.error).toContain('Address')
      expect(r.body.fields).toEqual({
        slug: [`Address "${slug}" is already taken by another project: choose another.`],
      })
    }
    // Nothing changed.
    expect((await t.request('GET', '/api/projects/beta-tool')).body.id).toBe(b.id)
    expect((await t.request('GET', '/api/projects/alpha-tool')).body.id).toBe(a.id)
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Gamma'), slug: 'beta-tool' },
    })
    expect(created.status).toBe(400)
    expect(Object.keys(created.body.fields as object)).toEqual(['slug'])
  })

  test('an address with no letter or digit is a 400 naming the field', async () => {
    const r = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Delta'), slug: '!!!' },
    })
    expect(r.status).toBe(400)
    expect(r.body.fields).toEqual({ slug: ['Address must hold at least one letter or digit.'] })
  })

  test('a project in the Trash keeps its address', async () => {
    const gone = await write('POST', '/api/projects', sample.project('Old Thing'), 201)
    expect((await t.request('DELETE', `/api/projects/${gone.id}`, { token })).status).toBe(204)
    const r = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('New Thing'), slug: 'old-thing' },
    })
    expect(r.status).toBe(400)
    expect(r.body.fields).toEqual({
      slug: ['Address "old-thing" is already taken by another project: choose another.'],
    })
  })

  test('a note: edited address, the former one answers, a taken one is refused', async () => {
    const first = await write('POST', '/api/notes', note('First Steps'), 201)
    const second = await write('POST', '/api/notes', note('Second Steps'), 201)
    const edited = await write(
      'PUT',
      `/api/notes/${first.id}`,
      note('First Steps', { slug: 'steps' }),
      200,
    )
    expect(edited.body.slug).toBe('steps')
    const old = await t.request('GET', '/api/notes/first-steps')
    expect(old.status).toBe(200)
    expect(old.body.slug).toBe('steps')
    const taken = await t.request('PUT', `/api/notes/${second.id}`, {
      token,
      body: note('Second Steps', { slug: 'first-steps' }),
    })
    expect(taken.status).toBe(400)
    expect(taken.body.fields).toEqual({
      slug: ['Address "first-steps" is already taken by another note: choose another.'],
    })
  })
})

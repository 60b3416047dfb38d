/**
 * The CMS on the API: a project's case-study fields (repo_url, role,
 * period), drafts (absent from every public door, present for the signed-in
 * admin) and the manual order of projects and timeline events
 * (PUT /api/projects/order, PUT /api/timeline/order), through both doors,
 * with the rows they leave in the database.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { asc, desc, eq } from 'drizzle-orm'
import { projects, timelineEvents } from '../../db/schema'
import {
  createTestApp,
  isRecord,
  sample,
  type TestApp,
  type TestResponse,
} from '../support/harness'

setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

/** A tRPC query over GET, with or without the token. */
function trpcQuery(path: string, input: unknown, options: { token?: string } = {}) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
  return t.request('GET', `/trpc/${path}${query}`, options)
}

function dataOf(r: TestResponse): unknown {
  if (!isRecord(r.json) || !isRecord(r.json.result)) throw new Error(`not a tRPC result: ${r.text}`)
  return r.json.result.data
}

function idsOf(list: unknown): unknown[] {
  if (!Array.isArray(list)) throw new Error(`not a list: ${JSON.stringify(list)}`)
  return list.map((item) => (isRecord(item) ? item.id : null))
}

async function create(body: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const r = await t.request('POST', '/api/projects', { token, body })
  expect(r.status).toBe(201)
  return { id: r.id, slug: String(r.body.slug) }
}

async function clearProjects() {
  await t.db.delete(projects)
}

describe('case-study fields', () => {
  test('repo_url, role and period are stored and answered; blank is null', async () => {
    const body = {
      ...sample.project('Case Study'),
      repo_url: '  https://github.com/ada/case-study  ',
      role: ' Lead developer ',
      period: 'Spring 2024 – Summer 2025',
    }
    const r = await t.request('POST', '/api/projects', { token, body })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      repo_url: 'https://github.com/ada/case-study',
      role: 'Lead developer',
      period: 'Spring 2024 – Summer 2025',
      is_published: true,
    })
    const [row] = await t.db.select().from(projects).where(eq(projects.id, r.id))
    expect(row).toMatchObject({
      repo_url: 'https://github.com/ada/case-study',
      role: 'Lead developer',
    })

    const cleared = await t.request('PUT', `/api/projects/${r.id}`, {
      token,
      body: { ...sample.project('Case Study'), repo_url: '   ', role: '', period: null },
    })
    expect(cleared.status).toBe(200)
    expect(cleared.body).toMatchObject({ repo_url: null, role: null, period: null })
    // A site path is a URL as for website_url.
    const path = await t.request('PUT', `/api/projects/${r.id}`, {
      token,
      body: { ...sample.project('Case Study'), repo_url: '/code/case-study' },
    })
    expect(path.body.repo_url).toBe('/code/case-study')
  })

  test('a repo_url that is not http(s) or a site path, and over-long texts, are 400s naming the field', async () => {
    const before = await t.snapshot()
    const cases: [Record<string, unknown>, string][] = [
      [{ repo_url: 'javascript:alert(1)' }, 'repo_url'],
      [{ repo_url: 'ftp://example.com/x' }, 'repo_url'],
      [{ repo_url: '//evil.example/x' }, 'repo_url'],
      [{ repo_url: 42 }, 'repo_url'],
      [{ repo_url: `https://example.com/${'a'.repeat(2_048)}` }, 'repo_url'],
      [{ role: 'r'.repeat(201) }, 'role'],
      [{ role: ['Lead'] }, 'role'],
      [{ period: 'p'.repeat(101) }, 'period'],
      [{ is_published: 'yes' }, 'is_published'],
    ]
    for (const [fields, name] of cases) {
      const r = await t.request('POST', '/api/projects', {
        token,
        body: { ...sample.project('Bad Field'), ...fields },
      })
      expect(r.status, JSON.stringify(fields).slice(0, 80)).toBe(400)
      expect(typeof r.body.error).toBe('string')
      expect(Object.keys(r.body.fields as object)).toEqual([name])
    }
    expect(await t.snapshot()).toEqual(before)
    // The limits themselves are accepted.
    const edge = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Edge Lengths'), role: 'r'.repeat(200), period: 'p'.repeat(100) },
    })
    expect(edge.status).toBe(201)
    await clearProjects()
  })
})

describe('drafts', () => {
  let draft: { id: number; slug: string }
  let published: { id: number; slug: string }

  beforeAll(async () => {
    await clearProjects()
    published = await create({ ...sample.project('Public One'), is_featured: true })
    draft = await create({
      ...sample.project('Secret Draft'),
      is_featured: true,
      is_published: false,
    })
  })

  test('is_published defaults to true; false is stored and answered to the admin', async () => {
    const rows = await t.db.select().from(projects).orderBy(asc(projects.id))
    expect(rows.map((row) => [row.title, row.is_published])).toEqual([
      ['Public One', true],
      ['Secret Draft', false],
    ])
  })

  test('GET /api/projects: published only without a token, drafts (marked) with it', async () => {
    const visitor = await t.request('GET', '/api/projects')
    expect(idsOf(visitor.json)).toEqual([published.id])
    expect(visitor.text).not.toContain('Secret Draft')

    const admin = await t.request('GET', '/api/projects', { token })
    expect(idsOf(admin.json)).toEqual([draft.id, published.id])
    expect(admin.list.map((item) => (isRecord(item) ? item.is_published : null))).toEqual([
      false,
      true,
    ])
    expect(admin.headers.get('cache-control')).toBe('no-store')

    // A token that is not valid is a visitor's request, not a 401.
    const madeUp = await t.request('GET', '/api/projects', {
      headers: { authorization: 'Bearer made-up-token' },
    })
    expect(madeUp.status).toBe(200)
    expect(idsOf(madeUp.json)).toEqual([published.id])
  })

  test('GET /api/projects/{slug} of a draft: 404 without a token, the project with it', async () => {
    const visitor = await t.request('GET', `/api/projects/${draft.slug}`)
    expect(visitor.status).toBe(404)
    expect(visitor.body).toEqual({ error: 'Project not found.' })
    const admin = await t.request('GET', `/api/projects/${draft.slug}`, { token })
    expect(admin.status).toBe(200)
    expect(admin.body).toMatchObject({ id: draft.id, is_published: false })
    // The same 404 as a slug that never existed: nothing tells a draft is there.
    const unknown = await t.request('GET', '/api/projects/never-existed')
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe(visitor.text)
  })

  test('tRPC list, bySlug, byId and next: no draft without the token; drafts with it', async () => {
    expect(idsOf(dataOf(await trpcQuery('projects.list', undefined)))).toEqual([published.id])
    expect(idsOf(dataOf(await trpcQuery('projects.list', undefined, { token })))).toEqual([
      draft.id,
      published.id,
    ])
    for (const [path, input] of [
      ['projects.bySlug', { slug: draft.slug }],
      ['projects.byId', { id: draft.id }],
      ['projects.next', { slug: draft.slug }],
    ] as const) {
      const visitor = await trpcQuery(path, input)
      expect(visitor.status, path).toBe(404)
      expect(visitor.text, path).not.toContain('Secret Draft')
      const admin = await trpcQuery(path, input, { token })
      expect(admin.status, path).toBe(200)
    }
    expect(dataOf(await trpcQuery('projects.byId', { id: draft.id }, { token }))).toMatchObject({
      title: 'Secret Draft',
      is_published: false,
    })
    // The published one is there for everyone.
    expect((await trpcQuery('projects.byId', { id: published.id })).status).toBe(200)
  })

  test('publishing shows it everywhere; unpublishing hides it again', async () => {
    const body = { ...sample.project('Secret Draft'), is_featured: true }
    const publish = await t.request('PUT', `/api/projects/${draft.id}`, {
      token,
      body: { ...body, is_published: true },
    })
    expect(publish.body.is_published).toBe(true)
    expect(idsOf((await t.request('GET', '/api/projects')).json)).toEqual([draft.id, published.id])
    expect((await t.request('GET', `/api/projects/${draft.slug}`)).status).toBe(200)

    await t.request('PUT', `/api/projects/${draft.id}`, {
      token,
      body: { ...body, is_published: false },
    })
    expect(idsOf((await t.request('GET', '/api/projects')).json)).toEqual([published.id])
    expect((await t.request('GET', `/api/projects/${draft.slug}`)).status).toBe(404)
  })

  test('a draft renamed keeps its former slug hidden too', async () => {
    const renamed = await t.request('PUT', `/api/projects/${draft.id}`, {
      token,
      body: { ...sample.project('Secret Draft Renamed'), is_published: false },
    })
    expect(renamed.body.slug).toBe('secret-draft-renamed')
    for (const slug of [draft.slug, 'secret-draft-renamed']) {
      expect((await t.request('GET', `/api/projects/${slug}`)).status, slug).toBe(404)
      expect((await t.request('GET', `/api/projects/${slug}`, { token })).status, slug).toBe(200)
    }
  })
})

describe('the next project', () => {
  test('the published project after this one in the list order, wrapping; drafts skipped', async () => {
    await clearProjects()
    const c = await create(sample.project('Gamma'))
    const hidden = await create({ ...sample.project('Hidden'), is_published: false })
    const b = await create(sample.project('Beta'))
    const a = await create(sample.project('Alpha'))
    // List order: Alpha, Beta, Hidden (draft), Gamma.
    const next = async (slug: string, options: { token?: string } = {}) =>
      dataOf(await trpcQuery('projects.next', { slug }, options))
    expect(await next(a.slug)).toEqual({ slug: b.slug, title: 'Beta' })
    expect(await next(b.slug)).toEqual({ slug: c.slug, title: 'Gamma' })
    expect(await next(c.slug)).toEqual({ slug: a.slug, title: 'Alpha' })
    // The admin's preview of the draft: the published one after its place.
    expect(await next(hidden.slug, { token })).toEqual({ slug: c.slug, title: 'Gamma' })
    // The admin sees the same links as visitors: never a draft.
    expect(await next(b.slug, { token })).toEqual({ slug: c.slug, title: 'Gamma' })
    // Only one published project: nothing to go to.
    await t.db.delete(projects).where(eq(projects.id, b.id))
    await t.db.delete(projects).where(eq(projects.id, c.id))
    expect(await next(a.slug)).toBeNull()
  })
})

describe('ordering', () => {
  async function orderOf(path: '/api/projects' | '/api/timeline'): Promise<unknown[]> {
    return idsOf((await t.request('GET', path, { token })).json)
  }

  for (const kind of ['projects', 'timeline'] as const) {
    const listPath = `/api/${kind}` as const
    const orderPath = `/api/${kind}/order`
    // A new event takes its place by start date: each one here starts later than the last.
    let made = 0
    const body = (title: string) =>
      kind === 'projects'
        ? sample.project(title)
        : { ...sample.event(title), start_date: String(2000 + made++) }
    const table = kind === 'projects' ? projects : timelineEvents
    let ids: number[] = []

    describe(kind, () => {
      beforeAll(async () => {
        await t.db.delete(table)
        ids = []
        for (const title of ['First Made', 'Second Made', 'Third Made']) {
          const r = await t.request('POST', listPath, { token, body: body(title) })
          ids.push(r.id)
        }
      })

      test('a new item comes first (newest first until reordered)', async () => {
        expect(await orderOf(listPath)).toEqual([...ids].reverse())
      })

      test(`PUT ${orderPath} answers 204, and every list follows the new order`, async () => {
        const [first, second, third] = ids as [number, number, number]
        const order = [second, first, third]
        const version = await t.request('GET', listPath)
        const r = await t.request('PUT', orderPath, { token, body: { ids: order } })
        expect(r.status).toBe(204)
        expect(r.text).toBe('')
        expect(await orderOf(listPath)).toEqual(order)
        expect(idsOf((await t.request('GET', listPath)).json)).toEqual(order)
        expect(idsOf(dataOf(await trpcQuery(`${kind}.list`, undefined)))).toEqual(order)
        // The public answer changed, so its ETag did: the content version moved.
        expect((await t.request('GET', listPath)).headers.get('etag')).not.toBe(
          version.headers.get('etag'),
        )
        const rows = await t.db
          .select({ id: table.id, sort_order: table.sort_order })
          .from(table)
          .orderBy(asc(table.sort_order))
        expect(rows).toEqual(order.map((id, place) => ({ id, sort_order: place })))
      })

      test('a new item after a reorder still comes first; the others keep their order', async () => {
        const before = await orderOf(listPath)
        const r = await t.request('POST', listPath, { token, body: body('Made After') })
        expect(await orderOf(listPath)).toEqual([r.id, ...before])
        ids.push(r.id)
      })

      test('every wrong list is a 400 with a readable error, and changes nothing', async () => {
        const before = await t.snapshot()
        const [a, b, c, d] = ids as [number, number, number, number]
        const bad: [string, unknown, RegExp][] = [
          ['a missing id', { ids: [a, b, c] }, /missing: \d+/],
          ['a repeated id', { ids: [a, b, c, d, a] }, /once; repeated: \d+/],
          ['an unknown id', { ids: [a, b, c, d, 999_999] }, /has the id 999999/],
          ['empty while items exist', { ids: [] }, /missing: /],
          ['not a list', { ids: String(a) }, /must be a list/],
          ['no ids at all', {}, /ids is required/],
          ['ids as text', { ids: [String(a), String(b), String(c), String(d)] }, /number/],
          ['a fraction', { ids: [a, b, c, d + 0.5] }, /whole number/],
          ['a negative id', { ids: [a, b, c, -d] }, /positive/],
          ['null in the list', { ids: [a, b, c, null] }, /number/],
        ]
        for (const [label, payload, message] of bad) {
          const r = await t.request('PUT', orderPath, { token, body: payload })
          expect(r.status, label).toBe(400)
          expect(r.headers.get('content-type') ?? '', label).toContain('application/json')
          expect(String(r.body.error), label).toMatch(message)
        }
        // Not a JSON object at all.
        const array = await t.request('PUT', orderPath, {
          token,
          raw: JSON.stringify([a, b, c, d]),
          headers: { 'content-type': 'application/json' },
        })
        expect(array.status).toBe(400)
        expect(await t.snapshot()).toEqual(before)
      })

      test('without the token: 401, nothing read or changed', async () => {
        const before = await t.snapshot()
        const r = await t.request('PUT', orderPath, { body: { ids: [...ids].reverse() } })
        expect(r.status).toBe(401)
        expect(await t.snapshot()).toEqual(before)
      })

      test('the tRPC door takes the same input', async () => {
        const order = [...ids].reverse()
        const r = await t.request('POST', `/trpc/${kind}.reorder`, { token, body: { ids: order } })
        expect(r.status).toBe(200)
        expect(await orderOf(listPath)).toEqual(order)
        const bad = await t.request('POST', `/trpc/${kind}.reorder`, {
          token,
          body: { ids: order.slice(1) },
        })
        expect(bad.status).toBe(400)
      })

      test('with no items, an empty list is the one valid order', async () => {
        await t.db.delete(table)
        expect((await t.request('PUT', orderPath, { token, body: { ids: [] } })).status).toBe(204)
        const r = await t.request('PUT', orderPath, { token, body: { ids: [1] } })
        expect(r.status).toBe(400)
      })
    })
  }

  test('PUT /api/projects/order is the reorder, never an update of a project "order"', async () => {
    await clearProjects()
    const order = await create(sample.project('Order'))
    expect(order.slug).toBe('order')
    // GET of the slug "order" is still the project.
    const read = await t.request('GET', '/api/projects/order')
    expect(read.status).toBe(200)
    expect(read.body.id).toBe(order.id)
    const r = await t.request('PUT', '/api/projects/order', { token, body: { ids: [order.id] } })
    expect(r.status).toBe(204)
    const [row] = await t.db.select().from(projects).orderBy(desc(projects.id))
    expect(row?.title).toBe('Order')
  })
})

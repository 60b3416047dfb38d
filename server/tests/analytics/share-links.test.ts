/**
 * The analytics' admin API: share links (create, list, delete) and the
 * summary (`GET /api/analytics`, and as CSV), with their refusals.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { shareLinks } from '../../db/schema'
import { createTestApp, type TestApp } from '../support/harness'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
})
afterAll(() => t.close())

describe('share links', () => {
  test('a new link answers 201 with a random code and its /r/ address, and is stored', async () => {
    const created = await t.request('POST', '/api/share-links', {
      token,
      body: { name: 'Acme — summer internship', target_path: '/projects' },
    })
    expect(created.status).toBe(201)
    const { id, code, name, target_path, url } = created.body
    expect(name).toBe('Acme — summer internship')
    expect(target_path).toBe('/projects')
    expect(code).toMatch(/^[a-z0-9]{10}$/)
    expect(url).toBe(`/r/${code}`)
    expect(Object.keys(created.body).sort()).toEqual(['code', 'id', 'name', 'target_path', 'url'])
    const [row] = await t.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, Number(id)))
    expect(row?.code).toBe(String(code))
  })

  test('codes are not guessable: 200 links, 200 different codes, every character used', async () => {
    const codes = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const created = await t.request('POST', '/api/share-links', {
        token,
        body: { name: `Company ${i}`, target_path: '/' },
      })
      codes.add(String(created.body.code))
    }
    expect(codes.size).toBe(200)
    const characters = new Set([...codes].join(''))
    expect(characters.size).toBe(36)
    for (const code of codes) {
      await t.request('DELETE', `/api/share-links/${(await idOf(code)) ?? 0}`, { token })
    }
    // 400 requests: on PostgreSQL on a loaded 2-core machine, more than the default 20 s.
  }, 120_000)

  test('the list has each link with its counts (zero before any visit), newest first', async () => {
    const created = await t.request('POST', '/api/share-links', {
      token,
      body: { name: 'Globex', target_path: '/contact-me' },
    })
    const list = await t.request('GET', '/api/share-links', { token })
    expect(list.status).toBe(200)
    expect(list.list[0]).toEqual({
      id: created.id,
      code: created.body.code,
      name: 'Globex',
      target_path: '/contact-me',
      url: created.body.url,
      created_at: expect.any(String),
      views: 0,
      visitors: 0,
      first_seen: null,
      last_seen: null,
      pages: [],
    })
  })

  test('delete answers 204, then the link is gone (404 for an unknown id)', async () => {
    const created = await t.request('POST', '/api/share-links', {
      token,
      body: { name: 'Initech', target_path: '/' },
    })
    expect((await t.request('DELETE', `/api/share-links/${created.id}`, { token })).status).toBe(
      204,
    )
    const list = await t.request('GET', '/api/share-links', { token })
    expect(list.list.some((link) => (link as { id: number }).id === created.id)).toBe(false)
    const again = await t.request('DELETE', `/api/share-links/${created.id}`, { token })
    expect(again.status).toBe(404)
    expect(again.body.error).toBe('Share link not found.')
  })

  test.each([
    [{ name: 'x', target_path: 'https://evil.example/' }],
    [{ name: 'x', target_path: '//evil.example/' }],
    [{ name: 'x', target_path: '/\\evil.example' }],
    [{ name: 'x', target_path: 'projects' }],
    [{ name: 'x', target_path: 'javascript:alert(1)' }],
    [{ name: 'x', target_path: '/admin' }],
    [{ name: 'x', target_path: '/api/projects' }],
    [{ name: 'x', target_path: '/r/abc' }],
    [{ name: 'x', target_path: '/a b' }],
    [{ name: 'x', target_path: '' }],
    [{ name: 'x' }],
    [{ name: '', target_path: '/' }],
    [{ name: '   ', target_path: '/' }],
    [{ target_path: '/' }],
    [{ name: 'x'.repeat(201), target_path: '/' }],
    [{ name: 42, target_path: '/' }],
  ])('a bad link is a 400 with a JSON error, nothing stored: %j', async (body) => {
    const before = await t.db.select().from(shareLinks)
    const response = await t.request('POST', '/api/share-links', { token, body })
    expect(response.status).toBe(400)
    expect(response.body.error).toEqual(expect.any(String))
    expect(response.body.fields).toEqual(expect.any(Object))
    expect(await t.db.select().from(shareLinks)).toEqual(before)
  })

  test('without a valid token: 401 for every share-link and analytics endpoint', async () => {
    for (const [method, path] of [
      ['POST', '/api/share-links'],
      ['GET', '/api/share-links'],
      ['DELETE', '/api/share-links/1'],
      ['GET', '/api/analytics'],
      ['GET', '/api/analytics?days=7'],
      ['GET', '/api/analytics.csv'],
    ] as const) {
      for (const bad of [null, 'not-a-token']) {
        const response = await t.request(method, path, {
          token: bad,
          body: method === 'POST' ? { name: 'x', target_path: '/' } : undefined,
        })
        expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 401`)
        expect(response.body.error).toBe('You need to sign in to do this.')
        expect(response.headers.get('www-authenticate')).toBe('Bearer')
      }
    }
  })
})

async function idOf(code: string): Promise<number | undefined> {
  const [row] = await t.db.select().from(shareLinks).where(eq(shareLinks.code, code))
  return row?.id
}

describe('the summary', () => {
  test('with nothing counted: every day of the range with zeros, oldest first, ending today (UTC)', async () => {
    const response = await t.request('GET', '/api/analytics?days=7', { token })
    expect(response.status).toBe(200)
    const body = response.body as {
      totals: unknown
      daily: { date: string; views: number; visitors: number }[]
    }
    expect(body.totals).toEqual({ views: 0, visitors: 0 })
    expect(body.daily).toHaveLength(7)
    expect(body.daily.at(-1)?.date).toBe(t.clock.now().toISOString().slice(0, 10))
    const dates = body.daily.map((day) => day.date)
    expect([...dates].sort()).toEqual(dates)
    expect(new Set(dates).size).toBe(7)
    expect(body.daily.every((day) => day.views === 0 && day.visitors === 0)).toBe(true)
    expect(Object.keys(response.body).sort()).toEqual([
      'daily',
      'devices',
      'pages',
      'referrers',
      'share_links',
      'totals',
    ])
  })

  test('days: 30 by default, 1 to 366', async () => {
    for (const [query, length] of [
      ['', 30],
      ['?days=1', 1],
      ['?days=90', 90],
      ['?days=366', 366],
    ] as const) {
      const response = await t.request('GET', `/api/analytics${query}`, { token })
      expect(response.status).toBe(200)
      expect((response.body.daily as unknown[]).length).toBe(length)
    }
  })

  test.each(['0', '367', '-7', '7.5', 'abc', '', '1e9'])(
    'days=%s is a 400 with a JSON error (also for the CSV)',
    async (days) => {
      for (const path of ['/api/analytics', '/api/analytics.csv']) {
        const response = await t.request('GET', `${path}?days=${days}`, { token })
        expect(`${path} ${response.status}`).toBe(`${path} 400`)
        expect(response.body.error).toMatch(/^Days must be/)
      }
    },
  )

  test('the CSV: one table, a row per day, then the totals', async () => {
    const response = await t.request('GET', '/api/analytics.csv?days=7', { token })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="analytics-\d{4}-\d{2}-\d{2}-7d\.csv"$/,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    const lines = response.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe('section,name,views,visitors')
    expect(lines.filter((line) => line.startsWith('day,'))).toHaveLength(7)
    expect(lines.at(-1)).toBe('total,,0,0')
  })
})

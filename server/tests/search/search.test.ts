/**
 * Site search (`GET /api/search?q=`): PostgreSQL full-text search over
 * projects, notes and the timeline on both databases — stemming, ranking by
 * weight (a title match first), snippets with the match marked and
 * everything else escaped, only public content for everyone, and the
 * query's bounds.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { SEARCH_QUERY_MAX } from '../../../src/schemas/search'
import { createTestApp, isRecord, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const write = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', path, { token, body })
    expect(r.status).toBe(201)
  }
  await write('/api/projects', {
    title: 'Orbital Tracker',
    description: 'Follows satellites in the browser.',
    long_description: 'Built with WebGL. It mentions kayaking once.',
    tags: ['WebGL'],
  })
  await write('/api/projects', {
    title: 'Hidden Kayaking Draft',
    description: 'A draft.',
    long_description: 'Unpublished kayaking project.',
    is_published: false,
  })
  await write('/api/notes', {
    title: 'Kayaking the fjords',
    summary: 'A week of paddling <script>alert(1)</script> & camping, "3 < 4".',
    body: 'We went kayaking every day. Kayaks are <b>great</b>.',
    tags: ['Travel'],
    status: 'published',
  })
  await write('/api/notes', {
    title: 'Kayaking draft note',
    summary: 'Not yet.',
    body: 'Secret kayaking plans.',
    status: 'draft',
  })
  await write('/api/timeline', {
    title: 'Kayak club',
    start_date: '2022',
    position: 'Treasurer',
    description: ['Organised kayaking trips'],
  })
}, 30_000)
afterAll(() => t.close())

type Result = { kind: string; title: string; url: string; snippet: string }
async function search(q: string, token?: string): Promise<Result[]> {
  const r = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { token })
  expect(r.status).toBe(200)
  const results = r.body.results
  if (!Array.isArray(results)) throw new Error(r.text)
  return results.filter(isRecord) as Result[]
}

describe('search', () => {
  test('finds every kind, by stem, ranked: the title match first', async () => {
    const results = await search('kayak')
    expect(results.map((r) => [r.kind, r.title, r.url])).toEqual([
      ['note', 'Kayaking the fjords', '/notes/kayaking-the-fjords'],
      ['timeline', 'Kayak club', '/#timeline-title'],
      ['project', 'Orbital Tracker', '/projects/orbital-tracker'],
    ])
  })

  test('snippets mark the match and escape everything else', async () => {
    const [note] = await search('paddling')
    expect(note?.title).toBe('Kayaking the fjords')
    expect(note?.snippet).toContain('<mark>paddling</mark>')
    expect(note?.snippet).toContain('3 &lt; 4')
    expect(note?.snippet).not.toContain('<script')
    expect(note?.snippet).toContain('&amp;')
    const withoutMarks = String(note?.snippet).replace(/<\/?mark>/g, '')
    expect(withoutMarks).not.toMatch(/[<>]/)
  })

  test('drafts are never found, not even with the token', async () => {
    for (const auth of [undefined, token]) {
      const titles = (await search('kayaking', auth)).map((r) => r.title)
      expect(titles).not.toContain('Hidden Kayaking Draft')
      expect(titles).not.toContain('Kayaking draft note')
    }
    expect(await search('secret plans')).toEqual([])
  })

  test('web search syntax: quotes, or, minus', async () => {
    expect((await search('"orbital tracker"')).map((r) => r.title)).toEqual(['Orbital Tracker'])
    expect((await search('satellites or treasurer')).map((r) => r.title).sort()).toEqual([
      'Kayak club',
      'Orbital Tracker',
    ])
    expect((await search('kayak -webgl')).map((r) => r.title)).not.toContain('Orbital Tracker')
  })

  test('an empty, blank or too long query is a 400; punctuation alone finds nothing', async () => {
    for (const q of ['', '%20%20', 'x'.repeat(SEARCH_QUERY_MAX + 1)]) {
      const r = await t.request('GET', `/api/search?q=${q}`)
      expect(r.status).toBe(400)
      expect(typeof r.body.error).toBe('string')
    }
    expect((await t.request('GET', '/api/search')).status).toBe(400)
    expect(await search('!!! & | ( ) :*')).toEqual([])
  })
})

describe('snippets read as text', () => {
  test("Markdown's syntax and link URLs stay out of the passage", async () => {
    const r = await t.request('POST', '/api/notes', {
      token,
      body: {
        title: 'Marked up',
        summary: 'Plain.',
        body: '## Heading about zebras\n\nSee [the zebra page](https://example.com/zebra-url) and ![a zebra](/media/zebra.jpg) **bold zebras**.',
        status: 'published',
      },
    })
    expect(r.status).toBe(201)
    const [result] = await search('zebras')
    expect(result?.snippet).toContain('<mark>zebras</mark>')
    expect(result?.snippet).toContain('See the <mark>zebra</mark> page and a <mark>zebra</mark>')
    expect(result?.snippet).not.toMatch(/zebra-url|##|\*\*|\]\(/)
  })
})

describe('prefixes, tags and code', () => {
  beforeAll(async () => {
    const r = await t.request('POST', '/api/projects', {
      token,
      body: {
        title: 'Ledger',
        description: 'Keeps accounts.',
        long_description:
          'Double-entry bookkeeping.\n\n```ts\nexport const balance = 0\n```\n\nReconciles nightly.',
        tags: ['PostgreSQL', 'Node.js'],
      },
    })
    expect(r.status).toBe(201)
  })

  test('a word finds the longer words it starts (postgres → PostgreSQL), tags as words', async () => {
    expect((await search('postgres')).map((r) => r.title)).toEqual(['Ledger'])
    expect((await search('Postgre')).map((r) => r.title)).toEqual(['Ledger'])
    expect((await search('node')).map((r) => r.title)).toEqual(['Ledger'])
    expect((await search('recon')).map((r) => r.title)).toEqual(['Ledger'])
  })

  test("a code block's language name stays out of the passage", async () => {
    const [result] = await search('balance')
    expect(result?.title).toBe('Ledger')
    expect(result?.snippet).toContain('<mark>balance</mark>')
    expect(result?.snippet).not.toMatch(/\bts\b|```/)
  })

  test('a word repeated, or more words than the cap, costs no more: the terms are normalised', async () => {
    const once = await search('kayak')
    expect(await search(Array(33).fill('kayak').join(' '))).toEqual(once)
    expect(await search('KAYAK Kayak kayak!')).toEqual(once)
    // Past eight distinct words the rest are left out (so "zzz" here is never required).
    const many = 'kayak a1 b2 c3 d4 e5 f6 g7 zzzunknown'
    expect(await search(many)).toEqual([])
    const capped = 'kayak paddling camping week fjords went day great zzzunknown'
    expect((await search(capped)).length).toBeGreaterThan(0)
  })
})

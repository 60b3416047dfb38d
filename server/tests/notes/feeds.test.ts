/**
 * The notes' feeds (Atom, RSS 2.0, JSON Feed 1.1) read by a maintained feed
 * parser (feedsmith) and checked against the formats' rules: unique ids,
 * RFC 3339 / RFC 822 dates, absolute URLs, only live notes, the newest 20;
 * ETag and Last-Modified with their 304s; the sitemap's notes.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith'
import { publishDueNotes } from '../../services/note-publishing'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const SITE = 'https://ada.example'
let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: SITE })
  token = await t.login()
  // 22 live notes, a minute apart; a draft; a scheduled note.
  for (let n = 1; n <= 22; n++) {
    const r = await t.request('POST', '/api/notes', {
      token,
      body: {
        title: `Note ${n}`,
        summary: `Summary ${n} & more`,
        body: `Text of note ${n} with [a link](/projects) and ![a picture](/media/pic-${n}.jpg) <b>bold</b>.`,
        tags: ['Writing', `T${n}`],
        status: 'published',
        published_at: new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString(),
        cover_url: n === 22 ? '/media/cover.jpg' : null,
      },
    })
    expect(r.status).toBe(201)
  }
  await t.request('POST', '/api/notes', {
    token,
    body: { title: 'Draft Note', summary: 's', body: 'b', status: 'draft' },
  })
  await t.request('POST', '/api/notes', {
    token,
    body: {
      title: 'Scheduled Note',
      summary: 's',
      body: 'b',
      status: 'published',
      published_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    },
  })
}, 60_000)
afterAll(() => t.close())

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const rfc822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/
const expectedTitles = Array.from({ length: 20 }, (_, i) => `Note ${22 - i}`)

function expectAbsolute(html: string) {
  expect(html).toContain(`href="${SITE}/projects"`)
  expect(html).toMatch(new RegExp(`src="${SITE}/media/pic-\\d+\\.jpg"`))
  expect(html).not.toMatch(/(href|src)="\//)
}

describe('feeds', () => {
  test('Atom 1.0: parsed, newest 20 live notes, unique ids, RFC 3339 dates, absolute URLs', async () => {
    const r = await t.request('GET', '/feed.xml')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('application/atom+xml')
    const feed = parseAtomFeed(r.text)
    expect(feed.title?.value).toBe('Ada Lovelace · Notes')
    expect(rfc3339.test(String(feed.updated))).toBe(true)
    const entries = feed.entries ?? []
    expect(entries.map((entry) => entry.title?.value)).toEqual(expectedTitles)
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(20)
    for (const entry of entries) {
      expect(rfc3339.test(String(entry.updated))).toBe(true)
      expect(rfc3339.test(String(entry.published))).toBe(true)
      expect(entry.links?.[0]?.href).toStartWith(`${SITE}/notes/note-`)
      expectAbsolute(String(entry.content?.value))
    }
    expect(r.text).not.toContain('Draft Note')
    expect(r.text).not.toContain('Scheduled Note')
  })

  test('RSS 2.0: parsed, unique guids, RFC 822 dates, absolute URLs', async () => {
    const r = await t.request('GET', '/rss.xml')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('application/rss+xml')
    const feed = parseRssFeed(r.text)
    expect(feed.link).toBe(`${SITE}/notes`)
    const items = feed.items ?? []
    expect(items.map((item) => item.title)).toEqual(expectedTitles)
    expect(new Set(items.map((item) => item.guid?.value)).size).toBe(20)
    for (const item of items) {
      expect(rfc822.test(String(item.pubDate))).toBe(true)
      expect(item.link).toStartWith(`${SITE}/notes/note-`)
      expectAbsolute(String(item.content?.encoded ?? item.description))
    }
    expect(items[0]?.enclosures?.[0]?.url ?? '').toBe(`${SITE}/media/cover.jpg`)
    expect(r.text).not.toContain('Scheduled Note')
  })

  test('JSON Feed 1.1: parsed, version, unique ids, RFC 3339 dates, absolute URLs', async () => {
    const r = await t.request('GET', '/feed.json')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('application/feed+json')
    expect(r.body.version).toBe('https://jsonfeed.org/version/1.1')
    const feed = parseJsonFeed(r.json)
    expect(feed.feed_url).toBe(`${SITE}/feed.json`)
    const items = feed.items ?? []
    expect(items.map((item) => item.title)).toEqual(expectedTitles)
    expect(new Set(items.map((item) => item.id)).size).toBe(20)
    for (const item of items) {
      expect(rfc3339.test(String(item.date_published))).toBe(true)
      expectAbsolute(String(item.content_html))
    }
    expect(items[0]?.image).toBe(`${SITE}/media/cover.jpg`)
  })

  test('ETag and Last-Modified answer 304; a new note changes both', async () => {
    for (const path of ['/feed.xml', '/rss.xml', '/feed.json']) {
      const first = await t.request('GET', path)
      const etag = first.headers.get('etag')
      const lastModified = first.headers.get('last-modified')
      expect(etag).toBeTruthy()
      expect(rfc822.test(String(lastModified))).toBe(true)
      const byTag = await t.request('GET', path, { headers: { 'if-none-match': String(etag) } })
      expect(byTag.status).toBe(304)
      expect(byTag.text).toBe('')
      const byDate = await t.request('GET', path, {
        headers: { 'if-modified-since': String(lastModified) },
      })
      expect(byDate.status).toBe(304)
      const older = await t.request('GET', path, {
        headers: { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' },
      })
      expect(older.status).toBe(200)
    }
    const before = await t.request('GET', '/feed.xml')
    t.clock.advance(2 * 3_600_000)
    await publishDueNotes({ db: t.db }, t.clock.now())
    const after = await t.request('GET', '/feed.xml', {
      headers: { 'if-none-match': String(before.headers.get('etag')) },
    })
    expect(after.status).toBe(200)
    expect(parseAtomFeed(after.text).entries?.[0]?.title?.value).toBe('Scheduled Note')
    expect(after.headers.get('last-modified')).not.toBe(before.headers.get('last-modified'))
  })

  test('the sitemap lists /notes and each live note with lastmod, never a draft', async () => {
    const r = await t.request('GET', '/sitemap.xml')
    expect(r.text).toContain(`<loc>${SITE}/notes</loc>`)
    expect(r.text).toMatch(
      new RegExp(`<loc>${SITE}/notes/note-7</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod>`),
    )
    expect(r.text).not.toContain('draft-note')
  })
})

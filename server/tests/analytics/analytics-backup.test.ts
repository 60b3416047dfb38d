/**
 * Share links and the page-view counts in backups (format version 4): they
 * survive a backup and a restore into another database; a version 3 file
 * (before the analytics) restores with none.
 */
import { expect, test } from 'bun:test'
import { parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { analyticsSalts } from '../../db/schema'
import { createTestApp } from '../support/harness'

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

test('share links and counts survive a backup and a restore into another database', async () => {
  const source = await createTestApp({ ssr: true, config: { trustProxy: 1 } })
  const target = await createTestApp({ ssr: true, config: { trustProxy: 1 } })
  try {
    const token = await source.login()
    const link = await source.request('POST', '/api/share-links', {
      token,
      body: { name: 'Acme — summer internship', target_path: '/projects' },
    })
    const visit = (ip: string, path: string) =>
      source.request('GET', path, { headers: { 'x-forwarded-for': ip, 'user-agent': CHROME } })
    await visit('203.0.113.1', `/projects?ref=${link.body.code}`)
    await visit('203.0.113.1', '/')
    await visit('203.0.113.2', '/')
    const listed = await source.request('GET', '/api/share-links', { token })
    const summary = await source.request('GET', '/api/analytics?days=7', { token })
    expect((summary.body.totals as { views: number }).views).toBe(3)

    const text = serializeBackup(
      await readBackup(source.db, source.database.kind, source.mediaStore),
    )
    const backup = parseBackup(text)
    expect(backup.version).toBe(10)
    expect(backup.tables.share_links.map((row) => row.code)).toEqual([String(link.body.code)])
    expect(backup.tables.analytics_views.reduce((sum, row) => sum + row.views, 0)).toBe(3)
    expect(backup.tables.analytics_visitors.length).toBe(3) // two visitors, one of them through the link
    expect(text).not.toContain('salt')
    expect(await source.db.select().from(analyticsSalts)).toHaveLength(1)

    await restoreBackup(target.db, backup, target.mediaStore)
    const targetToken = await target.login()
    expect((await target.request('GET', '/api/share-links', { token: targetToken })).list).toEqual(
      listed.list,
    )
    const restored = await target.request('GET', '/api/analytics?days=7', { token: targetToken })
    expect(restored.body).toEqual(summary.body)
    const redirect = await target.request('GET', String(link.body.url))
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe(`/projects?ref=${link.body.code}`)
    // New links continue after the restored ids.
    const next = await target.request('POST', '/api/share-links', {
      token: targetToken,
      body: { name: 'Next', target_path: '/' },
    })
    expect(next.status).toBe(201)
    expect(next.id).toBeGreaterThan(Number(link.body.id))
  } finally {
    await source.close()
    await target.close()
  }
}, 60_000)

test('a version 3 file (before the analytics) restores with no share links and no counts', async () => {
  const t = await createTestApp()
  try {
    const token = await t.login()
    await t.request('POST', '/api/share-links', {
      token,
      body: { name: 'Gone after restore', target_path: '/' },
    })
    const current = parseBackup(
      serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
    )
    const {
      share_links: _links,
      analytics_views: _views,
      analytics_visitors: _visitors,
      ...v3Tables
    } = current.tables
    const v3 = parseBackup(JSON.stringify({ ...current, version: 3, tables: v3Tables }))
    expect(v3.tables.share_links).toEqual([])
    await restoreBackup(t.db, v3, t.mediaStore)
    const again = await t.login()
    expect((await t.request('GET', '/api/share-links', { token: again })).list).toEqual([])
  } finally {
    await t.close()
  }
}, 60_000)

test('a file with a share link whose path is not a site path, or a code twice, is refused', () => {
  const base = {
    format: 'portfolio-backup',
    version: 4,
    created_at: '2026-01-01T00:00:00.000Z',
    tables: {
      profile: [],
      admin_users: [],
      projects: [],
      project_slugs: [],
      timeline_events: [],
      messages: [],
    },
  }
  const link = (id: number, code: string, target_path = '/') => ({
    id,
    code,
    name: 'x',
    target_path,
    first_seen_at: null,
    last_seen_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
  })
  expect(() =>
    parseBackup(
      JSON.stringify({
        ...base,
        tables: { ...base.tables, share_links: [link(1, 'abcdefghij', '//evil.example')] },
      }),
    ),
  ).toThrow(/share_links\.0\.target_path/)
  expect(() =>
    parseBackup(
      JSON.stringify({
        ...base,
        tables: { ...base.tables, share_links: [link(1, 'abcdefghij'), link(2, 'abcdefghij')] },
      }),
    ),
  ).toThrow(/duplicate codes: abcdefghij/)
})

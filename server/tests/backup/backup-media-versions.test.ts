/**
 * Backups hold the media library (a restore on a new machine shows every
 * image, removes files the backup does not hold, converts older placeholders)
 * and files of earlier versions still restore with what they lack filled in
 * (the media library, the accent colour, drafts and the manual order); a file
 * whose media rows lack their files is refused.
 */
import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { bumpContentVersion } from '../../db/content-version'
import { media } from '../../db/schema'
import { compactStoredPlaceholders } from '../../services/media'
import { createTestApp, sample, type TestApp } from '../support/harness'
import { solid, upload, uploadForm } from '../support/media-fixtures'

/** A file the app serves, as bytes. */
async function fileAt(t: TestApp, url: string) {
  const response = await t.app.handle(new Request(`http://localhost${url}`))
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

describe('backups hold the media library', () => {
  test('a restore on a new machine (fresh database, empty store) shows every image', async () => {
    const source = await createTestApp()
    const target = await createTestApp()
    try {
      const token = await source.login()
      const png = await solid(800, 600, { r: 200, g: 40, b: 90, alpha: 1 }).png().toBuffer()
      const uploaded = await upload(
        source.app,
        token,
        uploadForm(png, { name: 'a.png', alt: 'Red' }),
      )
      expect(uploaded.status).toBe(201)
      const image = uploaded.json as { url: string; variants: { url: string }[] }
      const project = await source.request('POST', '/api/projects', {
        token,
        body: { ...sample.project('With Image'), image_urls: [image.url] },
      })
      expect(project.status).toBe(201)
      const urls = [image.url, ...image.variants.map((variant) => variant.url)]
      const served = await Promise.all(urls.map((url) => fileAt(source, url)))
      expect(served.map((r) => r.status)).toEqual(urls.map(() => 200))

      const backup = parseBackup(
        serializeBackup(await readBackup(source.db, source.database.kind, source.mediaStore)),
      )
      expect(backup.tables.media).toHaveLength(1)
      expect(Object.keys(backup.media_files).sort()).toEqual(
        urls.map((url) => url.slice('/media/'.length)).sort(),
      )

      // The target has never seen these files.
      expect((await target.request('GET', image.url)).status).toBe(404)
      await restoreBackup(target.db, backup, target.mediaStore)
      for (const [index, url] of urls.entries()) {
        const restored = await fileAt(target, url)
        expect(restored.status, url).toBe(200)
        expect(Buffer.compare(restored.bytes, served[index]?.bytes ?? Buffer.alloc(0)), url).toBe(0)
      }
      const list = await target.request('GET', '/api/projects')
      const [restoredProject] = list.json as { images: ({ url: string; alt: string } | null)[] }[]
      expect(restoredProject?.images[0]).toMatchObject({ url: image.url, alt: 'Red' })
    } finally {
      await source.close()
      await target.close()
    }
  }, 60_000)

  test('a restore removes the files of images the backup does not hold', async () => {
    const t = await createTestApp()
    try {
      const token = await t.login()
      const empty = parseBackup(
        serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
      )
      const png = await solid(400, 300, { r: 10, g: 120, b: 30, alpha: 1 }).png().toBuffer()
      const uploaded = await upload(t.app, token, uploadForm(png, { name: 'b.png' }))
      const url = (uploaded.json as { url: string }).url
      expect((await t.request('GET', url)).status).toBe(200)
      await restoreBackup(t.db, empty, t.mediaStore)
      expect((await t.request('GET', url)).status).toBe(404)
      expect(await t.mediaStore.exists(url.slice('/media/'.length))).toBe(false)
    } finally {
      await t.close()
    }
  }, 60_000)

  test('placeholders of earlier versions (PNG) become WebP: on restore, and at start-up for stored rows', async () => {
    const source = await createTestApp()
    const target = await createTestApp()
    try {
      const token = await source.login()
      const png = await solid(640, 360, { r: 20, g: 90, b: 200, alpha: 1 }).png().toBuffer()
      const uploaded = await upload(source.app, token, uploadForm(png, { name: 'c.png' }))
      const image = uploaded.json as { url: string; placeholder: string }
      expect(image.placeholder).toStartWith('data:image/webp;base64,')
      await source.request('POST', '/api/projects', {
        token,
        body: { ...sample.project('Placeholder'), image_urls: [image.url] },
      })
      // What an earlier version stored: the same pixels as a PNG data: URL.
      const pixels = await solid(32, 18, { r: 20, g: 90, b: 200, alpha: 1 }).png().toBuffer()
      const oldPlaceholder = `data:image/png;base64,${pixels.toString('base64')}`
      const backup = parseBackup(
        serializeBackup(await readBackup(source.db, source.database.kind, source.mediaStore)),
      )
      for (const row of backup.tables.media) row.placeholder = oldPlaceholder

      const placeholderShown = async () => {
        const list = await target.request('GET', '/api/projects')
        const [project] = list.json as { images: ({ placeholder: string } | null)[] }[]
        return project?.images[0]?.placeholder ?? ''
      }
      const webpBytes = async (dataUrl: string) => {
        const bytes = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')
        expect((await sharp(bytes).metadata()).format).toBe('webp')
        return bytes.byteLength
      }
      await restoreBackup(target.db, backup, target.mediaStore)
      const restored = await placeholderShown()
      expect(restored).toStartWith('data:image/webp;base64,')
      expect(await webpBytes(restored)).toBeLessThan(pixels.byteLength)

      // A row an earlier version wrote, already served (and cached) as PNG.
      await target.db.update(media).set({ placeholder: oldPlaceholder })
      await bumpContentVersion(target.db)
      expect(await placeholderShown()).toBe(oldPlaceholder)
      expect(await compactStoredPlaceholders(target.db)).toBe(1)
      const compacted = await placeholderShown()
      expect(compacted).toStartWith('data:image/webp;base64,')
      expect(await webpBytes(compacted)).toBeLessThan(300)
      // Done once: the next start finds nothing to do.
      expect(await compactStoredPlaceholders(target.db)).toBe(0)
    } finally {
      await source.close()
      await target.close()
    }
  }, 60_000)

  test('a version 1 file (before the media library) still restores', async () => {
    const t = await createTestApp()
    try {
      const current = parseBackup(
        serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore)),
      )
      const { media: _media, ...v1Tables } = current.tables
      const v1 = JSON.stringify({
        ...current,
        version: 1,
        tables: v1Tables,
        media_files: undefined,
      })
      const parsed = parseBackup(v1)
      expect(parsed.version).toBe(1)
      expect(parsed.tables.media).toEqual([])
      await restoreBackup(t.db, parsed, t.mediaStore)
      expect((await t.request('GET', '/api/profile')).status).toBe(200)
    } finally {
      await t.close()
    }
  }, 60_000)

  test('the accent colour goes round: backed up, changed, restored; a file from before it gets the default; a bad one is refused', async () => {
    const t = await createTestApp()
    try {
      const token = await t.login()
      const {
        age: _age,
        photo: _photo,
        greeting: _greeting,
        bio_html: _bioHtml,
        // Each save below replaces the profile without asking which version it edits.
        version: _version,
        ...fields
      } = (await t.request('GET', '/api/profile')).body
      const put = (accent_color: string) =>
        t.request('PUT', '/api/profile', { token, body: { ...fields, accent_color } })
      expect((await put('#0f766e')).status).toBe(200)
      const file = serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore))
      const parsed = parseBackup(file)
      expect(parsed.tables.profile[0]?.accent_color).toBe('#0f766e')

      expect((await put('#be123c')).status).toBe(200)
      await restoreBackup(t.db, parsed, t.mediaStore)
      expect((await t.request('GET', '/api/profile')).body.accent_color).toBe('#0f766e')

      // Written before the field existed: the migration's default.
      const document = JSON.parse(file)
      delete document.tables.profile[0].accent_color
      const older = parseBackup(JSON.stringify(document))
      expect(older.tables.profile[0]?.accent_color).toBe('#4f46e5')
      await restoreBackup(t.db, older, t.mediaStore)
      expect((await t.request('GET', '/api/profile')).body.accent_color).toBe('#4f46e5')

      document.tables.profile[0].accent_color = 'red; background: url(x)'
      expect(() => parseBackup(JSON.stringify(document))).toThrow(/accent_color/)
    } finally {
      await t.close()
    }
  }, 60_000)

  test('a version 2 file (before drafts and the manual order): published, shown newest first', () => {
    const project = (id: number, created: string) => ({
      id,
      slug: `p${id}`,
      title: `P${id}`,
      description: 'd',
      long_description: 'l',
      website_url: null,
      image_urls: [],
      tags: [],
      is_featured: false,
      created_at: created,
      updated_at: created,
    })
    const document = {
      format: 'portfolio-backup',
      version: 2,
      created_at: '2024-01-01T00:00:00.000Z',
      tables: {
        profile: [
          {
            id: 1,
            name: 'Ada',
            birth_year: 2004,
            email: 'ada@example.com',
            university: 'U',
            major: 'CS',
            focus: 'f',
            minor: 'm',
            headline: 'h',
            linkedin_url: 'https://www.linkedin.com/in/ada',
            github_url: 'https://github.com/ada',
            photo_url: '/profile.svg',
            created_at: '2024-01-01T00:00:00.000000Z',
            updated_at: '2024-01-01T00:00:00.000000Z',
          },
        ],
        admin_users: [],
        projects: [
          project(1, '2024-01-01T00:00:00.000000Z'),
          project(2, '2024-03-01T00:00:00.000000Z'),
          project(3, '2024-02-01T00:00:00.000000Z'),
        ],
        project_slugs: [1, 2, 3].map((id) => ({
          slug: `p${id}`,
          project_id: id,
          created_at: '2024-01-01T00:00:00.000000Z',
        })),
        timeline_events: [],
        messages: [],
        media: [],
      },
      media_files: {},
    }
    const parsed = parseBackup(JSON.stringify(document))
    expect(
      parsed.tables.projects.map((row) => [row.id, row.sort_order, row.is_published, row.role]),
    ).toEqual([
      [1, 2, true, null],
      [2, 0, true, null],
      [3, 1, true, null],
    ])
  })

  test('a media row whose files are missing from the file is refused', () => {
    const row = {
      id: 1,
      hash: 'a'.repeat(64),
      key: `${'a'.repeat(64)}.png`,
      content_type: 'image/png',
      width: 10,
      height: 10,
      bytes: 10,
      alt: '',
      variants: [],
      placeholder: 'data:image/png;base64,AAAA',
      created_at: '2024-01-01T00:00:00.000000Z',
      updated_at: '2024-01-01T00:00:00.000000Z',
    }
    const document = {
      format: 'portfolio-backup',
      version: 2,
      created_at: '2024-01-01T00:00:00.000Z',
      tables: {
        profile: [],
        admin_users: [],
        projects: [],
        project_slugs: [],
        timeline_events: [],
        messages: [],
        media: [row],
      },
      media_files: {},
    }
    expect(() => parseBackup(JSON.stringify(document))).toThrow(/media_files/)
  })
})

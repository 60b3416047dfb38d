/**
 * Backups from the admin: `GET /api/backup` is the document
 * `bun run backup` writes (the same reader, checked the same way), taken
 * while the server runs (PGlite in this process, or PostgreSQL when
 * DATABASE_URL is set); `POST /api/restore/preview` says what a file holds;
 * `POST /api/restore` puts it back after the password is typed again: an
 * invalid file or a wrong password changes nothing; attempts are rate limited.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { parseBackup, serializeBackup } from '../../backup/format'
import { readBackup } from '../../backup/snapshot'
import { ADMIN, createTestApp, sample, type TestApp, usingPostgres } from '../support/harness'
import { blackPng, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(60_000)

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

/** Everything a restore puts back: every table of the backup but the sessions. */
async function content() {
  const { sessions: _sessions, ...rest } = await t.snapshot()
  return rest
}

describe('backup and restore from the admin', () => {
  let file: Record<string, unknown>
  let before: Awaited<ReturnType<typeof content>>

  beforeAll(async () => {
    const image = await upload(t.app, token, uploadForm(blackPng(40, 30), { name: 'a.png' }))
    expect(image.status).toBe(201)
    const postTo = async (path: string, body: Record<string, unknown>) =>
      expect((await t.request('POST', path, { token, body })).status).toBe(201)
    await postTo('/api/projects', {
      ...sample.project('Kept Project'),
      image_urls: [String(image.body.url)],
    })
    await postTo('/api/timeline', sample.event('Kept Event'))
    await postTo('/api/contact', sample.message())
    before = await content()
  })

  test('GET /api/backup needs the token', async () => {
    expect((await t.request('GET', '/api/backup')).status).toBe(401)
    expect((await t.request('POST', '/api/restore', { body: {} })).status).toBe(401)
    expect((await t.request('POST', '/api/restore/preview', { body: {} })).status).toBe(401)
  })

  test('the download is the document bun run backup writes, media included', async () => {
    const r = await t.request('GET', '/api/backup', { token })
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toContain('no-store')
    file = r.body
    // Written as the CLI writes it, it reads back as a valid backup…
    const parsed = parseBackup(serializeBackup(parsedFile()))
    // …holding what the CLI's reader sees in the database now.
    const direct = await readBackup(t.db, usingPostgres ? 'postgres' : 'pglite', t.mediaStore)
    expect(parsed.tables).toEqual(direct.tables)
    expect(parsed.media_files).toEqual(direct.media_files)
    expect(parsed.source).toBe(usingPostgres ? 'postgres' : 'pglite')
    expect(parsed.tables.projects.map((project) => project.title)).toEqual(['Kept Project'])
    expect(Object.keys(parsed.media_files).length).toBeGreaterThan(0)
    // The audit log names the download, who made it and what left.
    const audit = await t.request('GET', '/api/audit?group=maintenance', { token })
    expect(audit.status).toBe(200)
    const [entry] = (
      audit.body as { entries: { action: string; actor: string; details: unknown }[] }
    ).entries
    expect(entry).toMatchObject({
      action: 'backup.download',
      actor: ADMIN.username,
      details: { via: 'admin', summary: expect.stringContaining('1 projects') },
    })
  })

  function parsedFile() {
    return parseBackup(JSON.stringify(file))
  }

  test('a preview tells what the file holds and changes nothing', async () => {
    const r = await t.request('POST', '/api/restore/preview', { token, body: { backup: file } })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      created_at: file.created_at,
      version: 10,
      tables: {
        profile: 1,
        admin_users: 1,
        projects: 1,
        project_slugs: 1,
        timeline_events: 1,
        messages: 1,
        media: 1,
      },
    })
    expect(Number(r.body.media_files)).toBeGreaterThan(0)
    expect(await content()).toEqual(before)
  })

  test('a file over the 1 MB of other JSON bodies is read (backups carry their images)', async () => {
    const parsed = parsedFile()
    const padding = 'x'.repeat(5_000)
    const big = {
      ...file,
      tables: {
        ...(file.tables as Record<string, unknown>),
        messages: Array.from({ length: 300 }, (_, index) => ({
          ...parsed.tables.messages[0],
          id: index + 1,
          message: padding,
        })),
      },
    }
    const body = JSON.stringify({ backup: big })
    expect(body.length).toBeGreaterThan(1024 * 1024)
    const r = await t.request('POST', '/api/restore/preview', {
      token,
      raw: body,
      headers: { 'content-type': 'application/json' },
    })
    expect(r.status, r.text.slice(0, 200)).toBe(200)
    expect((r.body.tables as Record<string, number>).messages).toBe(300)
  })

  test('an invalid file or a wrong password changes nothing', async () => {
    // Changes made after the backup: a restore would undo them.
    await t.request('POST', '/api/projects', { token, body: sample.project('Added Later') })
    const changed = await content()

    const broken = { ...file, version: 99 }
    const preview = await t.request('POST', '/api/restore/preview', {
      token,
      body: { backup: broken },
    })
    expect(preview.status).toBe(400)
    expect(String(preview.body.error)).toStartWith('This is not a valid portfolio backup: version')
    const invalid = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: broken },
    })
    expect(invalid.status).toBe(400)
    expect(String(invalid.body.error)).toContain('Nothing was changed.')

    const wrong = await t.request('POST', '/api/restore', {
      token,
      body: { password: 'not the password', backup: file },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('That password is not right. Nothing was changed.')
    const missing = await t.request('POST', '/api/restore', { token, body: { backup: file } })
    expect(missing.status).toBe(400)

    expect(await content()).toEqual(changed)
    // The session still works: nothing was restored.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
  })

  test('with the password, the file is restored; everyone signs in again', async () => {
    const r = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: file },
    })
    expect(r.status).toBe(200)
    expect(r.body.signed_out).toBe(true)
    expect(r.body.notice).toMatch(
      /^The site was restored from a backup at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Sign in again\.$/,
    )
    expect((r.body.tables as Record<string, number>).projects).toBe(1)
    const after = await content()
    expect(after).toEqual(before)
    expect((await t.request('GET', '/api/projects')).list).toHaveLength(1)
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)
    token = await t.login()
    // The images are there too.
    const project = (await t.request('GET', '/api/projects/kept-project')).body
    const url = String((project.image_urls as string[])[0])
    const served = await t.app.handle(new Request(`http://localhost${url}`))
    expect(served.status).toBe(200)
  })

  test('restore attempts are rate limited', async () => {
    let status = 0
    let retryAfter: string | null = null
    for (let attempt = 0; attempt < 6 && status !== 429; attempt++) {
      const r = await t.request('POST', '/api/restore', {
        token,
        body: { password: 'wrong again', backup: file },
      })
      status = r.status
      retryAfter = r.headers.get('retry-after')
    }
    expect(status).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })

  test('downloads are rate limited (10 in 15 minutes per address), with Retry-After', async () => {
    // The earlier tests downloaded too: count until refused, never past the limit.
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let attempt = 0; attempt < 11; attempt++) {
      const r = await t.request('GET', '/api/backup', { token })
      statuses.push(r.status)
      retryAfter = r.headers.get('retry-after')
      if (r.status === 429) break
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })
})

/**
 * Backup and restore (server/backup/, `bun run backup`, `bun run
 * restore`): round trips that compare every row, restore into a fresh empty
 * database, refusal of files that are not valid backups (nothing changes), a
 * consistent backup taken while the real server is being written to, and the
 * running PGlite server's loopback-and-token door. PGlite always; PostgreSQL
 * too when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { BACKUP_ACCESS_FILE, BACKUP_TOKEN_HEADER, readBackupAccess } from '../../backup/access'
import {
  BACKUP_VERSION,
  type Backup,
  BackupFormatError,
  parseBackup,
  serializeBackup,
} from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { type Database, openDatabase } from '../../db/client'
import { bumpContentVersion } from '../../db/content-version'
import { adminUsers, auditLog, media, profile } from '../../db/schema'
import { createFolderStore } from '../../media/folder-store'
import { setAdminPassword } from '../../services/auth/account'
import { compactStoredPlaceholders } from '../../services/media'
import {
  type ChildServer,
  call,
  cleanupChildren,
  freshPostgresUrl,
  login,
  records,
  runCli,
  startServer,
  tempDir,
} from '../support/child-server'
import {
  ADMIN,
  createTestApp,
  isRecord,
  sample,
  type TestApp,
  usingPostgres,
} from '../support/harness'
import { solid, upload, uploadForm } from '../support/media-fixtures'

const emptyStores: string[] = []
/** A media store in a temp folder of its own, for reads of backups with no media. */
function emptyStore() {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-backup-media-'))
  emptyStores.push(dir)
  return createFolderStore(dir)
}
afterAll(() => {
  for (const dir of emptyStores) rmSync(dir, { recursive: true, force: true })
})

afterAll(cleanupChildren)

type Kind = 'pglite' | 'postgres'

/** Where a database lives, for the CLI (env) and for the test (open). */
interface Target {
  kind: Kind
  env: Record<string, string>
  open(): Promise<Database>
}

async function newTarget(kind: Kind): Promise<Target> {
  const dataDir = join(tempDir(`backup-${kind}`), 'data')
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
    }
  }
  const url = await freshPostgresUrl()
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openDatabase({ kind: 'postgres', url, max: 2 }),
  }
}

/** Every table of a backup, read straight from the database (opened and closed here). */
async function tablesOf(target: Target): Promise<Backup['tables']> {
  const database = await target.open()
  try {
    return (await readBackup(database.db, database.kind, emptyStore())).tables
  } finally {
    await database.close()
  }
}

function idsOf(rows: Array<{ id: number }>): number[] {
  return rows.map((row) => row.id)
}

// ---------------------------------------------------------------------------

describe('round trip through the service (harness database)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  test('backup, alter everything, restore: every row is back, to the microsecond; ids continue', async () => {
    // The app keeps one admin; a backup holds whatever rows there are.
    await t.db
      .insert(adminUsers)
      .values({ username: 'second', password_hash: await Bun.password.hash('another passphrase') })
    const token = await t.login()
    const alpha = await t.request('POST', '/api/projects', {
      token,
      body: {
        ...sample.project('Alpha Site'),
        website_url: 'https://alpha.example.com',
        image_urls: ['https://img.example.com/a.png', '/img/b.png'],
        tags: ['react', 'sql'],
        is_featured: true,
      },
    })
    const beta = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Beta Tool'),
    })
    expect([alpha.status, beta.status]).toEqual([201, 201])
    // A renamed project: it answers to two slugs.
    const renamed = await t.request('PUT', `/api/projects/${beta.id}`, {
      token,
      body: sample.project('Beta Tool Two'),
    })
    expect(renamed.body.slug).toBe('beta-tool-two')
    for (const body of [
      {
        title: 'Intern',
        start_date: 'Jun 2023',
        end_date: 'Aug 2023',
        position: 'Developer',
        icon_path: '/icons/work.svg',
        description: ['Built "things"', 'Ünïcödé ✓'],
      },
      { title: 'University', start_date: 'Sep 2022', event_type: 'education' },
    ]) {
      expect((await t.request('POST', '/api/timeline', { token, body })).status).toBe(201)
    }
    for (const message of ['Hello!', 'Line one\nLine two', 'Grüße 🎉 "quoted" \\ backslash']) {
      const sent = await t.request('POST', '/api/contact', {
        body: { ...sample.contact(), message },
      })
      expect(sent.status).toBe(201)
    }

    const before = await t.snapshot()
    expect(before.sessions.length).toBeGreaterThan(0)
    const text = serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore))
    const backup = parseBackup(text)
    expect(backup).toMatchObject({ format: 'portfolio-backup', version: 9 })
    expect(idsOf(backup.tables.projects)).toEqual(idsOf(before.projects))
    expect(idsOf(backup.tables.contact_messages)).toEqual(idsOf(before.contact_messages))
    expect(idsOf(backup.tables.timeline_events)).toEqual(idsOf(before.timeline_events))
    expect(backup.tables.admin_users.map((user) => user.username).sort()).toEqual([
      'owner',
      'second',
    ])
    expect(
      backup.tables.project_slugs
        .filter((row) => row.project_id === beta.id)
        .map((row) => row.slug)
        .sort(),
    ).toEqual(['beta-tool', 'beta-tool-two'])
    // Timestamps keep all six fractional digits.
    expect(backup.tables.admin_users[0]?.created_at).toMatch(/\.\d{6}Z$/)
    // No sessions, no throttle counters.
    expect(text).not.toContain('token_hash')
    expect(text).not.toContain('throttle')

    // Alter everything.
    expect((await t.request('DELETE', `/api/projects/${alpha.id}`, { token })).status).toBe(204)
    await t.request('PUT', `/api/projects/${beta.id}`, { token, body: sample.project('Gamma') })
    await t.request('POST', '/api/projects', { token, body: sample.project('Intruder') })
    await t.request('POST', '/api/timeline', { token, body: sample.event('Extra') })
    await t.request('POST', '/api/contact', { body: sample.contact() })
    const firstMessage = before.contact_messages[0]?.id
    await t.request('DELETE', `/api/contact/${firstMessage}`, { token })
    await t.db.update(profile).set({ name: 'Someone Else' }).where(eq(profile.id, 1))
    await setAdminPassword(t.db, ADMIN.username, 'a different passphrase')
    await t.db.delete(adminUsers).where(eq(adminUsers.username, 'second'))
    await t.db.insert(adminUsers).values({ username: 'intruder', password_hash: 'x' })
    expect(await t.snapshot()).not.toEqual(before)

    await restoreBackup(t.db, backup, t.mediaStore)
    expect(await t.snapshot()).toEqual({ ...before, sessions: [] })
    expect((await readBackup(t.db, t.database.kind, t.mediaStore)).tables).toEqual(backup.tables)

    // The restored password hash is the one that works; the later one does not.
    const again = await t.login()
    expect(
      (
        await t.request('POST', '/api/auth/login', {
          body: { username: ADMIN.username, password: 'a different passphrase' },
        })
      ).status,
    ).toBe(401)
    // The old session is gone.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)
    // Both slugs answer for the renamed project; a new project cannot take them.
    for (const slug of ['beta-tool', 'beta-tool-two']) {
      expect((await t.request('GET', `/api/projects/${slug}`)).id).toBe(beta.id)
    }
    const next = await t.request('POST', '/api/projects', {
      token: again,
      body: sample.project('Beta Tool'),
    })
    expect(next.status).toBe(201)
    expect(next.body.slug).toBe('beta-tool-2')
    // Sequences continue after the restored rows: no collision.
    expect(next.id).toBeGreaterThan(Math.max(...idsOf(before.projects)))
    const message = await t.request('POST', '/api/contact', { body: sample.contact() })
    expect(message.status).toBe(201)
    expect(message.id).toBeGreaterThan(Math.max(...idsOf(before.contact_messages)))
    const event = await t.request('POST', '/api/timeline', {
      token: again,
      body: sample.event('After'),
    })
    expect(event.status).toBe(201)
    expect(event.id).toBeGreaterThan(Math.max(...idsOf(before.timeline_events)))
  })

  test('a restore that fails inside the database changes nothing (one transaction)', async () => {
    const backup = await readBackup(t.db, t.database.kind, t.mediaStore)
    const first = backup.tables.contact_messages[0]
    if (!first) throw new Error('no message to copy')
    // 30 February passes JSON parsing but not PostgreSQL; parseBackup refuses it first.
    const broken: Backup = {
      ...backup,
      tables: {
        ...backup.tables,
        contact_messages: [
          ...backup.tables.contact_messages,
          { ...first, id: 9_999, created_at: '2024-02-30T00:00:00Z' },
        ],
      },
    }
    expect(() => parseBackup(JSON.stringify(broken))).toThrow(/not a real date/)
    const before = await t.snapshot()
    // Straight to the database, past the validation: it fails after the truncate.
    await expect(restoreBackup(t.db, broken, t.mediaStore)).rejects.toThrow()
    expect(await t.snapshot()).toEqual(before)
  })

  test('a backup is one snapshot while projects are created and renamed alongside', async () => {
    const own = await createTestApp()
    try {
      // Many rows make each table read take a while: reads outside one snapshot
      // would then very likely see a project created between two of them.
      await own.db.execute(
        sql.raw(`with made as (
          insert into projects (slug, title, description, long_description)
          select 'bulk-' || n, 'Bulk ' || n, 'd', 'l' from generate_series(1, 3000) as n
          returning id, slug)
        insert into project_slugs (slug, project_id) select slug, id from made`),
      )
      const token = await own.login()
      let stop = false
      let writes = 0
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const created = await own.request('POST', '/api/projects', {
            token,
            body: sample.project(`Snapshot ${w} ${i}`),
          })
          const renamed = await own.request('PUT', `/api/projects/${created.id}`, {
            token,
            body: sample.project(`Snapshot ${w} ${i} renamed`),
          })
          if (renamed.status !== 200) throw new Error(`rename: ${renamed.status}`)
          writes += 2
        }
      }
      const writers = [writer(0), writer(1), writer(2)]
      let backups = 0
      try {
        // No timers here: with the in-memory PGlite the writers never yield to
        // the event loop, only to other promises (like these reads).
        for (; backups < 25; backups++) {
          // parseBackup refuses a project whose slug is missing from project_slugs,
          // or a slug whose project is missing: what reads outside one snapshot give.
          const backup = parseBackup(
            serializeBackup(await readBackup(own.db, own.database.kind, own.mediaStore)),
          )
          expect(backup.tables.projects.length).toBeGreaterThanOrEqual(3000)
        }
      } finally {
        stop = true
        await Promise.allSettled(writers)
      }
      await Promise.all(writers)
      expect(writes).toBeGreaterThan(0)
    } finally {
      await own.close()
    }
  }, 120_000)
})

// ---------------------------------------------------------------------------

/** Seeds content through the real server's API; returns the ids created. */
async function seedThroughApi(server: ChildServer) {
  const token = await login(server)
  const created = await call(server, 'POST', '/api/projects', {
    token,
    body: { ...sample.project('Cli Project'), tags: ['a', 'b'] },
  })
  const renamed = await call(
    server,
    'PUT',
    `/api/projects/${isRecord(created.json) ? created.json.id : 0}`,
    {
      token,
      body: sample.project('Cli Project Renamed'),
    },
  )
  expect([created.status, renamed.status]).toEqual([201, 200])
  expect(
    (await call(server, 'POST', '/api/timeline', { token, body: sample.event('Cli Event') }))
      .status,
  ).toBe(201)
  for (let i = 0; i < 3; i++) {
    const sent = await call(server, 'POST', '/api/contact', {
      body: { ...sample.contact(), message: `cli message ${i}` },
    })
    expect(sent.status).toBe(201)
  }
  return token
}

async function cliBackupAndRestore(kind: Kind) {
  const source = await newTarget(kind)
  const workDir = tempDir('backup-files')
  const file = join(workDir, 'nested-name.json')

  // 1. A backup of a running server's database, through `bun run backup`.
  let server = await startServer({
    dataDir: source.env.DATA_DIR ?? '',
    databaseUrl: source.env.DATABASE_URL,
  })
  await seedThroughApi(server)
  const projectsBefore = records(await call(server, 'GET', '/api/projects'))
  const backedUp = await runCli('server/cli/backup.ts', [file], source.env)
  expect(backedUp.stderr).toBe('')
  expect(backedUp.code).toBe(0)
  expect(backedUp.stdout).toContain(
    kind === 'pglite' ? 'from the running server' : 'from PostgreSQL',
  )
  expect(backedUp.stdout).toContain('1 projects (2 slugs)')
  expect(statSync(file).mode & 0o777).toBe(0o600)
  if (kind === 'postgres') {
    // PostgreSQL: restoring under a running server. It answers with the
    // restored content at once (its cache follows the content version), and
    // the sessions are gone.
    const token = await login(server)
    const extra = await call(server, 'POST', '/api/projects', {
      token,
      body: sample.project('After The Backup'),
    })
    expect(extra.status).toBe(201)
    expect(records(await call(server, 'GET', '/api/projects'))).toHaveLength(
      projectsBefore.length + 1,
    )
    const live = await runCli('server/cli/restore.ts', [file], source.env)
    expect(live.stderr).toBe('')
    expect(live.code).toBe(0)
    expect(records(await call(server, 'GET', '/api/projects'))).toEqual(projectsBefore)
    expect((await call(server, 'GET', '/api/projects/after-the-backup')).status).toBe(404)
    expect((await call(server, 'GET', '/api/auth/me', { token })).status).toBe(401)
  }
  server.process.kill('SIGTERM')
  expect(await server.process.exited).toBe(0)
  const backup = parseBackup(readFileSync(file, 'utf8'))
  expect(backup.tables).toEqual(await tablesOf(source))

  // 2. Into a fresh, empty database (no schema yet): `bun run restore` migrates it first.
  const fresh = await newTarget(kind)
  const restored = await runCli('server/cli/restore.ts', [file], fresh.env)
  expect(restored.stderr).toBe('')
  expect(restored.code).toBe(0)
  expect(restored.stdout).toContain('Every session was dropped')
  expect(await tablesOf(fresh)).toEqual(backup.tables)
  server = await startServer({
    dataDir: fresh.env.DATA_DIR ?? '',
    databaseUrl: fresh.env.DATABASE_URL,
  })
  expect(records(await call(server, 'GET', '/api/projects'))).toEqual(projectsBefore)
  await login(server) // the restored password hash
  expect((await call(server, 'GET', '/api/projects/cli-project')).status).toBe(200)

  // 3. PGlite: no restore while the server holds the directory.
  if (kind === 'pglite') {
    const refused = await runCli('server/cli/restore.ts', [file], fresh.env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('in use by another process')
    expect(refused.stderr).toContain('stop the server')
  }
  server.process.kill('SIGTERM')
  expect(await server.process.exited).toBe(0)

  // 4. Files that are not valid backups are refused and change nothing.
  const good = readFileSync(file, 'utf8')
  const parsed: unknown = JSON.parse(good)
  if (!isRecord(parsed) || !isRecord(parsed.tables)) throw new Error('unexpected backup shape')
  const tables = parsed.tables
  const project = Array.isArray(tables.projects) ? tables.projects[0] : undefined
  const bad: Record<string, string> = {
    'not json': 'this is not json {',
    'cut short': good.slice(0, Math.floor(good.length / 2)),
    'empty object': '{}',
    'another format': JSON.stringify({ ...parsed, format: 'something-else' }),
    'a later version': JSON.stringify({ ...parsed, version: BACKUP_VERSION + 1 }),
    'a slug of a missing project': JSON.stringify({
      ...parsed,
      tables: {
        ...tables,
        project_slugs: [
          ...(Array.isArray(tables.project_slugs) ? tables.project_slugs : []),
          { slug: 'orphan', project_id: 424242, created_at: '2024-01-01T00:00:00.000000Z' },
        ],
      },
    }),
    'a wrong type': JSON.stringify({
      ...parsed,
      tables: { ...tables, projects: [{ ...(isRecord(project) ? project : {}), tags: 'x' }] },
    }),
    'an impossible date': good.replace(
      /"created_at": "\d{4}-\d{2}-\d{2}T/,
      '"created_at": "2023-02-29T',
    ),
  }
  for (const [label, content] of Object.entries(bad)) {
    expect(() => parseBackup(content), label).toThrow(BackupFormatError)
  }
  // Through the command (a process each, so only a few): exit 1, the reason, nothing changed.
  const unchanged = await tablesOf(fresh)
  for (const label of ['cut short', 'a later version', 'a slug of a missing project']) {
    const content = bad[label] ?? ''
    const path = join(workDir, `bad-${label.replaceAll(' ', '-')}.json`)
    writeFileSync(path, content)
    const answer = await runCli('server/cli/restore.ts', [path], fresh.env)
    expect(answer.code, label).toBe(1)
    expect(answer.stderr, label).toContain('is not a valid portfolio backup')
    expect(answer.stderr, label).toContain('Nothing was changed.')
    expect(answer.stderr, label).not.toMatch(/\n\s+at /)
  }
  expect(await tablesOf(fresh)).toEqual(unchanged)
  const missing = await runCli('server/cli/restore.ts', [join(workDir, 'nope.json')], fresh.env)
  expect(missing.code).toBe(1)
  expect(missing.stderr).toContain('Cannot read')
  expect((await runCli('server/cli/restore.ts', [], fresh.env)).stderr).toContain('Usage')

  // 5. With no server running, `bun run backup` reads the database itself.
  const offline = join(workDir, 'offline.json')
  const direct = await runCli('server/cli/backup.ts', [offline], fresh.env)
  expect(direct.code).toBe(0)
  expect(direct.stdout).toContain(
    kind === 'pglite' ? `from ${fresh.env.DATA_DIR}` : 'from PostgreSQL',
  )
  expect(parseBackup(readFileSync(offline, 'utf8')).tables).toEqual(backup.tables)
  if (kind === 'pglite')
    expect(existsSync(join(fresh.env.DATA_DIR ?? '', 'portfolio.lock'))).toBe(false)
}

describe('bun run backup / bun run restore', () => {
  test(
    'PGlite: backup of a running server, restore into a fresh directory, bad files refused',
    () => cliBackupAndRestore('pglite'),
    180_000,
  )

  test.if(usingPostgres)(
    'PostgreSQL: backup while the server runs, restore into a fresh database, bad files refused',
    () => cliBackupAndRestore('postgres'),
    180_000,
  )
})

// ---------------------------------------------------------------------------

/**
 * Backups taken while the server is being written to: each one must be a
 * consistent snapshot (parseBackup checks that every project's slug is in
 * project_slugs and every slug's project exists — a rename writes both in one
 * transaction), hold every write acknowledged before it started, and restore.
 */
async function backupUnderLoad(kind: Kind) {
  const target = await newTarget(kind)
  const server = await startServer({
    dataDir: target.env.DATA_DIR ?? '',
    databaseUrl: target.env.DATABASE_URL,
  })
  const token = await login(server)
  const acknowledged: Array<{
    at: number
    kind: 'contact' | 'project'
    id: number
    slugs: string[]
  }> = []
  let stop = false
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      if ((w + i) % 2 === 0) {
        const sent = await call(server, 'POST', '/api/contact', {
          body: { ...sample.contact(), message: `load ${w} ${i}` },
        })
        if (sent.status !== 201) throw new Error(`contact: ${sent.status}`)
        if (isRecord(sent.json))
          acknowledged.push({
            at: performance.now(),
            kind: 'contact',
            id: Number(sent.json.id),
            slugs: [],
          })
      } else {
        const created = await call(server, 'POST', '/api/projects', {
          token,
          body: sample.project(`Load ${w} ${i}`),
        })
        if (created.status !== 201 || !isRecord(created.json))
          throw new Error(`project: ${created.status}`)
        const id = Number(created.json.id)
        const renamed = await call(server, 'PUT', `/api/projects/${id}`, {
          token,
          body: sample.project(`Load ${w} ${i} renamed`),
        })
        if (renamed.status !== 200 || !isRecord(renamed.json))
          throw new Error(`rename: ${renamed.status}`)
        acknowledged.push({
          at: performance.now(),
          kind: 'project',
          id,
          slugs: [String(created.json.slug), String(renamed.json.slug)],
        })
      }
    }
  }
  const loops = Array.from({ length: 6 }, (_, w) => worker(w))
  const dir = tempDir('backup-load')
  const files: string[] = []
  const summaries: string[] = []
  try {
    await Bun.sleep(300)
    for (let n = 0; n < 3; n++) {
      const file = join(dir, `under-load-${n}.json`)
      const started = performance.now()
      const before = acknowledged.filter((write) => write.at < started)
      const result = await runCli('server/cli/backup.ts', [file], target.env)
      expect(result.stderr).toBe('')
      expect(result.code).toBe(0)
      if (kind === 'pglite') expect(result.stdout).toContain('from the running server')
      const backup = parseBackup(readFileSync(file, 'utf8')) // consistent, or it throws
      const messages = new Set(idsOf(backup.tables.contact_messages))
      const slugs = new Map(backup.tables.project_slugs.map((row) => [row.slug, row.project_id]))
      const lost = before.filter((write) =>
        write.kind === 'contact'
          ? !messages.has(write.id)
          : write.slugs.some((slug) => slugs.get(slug) !== write.id),
      )
      expect(lost).toEqual([])
      files.push(file)
      summaries.push(
        `${before.length} acknowledged before, ${backup.tables.contact_messages.length + backup.tables.projects.length} rows in the backup`,
      )
      await Bun.sleep(200)
    }
  } finally {
    stop = true
    await Promise.allSettled(loops)
  }
  await Promise.all(loops) // a failed write fails the test
  server.process.kill('SIGTERM')
  expect(await server.process.exited).toBe(0)

  // The last one restores into a fresh database.
  const fresh = await newTarget(kind)
  const last = files.at(-1) ?? ''
  const restored = await runCli('server/cli/restore.ts', [last], fresh.env)
  expect(restored.stderr).toBe('')
  expect(restored.code).toBe(0)
  expect(await tablesOf(fresh)).toEqual(parseBackup(readFileSync(last, 'utf8')).tables)
  console.log(`[backup under load ${kind}] ${summaries.join('; ')}`)
}

describe('a backup taken while the server is being written to is consistent', () => {
  test('PGlite (through the running server)', () => backupUnderLoad('pglite'), 180_000)
  test.if(usingPostgres)(
    'PostgreSQL (straight from the database)',
    () => backupUnderLoad('postgres'),
    180_000,
  )
})

// ---------------------------------------------------------------------------

describe("the running PGlite server's backup door", () => {
  test('loopback only, token only, no proxies; the access file is 0600 and goes with the server', async () => {
    const dataDir = join(tempDir('backup-door'), 'data')
    const server = await startServer({ dataDir, databaseUrl: '' })
    const accessPath = join(dataDir, BACKUP_ACCESS_FILE)
    expect(statSync(accessPath).mode & 0o777).toBe(0o600)
    const access = readBackupAccess(dataDir)
    expect(access).toMatchObject({ pid: server.process.pid, url: server.url })
    if (!access) throw new Error('no access file')
    expect(access.token.length).toBeGreaterThanOrEqual(43)

    const door = `${server.url}/internal/backup`
    expect((await fetch(door)).status).toBe(403)
    expect((await fetch(door, { headers: { [BACKUP_TOKEN_HEADER]: 'wrong' } })).status).toBe(403)
    for (const [name, value] of [
      ['x-forwarded-for', '203.0.113.9'],
      ['forwarded', 'for=203.0.113.9'],
      ['x-real-ip', '203.0.113.9'],
    ] as const) {
      const relayed = await fetch(door, {
        headers: { [BACKUP_TOKEN_HEADER]: access.token, [name]: value },
      })
      expect(relayed.status).toBe(404)
    }
    const answer = await fetch(door, { headers: { [BACKUP_TOKEN_HEADER]: access.token } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(parseBackup(await answer.text()).source).toBe('pglite')

    // Killed: the access file stays but its pid no longer holds the lock, so
    // `bun run backup` opens the directory itself (taking over the stale lock).
    server.process.kill('SIGKILL')
    await server.process.exited
    expect(existsSync(accessPath)).toBe(true)
    const file = join(dataDir, '..', 'after-kill.json')
    const offline = await runCli('server/cli/backup.ts', [file], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    })
    expect(offline.stderr).toBe('')
    expect(offline.stdout).toContain(`from ${dataDir}`)

    // A clean stop removes the access file.
    const again = await startServer({ dataDir, databaseUrl: '' })
    expect(readBackupAccess(dataDir)?.pid).toBe(again.process.pid)
    again.process.kill('SIGTERM')
    expect(await again.process.exited).toBe(0)
    expect(existsSync(accessPath)).toBe(false)

    // The download through the door is in the audit log (the offline one reads the files directly).
    const database = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const entries = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'backup.download'))
      expect(entries.map((entry) => entry.details)).toEqual([{ via: 'bun run backup' }])
    } finally {
      await database.close()
    }
  }, 120_000)

  test.if(usingPostgres)(
    'on PostgreSQL there is no door (the tool connects directly)',
    async () => {
      const dataDir = join(tempDir('backup-door-pg'), 'data')
      const server = await startServer({ dataDir, databaseUrl: await freshPostgresUrl() })
      expect((await fetch(`${server.url}/internal/backup`)).status).toBe(404)
      expect(existsSync(join(dataDir, BACKUP_ACCESS_FILE))).toBe(false)
      server.process.kill('SIGTERM')
      expect(await server.process.exited).toBe(0)
    },
    60_000,
  )
})

test('the in-process app (no token) has no backup door', async () => {
  const t = await createTestApp()
  try {
    expect((await t.request('GET', '/internal/backup')).status).toBe(404)
    expect(
      (await t.request('GET', '/internal/backup', { headers: { [BACKUP_TOKEN_HEADER]: '' } }))
        .status,
    ).toBe(404)
  } finally {
    await t.close()
  }
})

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
        contact_messages: [],
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
        contact_messages: [],
        media: [row],
      },
      media_files: {},
    }
    expect(() => parseBackup(JSON.stringify(document))).toThrow(/media_files/)
  })
})

/**
 * Backup and restore as processes: `bun run backup` / `bun run restore`
 * into a fresh database, a consistent backup taken while the real server is
 * being written to, and the running PGlite server's loopback-and-token door
 * (and its absence from the in-process app). PGlite always; PostgreSQL too
 * when DATABASE_URL is set.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { BACKUP_ACCESS_FILE, BACKUP_TOKEN_HEADER, readBackupAccess } from '../../backup/access'
import { BACKUP_VERSION, BackupFormatError, parseBackup } from '../../backup/format'
import { openDatabase } from '../../db/client'
import { auditLog } from '../../db/schema'
import { idsOf, type Kind, newTarget, tablesOf } from '../support/backup-targets'
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
import { createTestApp, isRecord, sample, usingPostgres } from '../support/harness'

afterAll(cleanupChildren)

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
      body: { ...sample.message(), message: `cli message ${i}` },
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
    kind: 'message' | 'project'
    id: number
    slugs: string[]
  }> = []
  let stop = false
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      if ((w + i) % 2 === 0) {
        const sent = await call(server, 'POST', '/api/contact', {
          body: { ...sample.message(), message: `load ${w} ${i}` },
        })
        if (sent.status !== 201) throw new Error(`message: ${sent.status}`)
        if (isRecord(sent.json))
          acknowledged.push({
            at: performance.now(),
            kind: 'message',
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
      const messages = new Set(idsOf(backup.tables.messages))
      const slugs = new Map(backup.tables.project_slugs.map((row) => [row.slug, row.project_id]))
      const lost = before.filter((write) =>
        write.kind === 'message'
          ? !messages.has(write.id)
          : write.slugs.some((slug) => slugs.get(slug) !== write.id),
      )
      expect(lost).toEqual([])
      files.push(file)
      summaries.push(
        `${before.length} acknowledged before, ${backup.tables.messages.length + backup.tables.projects.length} rows in the backup`,
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

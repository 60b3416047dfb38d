import { afterAll, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { count } from 'drizzle-orm'
import { openDatabase } from '../../db/client'
import { adminUsers, auditLog, passkeys, sessions, setupToken, twoFactor } from '../../db/schema'
import { loadEnv } from '../../env'
import type { Logger } from '../../log'
import { prepareDatabase, setupBanner } from '../../setup'
import { freshDatabase } from '../support/harness'

// The first test makes the migrated template (seconds on a busy machine).
setDefaultTimeout(60_000)

function recordingLogger() {
  const lines: string[] = []
  const log: Logger = {
    debug: (msg) => lines.push(msg),
    info: (msg) => lines.push(msg),
    warn: (msg) => lines.push(msg),
    error: (msg) => lines.push(msg),
  }
  return { log, lines }
}

test('no admin and no ADMIN_* variables: no account, a one-time set-up token for the printed address', async () => {
  const database = await freshDatabase()
  try {
    const { log, lines } = recordingLogger()
    const prepared = await prepareDatabase(database, loadEnv({}), log)
    const [row] = await database.db.select({ value: count() }).from(adminUsers)
    expect(row?.value).toBe(0)
    expect(prepared.setupToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(lines).toEqual([])
    const banner = setupBanner('https://ada.example', prepared.setupToken ?? '')
    expect(banner.setupUrl).toBe(`https://ada.example/setup?token=${prepared.setupToken}`)
    expect(banner.msg).toStartWith(`No admin account yet. Open ${banner.setupUrl} to create it`)
    // An admin made another way (here ADMIN_*): the token is withdrawn.
    await prepareDatabase(
      database,
      loadEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long passphrase' }),
      log,
    )
    expect(await database.db.select().from(setupToken)).toEqual([])
  } finally {
    await database.close()
  }
})

test('ADMIN_USERNAME and ADMIN_PASSWORD create the admin once, hashed with argon2id', async () => {
  const database = await freshDatabase()
  try {
    const env = loadEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long passphrase' })
    await prepareDatabase(database, env, recordingLogger().log)
    // A second start with other values does not touch the existing admin.
    await prepareDatabase(
      database,
      loadEnv({ ADMIN_USERNAME: 'intruder', ADMIN_PASSWORD: 'another passphrase' }),
      recordingLogger().log,
    )
    const users = await database.db.select().from(adminUsers)
    expect(users.map((user) => user.username)).toEqual(['owner'])
    expect(users[0]?.password_hash).toStartWith('$argon2id$')
    expect(await Bun.password.verify('a long passphrase', users[0]?.password_hash ?? '')).toBe(true)
    // The audit log says how the admin was made, once.
    const entries = await database.db.select().from(auditLog)
    expect(entries.map(({ action, actor, details }) => ({ action, actor, details }))).toEqual([
      {
        action: 'admin.created',
        actor: 'owner',
        details: { via: 'environment (ADMIN_USERNAME, ADMIN_PASSWORD)' },
      },
    ])
  } finally {
    await database.close()
  }
})

test('a password under 8 characters is refused at start', async () => {
  const database = await freshDatabase()
  try {
    const env = loadEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'short' })
    await expect(prepareDatabase(database, env, recordingLogger().log)).rejects.toThrow(
      'ADMIN_PASSWORD: The password must be at least 8 characters.',
    )
  } finally {
    await database.close()
  }
})

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

test('bun run admin:password creates the admin, then resets its password and revokes every session', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-cli-'))
  dirs.push(dataDir)
  const run = (password: string) =>
    Bun.spawn(['bun', 'server/cli/admin-password.ts', 'owner'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_PASSWORD: password },
      stdout: 'pipe',
      stderr: 'pipe',
    })
  const first = run('first passphrase')
  expect(await first.exited).toBe(0)
  expect(await new Response(first.stdout).text()).toContain('Created the admin "owner"')

  // Sign in (a session row), then reset from the terminal.
  let database = await openDatabase({ kind: 'pglite', dataDir })
  const [user] = await database.db.select().from(adminUsers)
  await database.db.insert(sessions).values({
    token_hash: 'x'.repeat(64),
    user_id: user?.id ?? 0,
    expires_at: new Date(Date.now() + 3_600_000),
  })
  // A passkey the owner registered: a password reset leaves it, and says so.
  await database.db.insert(passkeys).values({
    user_id: user?.id ?? 0,
    credential_id: 'AAAA',
    public_key: 'AAAA',
    device_type: 'singleDevice',
    rp_id: 'localhost',
    name: 'Phone',
  })
  await database.close()

  const second = run('second passphrase')
  expect(await second.exited).toBe(0)
  const said = await new Response(second.stdout).text()
  expect(said).toContain('every session was signed out')
  expect(said).toContain('1 passkey stays in place: remove any you lost in Settings → Security.')
  const tooShort = run('short')
  expect(await tooShort.exited).toBe(1)
  expect(await new Response(tooShort.stderr).text()).toContain('at least 8 characters')

  database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const [after] = await database.db.select().from(adminUsers)
    expect(await Bun.password.verify('second passphrase', after?.password_hash ?? '')).toBe(true)
    const [left] = await database.db.select({ value: count() }).from(sessions)
    expect(left?.value).toBe(0)
    expect((await database.db.select().from(passkeys)).map((row) => row.name)).toEqual(['Phone'])
  } finally {
    await database.close()
  }
}, 60_000)

test('OWNER_* variables that differ from the stored profile: one warning pointing to /admin/profile', async () => {
  const database = await freshDatabase()
  try {
    const first = recordingLogger()
    await prepareDatabase(database, loadEnv({ OWNER_NAME: 'Ada' }), first.log)
    expect(first.lines.filter((line) => line.includes('OWNER_'))).toEqual([])

    // The same values again, or none at all: nothing to say.
    const same = recordingLogger()
    await prepareDatabase(database, loadEnv({ OWNER_NAME: 'Ada' }), same.log)
    await prepareDatabase(database, loadEnv({}), same.log)
    expect(same.lines.filter((line) => line.includes('OWNER_'))).toEqual([])

    const changed = recordingLogger()
    await prepareDatabase(
      database,
      loadEnv({ OWNER_NAME: 'Grace', OWNER_EMAIL: 'grace@example.com', OWNER_BIRTH_YEAR: '2004' }),
      changed.log,
    )
    // The first start had no OWNER_BIRTH_YEAR: no birth year is stored, so 2004 differs too.
    expect(changed.lines.filter((line) => line.includes('OWNER_'))).toEqual([
      'OWNER_NAME, OWNER_BIRTH_YEAR, OWNER_EMAIL differ from the stored profile and are ignored: the OWNER_* variables only seed the first start. Edit the profile at /admin/profile.',
    ])
  } finally {
    await database.close()
  }
})

test('the command line is in the audit log: admin created, password reset, two-factor reset, a restore', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-cli-audit-'))
  dirs.push(dataDir)
  const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'error' }
  const run = async (args: string[], extra: Record<string, string> = {}) => {
    const child = Bun.spawn(['bun', ...args], {
      env: { ...env, ...extra },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()])
    expect(code, stderr).toBe(0)
  }
  const passwords = ['first passphrase', 'second passphrase', 'third passphrase']
  await run(['server/cli/admin-password.ts', 'owner'], { ADMIN_PASSWORD: passwords[0] ?? '' })

  // Two-factor sign-in on (as enrolment leaves it), then a lost phone.
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
  let database = await openDatabase({ kind: 'pglite', dataDir })
  const [user] = await database.db.select().from(adminUsers)
  await database.db
    .insert(twoFactor)
    .values({ user_id: user?.id ?? 0, secret, enabled_at: new Date() })
  await database.close()
  await run(['server/cli/admin-password.ts', 'owner'], { ADMIN_PASSWORD: passwords[1] ?? '' })
  await run(['server/cli/admin-password.ts', 'owner', '--reset-2fa'], {
    ADMIN_PASSWORD: passwords[2] ?? '',
  })

  // A backup, then restored from it (the server is not running: PGlite).
  const file = join(dataDir, '..', `${basename(dataDir)}-backup.json`)
  dirs.push(file)
  await run(['server/cli/backup.ts', file])
  await run(['server/cli/restore.ts', file])

  database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    expect(await database.db.select().from(twoFactor)).toEqual([])
    const entries = await database.db.select().from(auditLog).orderBy(auditLog.id)
    expect(entries.map((entry) => entry.action)).toEqual([
      'admin.created',
      'admin.password_reset',
      'admin.password_reset',
      'twoFactor.reset',
      'backup.restore',
    ])
    for (const entry of entries) expect(entry.ip).toBe('command line')
    expect(entries.slice(0, 4).map((entry) => entry.actor)).toEqual([
      'owner',
      'owner',
      'owner',
      'owner',
    ])
    expect(entries[0]?.details).toEqual({
      via: 'command line',
      sessions_revoked: true,
      locks_cleared: true,
    })
    expect(entries[1]?.details).toEqual({ sessions_revoked: true, locks_cleared: true })
    const restore = entries[4]
    expect(restore?.target).toBe(basename(file))
    expect(restore?.details).toMatchObject({
      taken_at: expect.any(String),
      summary: expect.stringContaining('1 admin users'),
    })
    // Never a password or the second factor's secret.
    const text = JSON.stringify(entries)
    for (const secretText of [...passwords, secret]) expect(text).not.toContain(secretText)
  } finally {
    await database.close()
  }
}, 120_000)

test('bun run admin:password checks the data directory lock before it asks anything', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-cli-lock-'))
  dirs.push(dataDir)
  // A live process (not this one) holds DATA_DIR, as a running server would.
  const holder = Bun.spawn(['sleep', '30'])
  try {
    writeFileSync(join(dataDir, 'portfolio.lock'), String(holder.pid))
    const child = Bun.spawn(['bun', 'server/cli/admin-password.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      // Nothing is ever typed: a prompt would wait here until the test times out.
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [code, stdout, stderr] = await Promise.all([
      child.exited,
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain(`is in use by another process (pid ${holder.pid})`)
  } finally {
    holder.kill()
  }
})

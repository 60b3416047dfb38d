/**
 * The DATA_DIR lock: a second server on the same directory refuses to start,
 * a stale lock (its owner dead) is taken over, and a clean stop releases it.
 * Real processes, always on PGlite (the child gets DATABASE_URL='').
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Subprocess } from 'bun'

// Generous under a loaded machine; the whole suite still runs in well under a minute.
setDefaultTimeout(20_000)

const root = resolve(import.meta.dir, '../../..')
const dirs: string[] = []
const children: Subprocess[] = []

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-lock-'))
  dirs.push(dir)
  return join(dir, 'data')
}

function serverEnv(dataDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    SKIP_CLIENT_BUILD: '1',
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: '',
    ADMIN_PASSWORD: '',
  }
}

function startServer(dataDir: string) {
  const child = Bun.spawn(['bun', 'server/index.ts'], {
    cwd: root,
    env: serverEnv(dataDir),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  children.push(child)
  return child
}

/** Reads the child's stdout until a line matches, or fails with what it printed. */
async function waitForLine(
  child: Subprocess<'ignore', 'pipe', 'pipe'>,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  const reader = child.stdout.getReader()
  const decoder = new TextDecoder()
  let seen = ''
  const deadline = Date.now() + timeoutMs
  try {
    while (Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        Bun.sleep(deadline - Date.now()).then(() => null),
      ])
      if (!next || next.done) break
      seen += decoder.decode(next.value, { stream: true })
      const line = seen.split('\n').find((candidate) => pattern.test(candidate))
      if (line) return line
    }
  } finally {
    reader.releaseLock()
  }
  const stderr = child.exitCode === null ? '' : await new Response(child.stderr).text()
  throw new Error(`no line matching ${pattern}; stdout: ${seen} stderr: ${stderr}`)
}

function portOf(listening: string): number {
  const parsed: unknown = JSON.parse(listening)
  const url =
    typeof parsed === 'object' && parsed !== null && 'url' in parsed ? String(parsed.url) : ''
  return Number(new URL(url).port)
}

/** The exit code, or a failure when the child is still running after `ms` (it did not refuse). */
async function exitCodeWithin(child: Subprocess, ms = 30_000): Promise<number> {
  const code = await Promise.race([child.exited, Bun.sleep(ms).then(() => null)])
  if (code === null) throw new Error(`pid ${child.pid} was still running after ${ms} ms`)
  return code
}

/** The pid of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = Bun.spawn(['true'])
  await child.exited
  return child.pid
}

describe('DATA_DIR lock', () => {
  // One directory for all three cases: a PGlite directory is slow to create,
  // fast to reopen.
  let dataDir: string

  test('a second server on the same DATA_DIR exits non-zero with a clear message', async () => {
    dataDir = tempDataDir()
    const first = startServer(dataDir)
    const listening = await waitForLine(first, /"msg":"listening"/)
    expect(listening).toContain('"database":"pglite"')
    const lockFile = join(dataDir, 'portfolio.lock')
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.pid))

    const second = startServer(dataDir)
    const code = await exitCodeWithin(second)
    const stderr = await new Response(second.stderr).text()
    expect(code).not.toBe(0)
    expect(stderr).toContain('in use by another process')
    expect(stderr).toContain(`pid ${first.pid}`)
    expect(stderr).not.toMatch(/\n\s+at /)

    // The first server is unharmed: it still serves, and the lock is still its own.
    const health = await fetch(`http://127.0.0.1:${portOf(listening)}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', database: { kind: 'pglite' } })
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.pid))

    // A clean stop releases the lock.
    first.kill('SIGTERM')
    expect(await exitCodeWithin(first)).toBe(0)
    expect(existsSync(lockFile)).toBe(false)
  }, 60_000)

  test('a stale lock whose owner is dead is taken over', async () => {
    const lockFile = join(dataDir, 'portfolio.lock')
    const pid = await deadPid()
    writeFileSync(lockFile, `${pid}\n`)

    const server = startServer(dataDir)
    await waitForLine(server, /"msg":"listening"/)
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(server.pid))
    server.kill('SIGTERM')
    expect(await exitCodeWithin(server)).toBe(0)
    expect(existsSync(lockFile)).toBe(false)
  }, 60_000)

  test('a lock held by another live process (not a server) is respected', async () => {
    const holder = Bun.spawn(['sleep', '30'])
    children.push(holder)
    writeFileSync(join(dataDir, 'portfolio.lock'), `${holder.pid}\n`)

    const server = startServer(dataDir)
    expect(await exitCodeWithin(server)).not.toBe(0)
    expect(await new Response(server.stderr).text()).toContain('in use by another process')
    // The refused server did not remove someone else's lock.
    expect(readFileSync(join(dataDir, 'portfolio.lock'), 'utf8').trim()).toBe(String(holder.pid))
    holder.kill()
  }, 60_000)
})

/**
 * The real server as a child process, for the durability, outage and backup
 * suites: `bun server/index.ts` on a free port, its output in log files, and
 * a registry so that every child is killed and every temp dir removed even
 * when a test fails (call `cleanupChildren()` in afterAll).
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Subprocess } from 'bun'
import postgres from 'postgres'
import { freePort } from '../../../scripts/server-process'
import { ADMIN, dropTestDatabase, isRecord } from './harness'

/** The same free-port draw as the bench's (the OS picks it). */
export { freePort }

export const root = resolve(import.meta.dir, '../../..')

const children = new Set<Subprocess>()
/** Temp dirs, and the children's output files beside their data dirs: removed at cleanup. */
const tempPaths = new Set<string>()
const cleanups: Array<() => Promise<void>> = []

/** Kills every child still running, drops the test databases, removes the temp dirs. */
export async function cleanupChildren(): Promise<void> {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  await Promise.all([...children].map((child) => child.exited))
  children.clear()
  for (const cleanup of cleanups.splice(0)) {
    try {
      await cleanup()
    } catch (error) {
      console.error('cleanup failed:', error)
    }
  }
  for (const path of tempPaths) rmSync(path, { recursive: true, force: true })
  tempPaths.clear()
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `portfolio-${prefix}-`))
  tempPaths.add(dir)
  return dir
}

/**
 * A fresh, empty PostgreSQL database next to DATABASE_URL's (like
 * harness.freshDatabase), dropped by cleanupChildren(). The server migrates it.
 */
export async function freshPostgresUrl(): Promise<string> {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is not set')
  const name = `portfolio_child_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  cleanups.push(() => dropTestDatabase(url, name))
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

export interface ServerOptions {
  dataDir: string
  /** '' (or undefined) = PGlite in dataDir. */
  databaseUrl?: string
  env?: Record<string, string>
  /** Options for `bun` itself, before the script (e.g. `--preload <file>`). */
  bunArgs?: string[]
  /** Listen on this port (a restart on the same address); a free one by default. */
  port?: number
}

export interface ChildServer {
  process: Subprocess
  port: number
  url: string
  /** What the child printed so far (stdout, then stderr); the last `limit` characters. */
  output(limit?: number): string
}

let started = 0

/** Starts `bun server/index.ts` and waits until /healthz answers 200. */
export async function startServer(options: ServerOptions): Promise<ChildServer> {
  // A free port can still be taken between the probe and the child's listen; when
  // the caller did not ask for a port, such a start is tried again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn(options, options.port ?? freePort())
    } catch (error) {
      const taken = error instanceof Error && /Is port \d+ in use/.test(error.message)
      if (!taken || options.port !== undefined || attempt === 3) throw error
    }
  }
}

async function startServerOn(options: ServerOptions, port: number): Promise<ChildServer> {
  const server = launchServer({ ...options, port })
  await waitForHealthy(server)
  return server
}

/**
 * Spawns `bun server/index.ts` on `options.port` (a free one by default) without waiting for
 * anything: for tests of what a start answers before it is ready.
 */
export function launchServer(options: ServerOptions): ChildServer {
  const port = options.port ?? freePort()
  const n = ++started
  // Beside the data directory, which is this test process's own: test processes run side by
  // side (CI), and a name shared between them mixed their servers' output.
  const outPath = `${options.dataDir}.server-${n}.out`
  const errPath = `${options.dataDir}.server-${n}.err`
  tempPaths.add(outPath).add(errPath)
  const child = Bun.spawn(['bun', ...(options.bunArgs ?? []), 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_CLIENT_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      CONTACT_MAX_PER_IP: '100000',
      CONTACT_DAILY_CAP: '1000000',
      // Never the internet: a project's GitHub repository is fetched from a closed loopback port.
      GITHUB_API_URL: 'http://127.0.0.1:9',
      ...options.env,
    },
    stdin: 'ignore',
    stdout: Bun.file(outPath),
    stderr: Bun.file(errPath),
  })
  children.add(child)
  const server: ChildServer = {
    process: child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: (limit = 4000) => {
      const read = (path: string) => {
        try {
          return readFileSync(path, 'utf8')
        } catch {
          return ''
        }
      }
      return `${read(outPath)}${read(errPath)}`.slice(-limit)
    },
  }
  return server
}

/**
 * Whether process `pid` holds the socket listening on `port` (Linux, from /proc); undefined
 * where that cannot be told. A 200 on the port alone does not say whose server answered: two
 * test processes side by side (CI runs PGlite's and PostgreSQL's `bun test` together) can
 * draw the same free port; the child that loses it exits, and the other's server answers.
 */
function holdsListeningPort(pid: number, port: number): boolean | undefined {
  let table: string
  try {
    table = readFileSync('/proc/net/tcp', 'utf8')
  } catch {
    return undefined
  }
  try {
    table += readFileSync('/proc/net/tcp6', 'utf8')
  } catch {
    // no IPv6
  }
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const inodes = new Set<string>()
  for (const line of table.split('\n')) {
    // sl, local address, remote address, state (0A: LISTEN), …, inode (the tenth field)
    const fields = line.trim().split(/\s+/)
    if (fields[1]?.endsWith(local) && fields[3] === '0A' && fields[9]) inodes.add(fields[9])
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]
        return inode !== undefined && inodes.has(inode)
      } catch {
        return false
      }
    })
  } catch {
    return false
  }
}

export async function waitForHealthy(server: ChildServer, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(
        `the server exited with ${server.process.exitCode} during start-up:\n${server.output()}`,
      )
    }
    try {
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) })
      // Only the child's own answer: another process's server on the port is waited out.
      if (response.status === 200 && holdsListeningPort(server.process.pid, server.port) !== false)
        return
    } catch {
      // not listening yet
    }
    await Bun.sleep(100)
  }
  throw new Error(`the server did not become healthy in ${timeoutMs} ms:\n${server.output()}`)
}

/** The exit code, or a failure when the child is still running after `ms`. */
export async function exitWithin(server: ChildServer, ms = 30_000): Promise<number> {
  const code = await Promise.race([server.process.exited, Bun.sleep(ms).then(() => null)])
  if (code === null) throw new Error(`pid ${server.process.pid} still running after ${ms} ms`)
  return code
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `bun <script> ...args` from the repository root (killed after `timeoutMs`). */
export async function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<CliResult> {
  const child = Bun.spawn(['bun', script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  children.add(child)
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  try {
    const [stdout, stderr, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ])
    return { code, stdout, stderr }
  } finally {
    clearTimeout(timer)
    children.delete(child)
  }
}

export async function kill9(server: ChildServer): Promise<void> {
  server.process.kill('SIGKILL')
  await server.process.exited
}

export interface JsonAnswer {
  status: number
  json: unknown
}

/** One HTTP call to a child server; the body parsed as JSON when it is JSON. */
export async function call(
  server: ChildServer,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = {}
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  })
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: response.status, json }
}

export async function login(server: ChildServer): Promise<string> {
  const answer = await call(server, 'POST', '/api/auth/login', {
    body: { username: ADMIN.username, password: ADMIN.password },
  })
  const token = isRecord(answer.json) ? answer.json.token : undefined
  if (answer.status !== 200 || typeof token !== 'string') {
    throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.json)}`)
  }
  return token
}

/** A JSON array answer as records (fails the test with the answer otherwise). */
export function records(answer: JsonAnswer): Record<string, unknown>[] {
  if (answer.status !== 200 || !Array.isArray(answer.json)) {
    throw new Error(
      `expected 200 and an array, got ${answer.status} ${JSON.stringify(answer.json)}`,
    )
  }
  return answer.json.filter(isRecord)
}

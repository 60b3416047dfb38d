/**
 * What the measuring scripts (bench, memory) share: the production server
 * as a child process on a free loopback port, waiting for it, reading its
 * resident memory, stopping it.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Subprocess } from 'bun'

const root = resolve(import.meta.dir, '..')

/**
 * A port nobody listens on right now (the OS picks it, then it is released).
 * Another process may still take it before the caller listens: a child
 * server that finds it taken is started again on another
 * (server/tests/support/child-server.ts). Drawing at random from a fixed
 * range instead made two test processes running side by side pick the same
 * port far more often than the OS's own allocation does.
 */
export function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

/** Milliseconds from `since` until `url` answers 200. */
export async function firstOk(
  url: string,
  since = performance.now(),
  deadlineMs = 120_000,
): Promise<number> {
  while (performance.now() - since < deadlineMs) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status === 200) return performance.now() - since
    } catch {
      // not listening yet
    }
    await Bun.sleep(5)
  }
  throw new Error(`${url} did not answer 200 in time`)
}

/** Resident memory of a process, in kB (Linux). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN)
}

export interface ServerOptions {
  dataDir: string
  port: number
  /** Empty: PGlite in `dataDir`. */
  databaseUrl: string
  admin: { username: string; password: string }
  logLevel: string
  stdout: 'inherit' | 'ignore'
  /** More variables (`ANALYTICS=off`). */
  env?: Record<string, string>
}

export interface ReadmeServerOptions {
  /** The checkout to start (a second worktree for a baseline); this one by default. */
  cwd?: string
  dataDir: string
  port: number
  /** Empty: PGlite in `dataDir`. */
  databaseUrl: string
  admin: { username: string; password: string }
  /** Where its stdout goes: a file (as systemd's `StandardOutput=file:`) or a pipe this process reads (journald, Docker). */
  stdout: { file: string } | 'pipe'
  env?: Record<string, string>
}

/** Where a started server listens and stores, and its admin: the variables every start sets. */
function placeEnv(options: Omit<ServerOptions, 'logLevel' | 'stdout'>): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${options.port}`,
    ADMIN_USERNAME: options.admin.username,
    ADMIN_PASSWORD: options.admin.password,
  }
}

/**
 * `bun run start` exactly as README starts it: no NODE_ENV, LOG_LEVEL or
 * SKIP_CLIENT_BUILD (their defaults: production, info, a build check), only
 * where to listen and store, and the admin README puts in `.env`.
 */
export function startAsReadme(options: ReadmeServerOptions): Subprocess {
  const env: Record<string, string | undefined> = { ...process.env }
  for (const name of ['NODE_ENV', 'LOG_LEVEL', 'SKIP_CLIENT_BUILD', 'BUN_ENV']) delete env[name]
  const child = Bun.spawn(['bun', 'run', 'start'], {
    cwd: options.cwd ?? root,
    env: {
      ...env,
      ...placeEnv(options),
      ...options.env,
    },
    stdout: options.stdout === 'pipe' ? 'pipe' : Bun.file(options.stdout.file),
    stderr: 'inherit',
  })
  if (options.stdout === 'pipe' && child.stdout instanceof ReadableStream) {
    // Read and dropped, as a log collector would.
    const reader = child.stdout.getReader()
    void (async () => {
      while (!(await reader.read()).done) {}
    })().catch(() => {})
  }
  return child
}

/** The server process under `bun run start` (bun run → bun server/index.ts), for /proc readings. */
export function serverPidOf(parent: number): number {
  try {
    const children = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim()
    const first = Number(children.split(/\s+/)[0])
    return first ? serverPidOf(first) : parent
  } catch {
    return parent
  }
}

/** `bun server/index.ts` as production runs it, the client already built. */
export function startServer(options: ServerOptions): Subprocess {
  return Bun.spawn(['bun', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...placeEnv(options),
      LOG_LEVEL: options.logLevel,
      SKIP_CLIENT_BUILD: '1',
      ...options.env,
    },
    stdout: options.stdout,
    stderr: 'inherit',
  })
}

export async function stop(child: Subprocess): Promise<void> {
  if (child.exitCode === null) child.kill('SIGTERM')
  await child.exited
}

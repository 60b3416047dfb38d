import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { freePort } from './free-port'

/**
 * A journey's server of its own (not the shared one of playwright.config.ts):
 * the production server on a fresh PGlite data directory and a free loopback
 * port, started once the data directory is ready and stopped with it removed.
 * Playwright's workers run on Node: scripts/server-process.ts has the Bun one.
 */
export interface OwnServer {
  base: string
  dataDir: string
  /** What the server wrote on stderr so far (with `stderr: 'keep'`). */
  stderr: () => string
  stop: () => Promise<void>
}

export interface OwnServerOptions {
  /** The data directory's name in the system's temp folder. */
  name: string
  /** More variables; `undefined` removes one (ADMIN_USERNAME for a first set-up). */
  env?: Record<string, string | undefined>
  /** Runs on the empty data directory before the server starts (a seed). */
  prepare?: (dataDir: string) => void
  /**
   * SITE_URL set to the server's own address; `'localhost'`: named
   * http://localhost:<port> (a passkey's relying party must be a domain, not an IP address).
   */
  siteUrl?: boolean | 'localhost'
  /** 'keep': read stderr, for `stderr()`; otherwise it is dropped. */
  stderr?: 'keep'
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `url` answers below 500, for at most 30 s. */
export async function waitForAnswer(url: string, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not up yet
    }
    await wait(200)
  }
  throw new Error(`${what} did not start`)
}

/** SIGTERM, half a second for a clean stop, then SIGKILL. */
export async function stopChildren(children: readonly (ChildProcess | undefined)[]) {
  for (const child of children) child?.kill('SIGTERM')
  await wait(500)
  for (const child of children) child?.kill('SIGKILL')
}

export async function startOwnServer(options: OwnServerOptions): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`))
  options.prepare?.(dataDir)
  const port = await freePort()
  const base = `http://${options.siteUrl === 'localhost' ? 'localhost' : '127.0.0.1'}:${port}`
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SKIP_CLIENT_BUILD: '1',
    LOG_LEVEL: 'warn',
    ...(options.siteUrl ? { SITE_URL: base } : {}),
    ...options.env,
  }
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name]
  const child = spawn('bun', ['server/index.ts'], {
    env,
    stdio: ['ignore', 'ignore', options.stderr === 'keep' ? 'pipe' : 'ignore'],
  })
  let printed = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString()
  })
  const stop = async () => {
    await stopChildren([child])
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForAnswer(`${base}/healthz`, `the ${options.name} server`)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, dataDir, stderr: () => printed, stop }
}

/** Signs in on a server of its own through its /login form, as its owner does. */
export async function signInOnOwnServer(
  page: Page,
  base: string,
  owner: { username: string; password: string },
): Promise<void> {
  await page.goto(`${base}/login`)
  await page.getByLabel('Username').fill(owner.username)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

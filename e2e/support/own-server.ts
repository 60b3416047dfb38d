import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port'

export interface OwnServer {
  /** `http://127.0.0.1:<port>`. */
  base: string
  dataDir: string
  /** SIGTERM, then SIGKILL half a second later; the data directory removed. */
  stop: () => Promise<void>
}

/**
 * The production server on a port and a fresh PGlite data directory of its
 * own, for a journey that needs a new site or settings of its own (the
 * client build is the one the shared server made). `env` adds to or
 * overrides the defaults; it answers once /healthz does.
 */
export async function startOwnServer(
  name: string,
  env: Record<string, string>,
): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `portfolio-${name}-`))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn('bun', ['server/index.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_CLIENT_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    // Its complaints (a bad setting) in the test's output.
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, dataDir, stop }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`the ${name} server did not start`)
}

import { defineConfig } from '@playwright/test'
import { picturesWanted } from './e2e/support/pictures'
import { apartDatabaseUrl, apartServers } from './e2e/support/servers'
import { journeyLaunchOptions } from './scripts/chromium'

const port = Number(process.env.E2E_PORT ?? 4321)
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'

export const e2eAdmin = { username: 'e2e-owner', password: 'e2e password 1234' }

/**
 * E2E_ONLY: a comma-separated list of journey files (`notes.e2e.ts,cv.e2e.ts`) that every project
 * keeps to; a server whose project has none of them is not started. `bun run test` sets it on
 * PostgreSQL (e2e/support/database-journeys.ts).
 */
const onlyList = (process.env.E2E_ONLY ?? '')
  .split(',')
  .map((file) => file.trim())
  .filter(Boolean)
const only = onlyList.length > 0 ? onlyList : undefined
const files = (names: string[]) =>
  (only ? names.filter((name) => only.includes(name)) : names).map((name) => `**/${name}`)

/** The apart servers with a journey to run (E2E_ONLY may leave some without), each on a port. */
const apartRuns = apartServers
  .map((server, index) => ({ server, port: port + 1 + index }))
  .filter(({ server }) => !only || server.files.some((file) => only.includes(file)))

/** The real production server on a fresh data directory (and database, on PostgreSQL). */
function webServer(serverPort: number, serverDataDir: string, databaseUrl: string) {
  return {
    command: `rm -rf ${serverDataDir} && bun server/index.ts`,
    url: `http://127.0.0.1:${serverPort}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      OWNER_NAME: 'Ada Lovelace',
      OWNER_BIRTH_YEAR: '2003',
      OWNER_EMAIL: 'ada@example.com',
      OWNER_UNIVERSITY: 'Analytical University',
      OWNER_LINKEDIN_URL: 'https://www.linkedin.com/in/ada-lovelace',
      OWNER_GITHUB_URL: 'https://github.com/ada-lovelace',
      OWNER_PHOTO_URL: '/profile.svg',
      LOG_LEVEL: 'warn',
      // Every journey posts from 127.0.0.1: lift the per-IP contact limit for the run.
      CONTACT_MAX_PER_IP: '10000',
      // …and the search limits (search-as-you-type from one address, two workers at once).
      SEARCH_MAX_PER_IP: '100000',
      SEARCH_MAX_PER_SECOND: '1000',
      // Never the internet: projects linking GitHub repositories fetch from a closed loopback
      // port (e2e/profile/github.e2e.ts runs its own server against a fake GitHub API).
      GITHUB_API_URL: 'http://127.0.0.1:9',
    },
  }
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  // Traces and failure artifacts; `bun run test` keeps each database's apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // E2E_WORKERS: .ci/run gives the PGlite journeys three and the PostgreSQL ones one, side by side.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI, a journey that fails runs once more: one that then passes counts as passed and is
  // named under 'what failed once' in the run's output (scripts/test-all.ts), never hidden.
  retries: process.env.CI ? 1 : 0,
  // A CI machine may be slower than a developer's, and busy: a journey's limit there is twice
  // as long. The limit catches a journey that hangs; it is never a speed check.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  // The journeys tagged @pictures only take pictures for a person to look at, and CI keeps no
  // files: on CI they are left out unless E2E_PICTURES=1 (e2e/support/pictures.ts).
  ...(picturesWanted() ? {} : { grepInvert: /@pictures/ }),
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]] : 'list',
  // The journeys with a server of their own (e2e/support/servers.ts), and beside them the main
  // server's: no project waits for another. Workers take files in this order, and the apart
  // servers hold the longest files that run one test after another (appearance.e2e.ts,
  // admin-security.e2e.ts): started first, they no longer end the run on one worker alone.
  projects: [
    ...apartRuns.map(({ server, port }) => ({
      name: server.name,
      testMatch: files(server.files),
      use: { baseURL: `http://127.0.0.1:${port}` },
    })),
    {
      name: 'journeys',
      testMatch: only ? files(only) : '**/*.e2e.ts',
      testIgnore: apartServers.flatMap((server) => server.files.map((file) => `**/${file}`)),
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs a quarter of a run's time on 2 cores (measured: five journey
    // files, 295 s traced against 221 s not): the retry of a failed journey records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The system Chromium's headless shell, or the browser (scripts/chromium.ts); no downloads.
    launchOptions: journeyLaunchOptions,
  },
  webServer: [
    webServer(port, dataDir, process.env.E2E_DATABASE_URL ?? ''),
    ...apartRuns.map(({ server, port }) =>
      webServer(
        port,
        `${dataDir}-${server.name}`,
        process.env.E2E_DATABASE_URL
          ? apartDatabaseUrl(process.env.E2E_DATABASE_URL, server.name)
          : '',
      ),
    ),
  ],
})

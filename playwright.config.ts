import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './scripts/chromium'

const port = Number(process.env.E2E_PORT ?? 4321)
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'

export const e2eAdmin = { username: 'e2e-owner', password: 'e2e password 1234' }

/**
 * E2E_ONLY: a comma-separated list of journey files (`notes.e2e.ts,cv.e2e.ts`) that every project
 * keeps to. Playwright's own file filter on the command line would still run a filtered
 * project's dependencies in full; this keeps the project order and runs only the files named.
 * `bun run test` sets it on PostgreSQL (e2e/support/database-journeys.ts).
 */
const onlyList = (process.env.E2E_ONLY ?? '')
  .split(',')
  .map((file) => file.trim())
  .filter(Boolean)
const only = onlyList.length > 0 ? onlyList : undefined
const files = (names: string[]) =>
  (only ? names.filter((name) => only.includes(name)) : names).map((name) => `**/${name}`)

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 2,
  // On CI, a journey that fails runs once more: one that then passes counts as passed and is
  // named under 'what failed once' in the run's output (scripts/test-all.ts), never hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]] : 'list',
  projects: [
    // The Analytics screen before any page view: first, on the new data directory.
    { name: 'fresh', testMatch: files(['analytics-empty.e2e.ts']) },
    {
      name: 'journeys',
      testMatch: only ? files(only) : '**/*.e2e.ts',
      testIgnore: [
        '**/analytics-empty.e2e.ts',
        '**/admin-profile.e2e.ts',
        '**/appearance.e2e.ts',
        '**/admin-order.e2e.ts',
        '**/admin-security.e2e.ts',
      ],
      dependencies: ['fresh'],
    },
    // Editing the profile or the site style changes every public page: once the other journeys are done.
    {
      name: 'profile',
      testMatch: files(['admin-profile.e2e.ts', 'appearance.e2e.ts']),
      dependencies: ['journeys'],
    },
    // A new order names every project (or event): none may be added while it is saved.
    { name: 'ordering', testMatch: files(['admin-order.e2e.ts']), dependencies: ['journeys'] },
    // Two-factor sign-in on the one admin account would stop the others' password sign-ins:
    // last, alone; it turns it off again.
    {
      name: 'security',
      testMatch: files(['admin-security.e2e.ts']),
      dependencies: ['profile', 'ordering'],
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The system Chromium when present (no browser downloads here), else Playwright's own.
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    // The real production server on a fresh data directory.
    command: `rm -rf ${dataDir} && bun server/index.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
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
      // port (e2e/github.e2e.ts runs its own server against a fake GitHub API).
      GITHUB_API_URL: 'http://127.0.0.1:9',
    },
  },
})

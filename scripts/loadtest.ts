/**
 * `bun run loadtest`: autocannon against the production server, 50
 * connections for 30 s (LOADTEST_SECONDS) on public reads mixed with messages
 * sent through the contact form, its limits raised for the run. Prints req/s, latency p50 and
 * p99, errors and non-2xx answers. A script that prints figures, not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { seedContent } from './seed-content'

const seconds = Number(process.env.LOADTEST_SECONDS ?? 30)
const connections = Number(process.env.LOADTEST_CONNECTIONS ?? 50)
const port = Number(process.env.LOADTEST_PORT ?? 3917)
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-loadtest-'))
const admin = { username: 'loadtest', password: 'loadtest password' }

const server = Bun.spawn(['bun', 'server/index.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'error',
    CONTACT_MAX_PER_IP: '100000000',
    CONTACT_DAILY_CAP: '100000000',
  },
  stdout: 'inherit',
  stderr: 'inherit',
})

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // starting
    }
    await Bun.sleep(200)
  }
  throw new Error('the server did not start')
}

try {
  await waitForServer()
  const slug = await seedContent(base, admin)

  const message = JSON.stringify({
    name: 'Load Test',
    email: 'load@example.com',
    message: 'Hello from the load test.',
  })
  console.log(`\nloadtest: ${connections} connections for ${seconds} s against ${base}`)
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/projects' },
      { method: 'GET', path: `/projects/${slug}` },
      { method: 'GET', path: '/api/projects' },
      { method: 'GET', path: `/api/projects/${slug}` },
      { method: 'GET', path: '/api/timeline' },
      { method: 'GET', path: '/api/profile' },
      {
        method: 'POST',
        path: '/api/contact',
        headers: { 'content-type': 'application/json' },
        body: message,
      },
    ],
  })
  const figures = {
    'req/s (mean)': Math.round(result.requests.average),
    'latency p50 (ms)': result.latency.p50,
    'latency p99 (ms)': result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    'non-2xx': result.non2xx,
  }
  console.table(figures)
  const failed = result.errors > 0 || result.non2xx > 0
  console.log(failed ? 'FAILED: errors or non-2xx answers' : 'OK: zero errors, zero non-2xx')
  process.exitCode = failed ? 1 : 0
} finally {
  server.kill('SIGTERM')
  await server.exited
  rmSync(dataDir, { recursive: true, force: true })
}

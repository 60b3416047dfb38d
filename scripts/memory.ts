/**
 * `bun run memory`: start-up time and resident memory of the production
 * server (`bun server/index.ts`, NODE_ENV=production, LOG_LEVEL=warn,
 * SKIP_CLIENT_BUILD=1 after building the client once if it is stale).
 *
 * Each run: a server on a new temp DATA_DIR (or DATABASE_URL), the time from
 * spawn to its first 200 on /healthz and on /, 20 projects and 10 timeline
 * events seeded through the API, a few page reads, a rest (MEMORY_REST_MS,
 * 5 s), then VmRSS from /proc/<pid>/status; then the same after a restart on
 * the same DATA_DIR. MEMORY_RUNS runs (3), and the medians.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { median } from './median'
import { seedContent } from './seed-content'
import { firstOk, freePort, rssKb, startServer, stop } from './server-process'

const root = resolve(import.meta.dir, '..')
const runs = Number(process.env.MEMORY_RUNS ?? 3)
const restMs = Number(process.env.MEMORY_REST_MS ?? 5_000)
const databaseUrl = process.env.DATABASE_URL ?? ''
const admin = { username: 'memory', password: 'memory password 123' }

interface Figures {
  healthzMs: number
  pageMs: number
  restRss: number
}

/** Starts a server, times its first answers, optionally seeds, rests, reads its RSS. */
async function phase(dataDir: string, seed: boolean): Promise<Figures> {
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const spawnedAt = performance.now()
  const server = startServer({
    dataDir,
    port,
    databaseUrl,
    admin,
    logLevel: process.env.MEMORY_LOG_LEVEL ?? 'warn',
    stdout: 'inherit',
  })
  try {
    const healthzMs = await firstOk(`${base}/healthz`, spawnedAt)
    const pageMs = await firstOk(`${base}/`, spawnedAt)
    if (seed) await seedContent(base, admin)
    for (const path of ['/', '/projects', '/api/projects', '/api/timeline']) {
      await (await fetch(`${base}${path}`)).arrayBuffer()
    }
    await Bun.sleep(restMs)
    return { healthzMs, pageMs, restRss: rssKb(server.pid) / 1024 }
  } finally {
    await stop(server)
  }
}

const { buildClient, clientBuildIsStale } = await import('../server/build/client')
if (clientBuildIsStale(root, join(root, 'dist'))) {
  console.log('building the client…')
  await buildClient(root)
}

const fresh: Figures[] = []
const restart: Figures[] = []
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-memory-'))
  try {
    const a = await phase(dataDir, !databaseUrl || run === 1)
    const b = await phase(dataDir, false)
    fresh.push(a)
    restart.push(b)
    console.log(
      `run ${run}: new ${Math.round(a.healthzMs)} / ${Math.round(a.pageMs)} ms, ${a.restRss.toFixed(0)} MB; ` +
        `restart ${Math.round(b.healthzMs)} / ${Math.round(b.pageMs)} ms, ${b.restRss.toFixed(0)} MB`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const row = (name: string, figures: Figures[]) =>
  `| ${name} | ${Math.round(median(figures.map((f) => f.healthzMs)))} ms | ${Math.round(median(figures.map((f) => f.pageMs)))} ms | ${median(figures.map((f) => f.restRss)).toFixed(0)} MB |`
console.log(
  `\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}, medians of ${runs} runs, rest ${restMs} ms`,
)
console.log('| start | first 200 on /healthz | first 200 on / | RSS at rest |')
console.log('|---|---|---|---|')
console.log(row(databaseUrl ? 'first start (seeded after)' : 'new DATA_DIR (seeded after)', fresh))
console.log(row(databaseUrl ? 'restart' : 'restart on the same DATA_DIR', restart))

/**
 * `bun run bench`: how close the production server comes to serving static
 * files. A script that prints figures, not a test.
 *
 * Starts `bun server/index.ts` (NODE_ENV=production) on a fresh PGlite data
 * directory (or DATABASE_URL), seeds 20 projects and 10 timeline events, and
 * measures with autocannon (50 connections, 10 s each, one worker thread per
 * core up to 4; BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_WORKERS) GET /, GET /projects/{slug} and GET /api/projects, then
 * the same bytes, fetched once from the server, served as files by a minimal
 * Bun.serve in another process. Same request headers for both (no
 * Accept-Encoding). Prints req/s, latency p50 and p99 and the ratio ours /
 * static, plus the public pages' first-load JavaScript (KB gzip), the
 * server's cold start to its first 200 on / and its idle RSS.
 *
 * On a small machine autocannon itself is the bottleneck, and it pays for
 * every response header it parses: our answers carry about ten (security
 * headers, ETag, Vary, request id), the minimal baseline one. So the bench
 * also runs the baseline with our headers, and prints each server's CPU time
 * per request: how much work the server does, whatever the client costs.
 *
 *   bun run bench
 *   bun scripts/bench.ts --static <dir> <port>   (the baseline server; the bench starts it)
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import type { Subprocess } from 'bun'
import { seedContent } from './seed-content'
import { firstOk, freePort, rssKb, startServer, stop } from './server-process'

const root = resolve(import.meta.dir, '..')

// ---------------------------------------------------------------------------
// The baseline: each file of a directory at /<name>, nothing else.

if (process.argv[2] === '--static') {
  const dir = process.argv[3] ?? '.'
  const routes = JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8')) as Record<
    string,
    { file: string; type: string; headers: Record<string, string> }
  >
  // --headers: send the headers our server sent for that path, not just the type.
  const withHeaders = process.argv[5] === '--headers'
  const server = Bun.serve({
    port: Number(process.argv[4] ?? 0),
    hostname: '127.0.0.1',
    fetch(request) {
      const route = routes[new URL(request.url).pathname]
      if (!route) return new Response('Not found', { status: 404 })
      return new Response(Bun.file(join(dir, route.file)), {
        headers: withHeaders ? route.headers : { 'content-type': route.type },
      })
    },
  })
  console.log(`static baseline on ${server.port}`)
  await new Promise(() => {})
}

// ---------------------------------------------------------------------------

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
// Load-generator threads: one thread of autocannon cannot keep up with a Bun server that
// answers from memory, and it would measure its own header parsing instead.
const workers = Number(process.env.BENCH_WORKERS ?? Math.min(4, cpus().length))
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn'
const admin = { username: 'bench', password: 'bench password 123' }

/** CPU time (user + system) a process has used, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1_000_000) / 100 // USER_HZ is 100 on Linux
}

/** Gzip size of each script a page loads first: its module script and modulepreloads. */
function firstLoadJs(html: string, distDir: string) {
  const files = new Set<string>()
  for (const [, src] of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) {
    if (src) files.add(src)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1]
    if (href && /\srel="modulepreload"/.test(tag)) files.add(href)
  }
  let gzip = 0
  let raw = 0
  const list: string[] = []
  for (const file of files) {
    const bytes = readFileSync(join(distDir, file))
    const size = Bun.gzipSync(bytes, { level: 9 }).byteLength
    gzip += size
    raw += bytes.byteLength
    list.push(`${file.replace(/^\/assets\//, '')} ${(size / 1024).toFixed(1)}`)
  }
  return { files: files.size, gzipKb: gzip / 1024, rawKb: raw / 1024, list }
}

interface Figures {
  rps: number
  /** Server CPU time per request (µs). */
  cpu: number
  p50: number
  p99: number
  bytes: number
  errors: number
  non2xx: number
}

async function measure(url: string, pid: number, duration = seconds): Promise<Figures> {
  const cpuBefore = cpuMicros(pid)
  const result = await autocannon({ url, connections, duration, workers })
  return {
    rps: result.requests.average,
    cpu: (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-'))
const staticDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-static-'))
const port = freePort()
const base = `http://127.0.0.1:${port}`
const databaseUrl = process.env.DATABASE_URL ?? ''
const children: Subprocess[] = []

try {
  const { buildClient, clientBuildIsStale } = await import('../server/build/client')
  const distDir = join(root, 'dist')
  if (clientBuildIsStale(root, distDir)) {
    console.log('building the client…')
    await buildClient(root)
  }

  // Cold start on a fresh data directory (database created and migrated).
  let spawnedAt = performance.now()
  let server = startServer({ dataDir, port, databaseUrl, admin, logLevel, stdout: 'ignore' })
  children.push(server)
  const firstStartMs = await firstOk(`${base}/`, spawnedAt)

  const slug = await seedContent(base, admin)

  // Cold start again on the seeded directory: the usual restart.
  await stop(server)
  spawnedAt = performance.now()
  server = startServer({ dataDir, port, databaseUrl, admin, logLevel, stdout: 'ignore' })
  children.push(server)
  const restartMs = await firstOk(`${base}/`, spawnedAt)

  // The bytes each target answers, fetched once (no Accept-Encoding, as autocannon sends).
  const targets = [
    { name: 'GET /', path: '/', type: 'text/html; charset=utf-8' },
    { name: 'GET /projects/{slug}', path: `/projects/${slug}`, type: 'text/html; charset=utf-8' },
    { name: 'GET /api/projects', path: '/api/projects', type: 'application/json' },
  ]
  const routes: Record<string, { file: string; type: string; headers: Record<string, string> }> = {}
  const pages: Record<string, string> = {}
  for (const [index, target] of targets.entries()) {
    const response = await fetch(`${base}${target.path}`, {
      headers: { 'accept-encoding': 'identity' },
      decompress: false,
    })
    if (response.status !== 200) throw new Error(`${target.path}: ${response.status}`)
    const body = await response.text()
    pages[target.path] = body
    const file = `target-${index}`
    writeFileSync(join(staticDir, file), body)
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'content-length') headers[name] = value
    })
    routes[target.path] = { file, type: target.type, headers }
  }
  writeFileSync(join(staticDir, 'routes.json'), JSON.stringify(routes))
  for (let i = 0; i < 5; i++) {
    for (const target of targets) await (await fetch(`${base}${target.path}`)).arrayBuffer()
  }
  await Bun.sleep(1_000)
  const idleRss = rssKb(server.pid)

  const startBaseline = async (...flags: string[]) => {
    const port = freePort()
    const child = Bun.spawn(
      ['bun', import.meta.path, '--static', staticDir, String(port), ...flags],
      {
        cwd: root,
        stdout: 'ignore',
        stderr: 'inherit',
      },
    )
    children.push(child)
    await firstOk(`http://127.0.0.1:${port}/api/projects`)
    return { base: `http://127.0.0.1:${port}`, pid: child.pid }
  }
  const minimal = await startBaseline()
  const sameHeaders = await startBaseline('--headers')

  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`
  console.log(
    `\nbench: ${connections} connections, ${workers} autocannon worker threads, ${seconds} s per target; ${machine}`,
  )
  console.log(
    `server: bun server/index.ts, NODE_ENV=production, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, LOG_LEVEL=${logLevel}; baseline: Bun.serve(new Response(Bun.file(path)))\n`,
  )

  const rows: Record<string, Record<string, string | number>> = {}
  const detail: Record<string, Record<string, string | number>> = {}
  for (const target of targets) {
    // A short warm-up each (JIT, the cache entry), not counted.
    await measure(`${base}${target.path}`, server.pid, 1)
    const ours = await measure(`${base}${target.path}`, server.pid)
    await measure(`${minimal.base}${target.path}`, minimal.pid, 1)
    const file = await measure(`${minimal.base}${target.path}`, minimal.pid)
    await measure(`${sameHeaders.base}${target.path}`, sameHeaders.pid, 1)
    const fileWithHeaders = await measure(`${sameHeaders.base}${target.path}`, sameHeaders.pid)
    const bytes = Buffer.byteLength(pages[target.path] ?? '')
    rows[target.name] = {
      'body KB': Number((bytes / 1024).toFixed(1)),
      'ours req/s': Math.round(ours.rps),
      'ours p50 ms': ours.p50,
      'ours p99 ms': ours.p99,
      'static req/s': Math.round(file.rps),
      'static p50 ms': file.p50,
      'static p99 ms': file.p99,
      'ratio ours/static': Number((ours.rps / file.rps).toFixed(2)),
      'errors+non-2xx': ours.errors + ours.non2xx + file.errors + file.non2xx,
    }
    detail[target.name] = {
      'headers (ours)': Object.keys(routes[target.path]?.headers ?? {}).length + 2,
      'static+headers req/s': Math.round(fileWithHeaders.rps),
      'ratio ours/static+headers': Number((ours.rps / fileWithHeaders.rps).toFixed(2)),
      'ours CPU µs/req': Number(ours.cpu.toFixed(1)),
      'static CPU µs/req': Number(file.cpu.toFixed(1)),
      'static+headers CPU µs/req': Number(fileWithHeaders.cpu.toFixed(1)),
    }
  }
  console.table(rows)
  console.log('\nthe same with the baseline sending our headers, and server CPU time per request:')
  console.table(detail)

  const home = firstLoadJs(pages['/'] ?? '', distDir)
  const project = firstLoadJs(pages[`/projects/${slug}`] ?? '', distDir)
  console.log(
    `first-load JS, gzip: / ${home.gzipKb.toFixed(1)} KB (${home.files} files, ${home.rawKb.toFixed(0)} KB raw); /projects/{slug} ${project.gzipKb.toFixed(1)} KB (${project.files} files) — budget 110 KB`,
  )
  console.log(`  / loads: ${home.list.join(', ')}`)
  console.log(
    `cold start to first 200 on /: ${Math.round(firstStartMs)} ms on a new data directory (database created and migrated), ${Math.round(restartMs)} ms on the seeded one`,
  )
  console.log(
    `server RSS: ${(idleRss / 1024).toFixed(0)} MB idle after start and a few requests, ${(rssKb(server.pid) / 1024).toFixed(0)} MB after the load`,
  )
} finally {
  for (const child of children) await stop(child)
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(staticDir, { recursive: true, force: true })
}

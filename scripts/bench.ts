/**
 * `bun run bench`: how close the production server comes to serving static
 * files, how fast it starts and how much memory it holds. A script that
 * prints figures, not a test.
 *
 * Each run (BENCH_RUNS, 3): starts `bun server/index.ts` (NODE_ENV=production)
 * on a new PGlite data directory (or DATABASE_URL) and times its first 200 on
 * /, seeds 20 projects and 10 timeline events, reads / and a project page
 * once (a visitor), restarts it on the same data directory and times that
 * (its first 200 on /, a page the stop kept, and the server itself ready,
 * its first 200 on /healthz), then loads three cached answers — GET /,
 * GET /projects/{slug}, GET /api/projects — against:
 *
 * - ours: the server itself;
 * - nginx: the same bytes, fetched once from the server, as files with the
 *   same headers, one worker process, access log off (when `nginx` is
 *   installed; `.ci/run` installs it);
 * - Bun floor: the same bytes and headers answered from memory by a minimal
 *   Bun.serve fetch handler (`new Response(bytes, { headers })`) in another
 *   process: the least a JavaScript answer costs on Bun, which is what ours
 *   must be (each page answer runs JavaScript: its log line, its view
 *   counted). An earlier version read each answer with `Bun.file`, which was
 *   slower than our own cache;
 * - ours, bare: a second server with `LOG_LEVEL=warn ANALYTICS=off` (its own
 *   data directory, the same content); the three targets are loaded on it and
 *   on ours at the same time (each by its own wrk with half the connections),
 *   three rounds of half BENCH_SECONDS each, so what the
 *   defaults add (a request log line and a counted page view per request)
 *   shows as the difference in CPU time per request (printed with its user
 *   time beside it: the kernel's share varies more between rounds) (the load sends a
 *   browser's User-Agent: a request without one, or wrk's, would not be
 *   counted). The views ours counted are read back from `GET /api/analytics`
 *   to show that it did count them. In the same rounds, the Bun floor with the
 *   least log line and counted view (`--logged`) against the plain one: the
 *   floor of what the defaults can add, printed in µs and in % of ours bare.
 * - the start floor: between the seeded server's stop and its restart,
 *   `scripts/start-floor.ts` (Bun loading PGlite, opening a copy of the same
 *   DATA_DIR with the server's start parameters, one query) from spawn to its
 *   answer; the restart is printed as a ratio to it (PGlite only). A copy:
 *   opening the directory itself would change its database, and the pages
 *   the stop kept would rightly not be used.
 *
 * Load: wrk `-t1 -c50` for BENCH_SECONDS (10) per target after a 1 s warm-up
 * (wrk when installed; otherwise autocannon with one worker thread per core,
 * whose own header parsing is then the bottleneck on two cores). No
 * Accept-Encoding, as wrk sends none. For each: req/s, latency p99 and the
 * server's CPU time per request (from /proc: the work the server does,
 * whatever the client costs). The server's RSS is read at rest after the
 * restart and sampled every 50 ms under load (the peak). With several runs
 * the medians are printed last, as a Markdown table for docs/performance.md.
 *
 *   bun run bench
 *   BENCH_RUNS=1 BENCH_SECONDS=2 bun run bench   (the smoke .ci/run prints: figures only)
 *   BENCH_ONLY=start BENCH_RUNS=5 BENCH_BASELINE=../base bun run bench   (start figures only)
 *   bun scripts/bench.ts --static <dir> <port>   (the Bun baseline; the bench starts it)
 *   bun scripts/bench.ts --static <dir> <port> --logged[=address,headers,line]
 *     (the Bun baseline with the least log line and counted view, or some of its parts)
 */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import type { Subprocess } from 'bun'
import { median } from './median'
import { nginxConfig, nginxPath, nginxQuote } from './nginx'
import { seedContent, signIn } from './seed-content'
import { firstOk, freePort, rssKb, serverPidOf, startAsReadme, stop } from './server-process'

const root = resolve(import.meta.dir, '..')

interface Route {
  file: string
  type: string
  headers: Record<string, string>
}

// ---------------------------------------------------------------------------
// The Bun floor: each file of a directory, read once, answered from memory at its path
// with our headers.

if (process.argv[2] === '--static') {
  const dir = process.argv[3] ?? '.'
  const routes = JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8')) as Record<string, Route>
  const bytes = new Map(
    Object.entries(routes).map(([path, route]) => [
      path,
      { body: readFileSync(join(dir, route.file)), headers: route.headers },
    ]),
  )
  // `--logged`: the least a log line and a counted view can cost on Bun, the floor of what
  // our defaults add. Per request: the time, the client's address (`requestIP`), the
  // User-Agent and Referer queued as a view (the queue emptied every 100 ms, as a flush
  // would), and a log line like ours appended to a buffer written to stdout every 100 ms.
  // `--logged=address,headers,line`: only those parts (the parts' costs one by one).
  const loggedArg = process.argv[5] ?? ''
  const logged = loggedArg.startsWith('--logged')
  const parts = new Set(
    loggedArg.includes('=') ? loggedArg.split('=')[1]?.split(',') : ['address', 'headers', 'line'],
  )
  const address = parts.has('address')
  const headersPart = parts.has('headers')
  const line = parts.has('line')
  let lines = ''
  let views: (string | null | undefined)[] = []
  let lastMs = 0
  let lastTime = ''
  if (logged) {
    setInterval(() => {
      if (lines) writeSync(1, Buffer.from(lines))
      lines = ''
      views = []
    }, 100)
  }
  const server = Bun.serve({
    port: Number(process.argv[4] ?? 0),
    hostname: '127.0.0.1',
    fetch(request, server) {
      const startedAt = logged ? performance.now() : 0
      const path = new URL(request.url).pathname
      const answer = bytes.get(path)
      if (!answer) return new Response('Not found', { status: 404 })
      const response = new Response(answer.body, { headers: answer.headers })
      if (logged) {
        if (address) views.push(server.requestIP(request)?.address)
        if (headersPart)
          views.push(path, request.headers.get('user-agent'), request.headers.get('referer'))
        if (!line) return response
        const now = Date.now()
        if (now !== lastMs) {
          lastMs = now
          lastTime = new Date(now).toISOString()
        }
        const ms = Math.round((performance.now() - startedAt) * 10) / 10
        lines += `{"time":"${lastTime}","level":"info","msg":"request","method":"GET","path":${JSON.stringify(path)},"status":200,"ms":${ms}}\n`
      }
      return response
    },
  })
  console.log(`static baseline on ${server.port}`)
  await new Promise(() => {})
}

// ---------------------------------------------------------------------------

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
/** Where the servers' stdout (the request log) goes: a file (default) or a pipe the bench reads. */
const stdoutTarget: 'file' | 'pipe' = process.env.BENCH_STDOUT === 'pipe' ? 'pipe' : 'file'
/** BENCH_LOG_LEVEL: a LOG_LEVEL to set; unset, the default (info) as README runs it. */
const logLevel = process.env.BENCH_LOG_LEVEL
/**
 * BENCH_BASELINE: another checkout (`git worktree add /tmp/base main`, `bun install` and
 * `bun run build` in it) whose `bun run start` is measured the same way, in the same runs,
 * alternating with this one.
 */
const baselineRoot = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined
/** BENCH_ONLY=start: the start figures and the RSS at rest only, no load (quick, many pairs). */
const startOnly = process.env.BENCH_ONLY === 'start'
const admin = { username: 'bench', password: 'bench password 123' }
const wrkPath = Bun.which('wrk')
const databaseUrl = process.env.DATABASE_URL ?? ''
/** Sent by every request of the load: a browser, so that page views are counted. */
const browserUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** What a browser asks for: brotli or gzip. Both sides are sent it, and answer the same bytes. */
const browserAcceptEncoding = 'br, gzip'

/** CPU time a process has used, in microseconds: in all (user + system), and in user space. */
function cpuMicros(pid: number): { total: number; user: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  const micros = (ticks: number) => (ticks * 1_000_000) / 100 // USER_HZ is 100 on Linux
  return {
    total: micros(Number(fields[11]) + Number(fields[12])),
    user: micros(Number(fields[11])),
  }
}

/**
 * Gzip size of each script a page loads first: its module script (or the
 * file its inline boot script adds or imports after the largest paint),
 * modulepreloads, and the inline scripts that run.
 */
function firstLoadJs(html: string, distDir: string) {
  const files = new Set<string>()
  for (const [, src] of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) {
    if (src) files.add(src)
  }
  // A public page's loader, which its inline boot adds after the first paint.
  for (const [, src] of html.matchAll(/<script data-islands-loader=""[^>]*\sdata-src="([^"]+)"/g)) {
    if (src) files.add(src)
  }
  for (const [, src] of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) {
    if (src) files.add(src)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1]
    if (href && /\srel="modulepreload"/.test(tag)) files.add(href)
  }
  let gzip = 0
  for (const file of files) {
    gzip += Bun.gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength
  }
  // And the inline scripts that run (a public page's boot; not data: JSON-LD, speculation rules).
  for (const [, attributes, source] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!source || /\ssrc=/.test(attributes ?? '')) continue
    if (/\stype="(?!module")/.test(attributes ?? '')) continue
    gzip += Bun.gzipSync(source, { level: 9 }).byteLength
  }
  return { files: files.size, gzipKb: gzip / 1024 }
}

interface Figures {
  rps: number
  /** Server CPU time per request (µs). */
  cpu: number
  /**
   * Of it, the time in user space (µs): the server's own work. The rest is the
   * kernel's (the network), which varies more between rounds of one server.
   */
  user: number
  p99: number
  errors: number
}

/** "1.23ms" → 1.23 (milliseconds). */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!match) return Number.NaN
  const value = Number(match[1])
  return match[2] === 'us'
    ? value / 1000
    : match[2] === 'ms'
      ? value
      : match[2] === 's'
        ? value * 1000
        : value * 60_000
}

async function load(url: string, duration: number, clients = connections) {
  if (wrkPath) {
    const child = Bun.spawn(
      [
        wrkPath,
        '-t1',
        `-c${clients}`,
        // wrk takes whole seconds only: `-d2.5s` prints its usage and measures nothing.
        `-d${Math.max(1, Math.round(duration))}s`,
        '--latency',
        '-H',
        `User-Agent: ${browserUserAgent}`,
        '-H',
        `Accept-Encoding: ${browserAcceptEncoding}`,
        url,
      ],
      { stdout: 'pipe', stderr: 'inherit' },
    )
    const out = await new Response(child.stdout).text()
    await child.exited
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
    const socketErrors =
      /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
    const errors =
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0)
    return {
      total: requests,
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
      p99: wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
      errors,
    }
  }
  const result = await autocannon({
    url,
    connections: clients,
    duration,
    headers: { 'user-agent': browserUserAgent, 'accept-encoding': browserAcceptEncoding },
    workers: Math.min(4, cpus().length),
  })
  return {
    total: result.requests.total,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

type Load = Awaited<ReturnType<typeof load>>
type Cpu = ReturnType<typeof cpuMicros>

/** A load's figures, with the server's CPU time per request from its readings before and after. */
function figuresOf(result: Load, cpuBefore: Cpu, cpuAfter: Cpu): Figures {
  const requests = Math.max(1, result.total)
  return {
    rps: result.rps,
    cpu: (cpuAfter.total - cpuBefore.total) / requests,
    user: (cpuAfter.user - cpuBefore.user) / requests,
    p99: result.p99,
    errors: result.errors,
  }
}

async function measure(url: string, pid: number, duration = seconds): Promise<Figures> {
  await load(url, 1) // warm-up: JIT, cache entry, page cache
  const cpuBefore = cpuMicros(pid)
  const result = await load(url, duration)
  return figuresOf(result, cpuBefore, cpuMicros(pid))
}

/**
 * Two servers loaded at the same time, each by its own load generator with half the
 * connections: whatever else the machine does falls on both alike, so the difference in
 * their CPU time per request is the difference in their work (loaded in turn instead,
 * the same server's figure moved by a third between rounds of a few seconds).
 */
async function measurePair(
  a: { url: string; pid: number },
  b: { url: string; pid: number },
  duration: number,
): Promise<[Figures, Figures]> {
  const half = Math.max(1, Math.round(connections / 2))
  await Promise.all([load(a.url, 1, half), load(b.url, 1, half)])
  const before = [cpuMicros(a.pid), cpuMicros(b.pid)] as const
  const [resultA, resultB] = await Promise.all([
    load(a.url, duration, half),
    load(b.url, duration, half),
  ])
  const after = [cpuMicros(a.pid), cpuMicros(b.pid)] as const
  return [figuresOf(resultA, before[0], after[0]), figuresOf(resultB, before[1], after[1])]
}

/** Samples a process's RSS every 50 ms until stopped; answers the peak in kB. */
function rssPeak(pid: number) {
  let peak = 0
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid))
    } catch {
      // exited
    }
  }, 50)
  return () => {
    clearInterval(timer)
    return peak
  }
}

/** nginx, one worker, its default access log (combined format, to a file): each route an exact location with our headers. */
function benchNginxConfig(dir: string, port: number, routes: Record<string, Route>): string {
  const locations = Object.entries(routes).map(([path, route]) => {
    const headers = Object.entries(route.headers)
      .filter(([name]) => name !== 'content-type')
      .map(([name, value]) => `      add_header ${name} ${nginxQuote(value)} always;`)
      .join('\n')
    return `    location = ${path} {\n      types { }\n      default_type ${nginxQuote(route.type)};\n${headers}\n      try_files /${route.file} =404;\n    }`
  })
  return nginxConfig({
    dir,
    port,
    locations,
    http: ['tcp_nopush on;', 'etag off;', 'keepalive_requests 10000000;'],
  })
}

interface Run {
  /** Which checkout: 'ours' or 'baseline'. */
  label: string
  newStartMs: number
  /** A restart's first 200 on / (a page the stop kept, when its stamp still holds). */
  restartMs: number
  /** A restart's server ready: its first 200 on /healthz. */
  readyMs: number
  /** What became of the pages the stop kept, from the two starts' logs. */
  keptPages: string
  /** Bun opening a copy of the same DATA_DIR and answering one query (PGlite only). */
  floorMs: number
  /** Bun loading the server's modules alone, no database. */
  modulesMs: number
  /** Both at once, the database on a Worker (PGlite only): what overlapping them could reach. */
  overlapMs: number
  /** CPU time (all threads, user and system) the floor, the modules alone, and the restart up to the server ready used. */
  floorCpuMs: number
  modulesCpuMs: number
  restartCpuMs: number
  restRssMb: number
  peakRssMb: number
  /** The Bun floor's RSS at rest and its peak under the same load: Bun's own floor. */
  bunFloorRestRssMb: number
  bunFloorPeakRssMb: number
  /** target → server → figures */
  targets: Record<string, Record<string, Figures>>
  firstLoadKb: number
  /** Page views the server counted during its load (read back from the API). */
  viewsCounted: number
}

/** The two servers of the defaults' cost, loaded at the same time. */
const analyticsOff = 'ours, bare (LOG_LEVEL=warn ANALYTICS=off)'
const countingOn = 'ours, at the defaults (beside the bare server)'
/** The Bun floor with the least log line and counted view, and without, in the same rounds. */
const floorLogged = 'Bun floor, the least log line and view (beside the plain one)'
const floorPlain = 'Bun floor (beside the logged one)'
/**
 * The least a log line and a counted view add, in µs of CPU per request (the logged Bun floor
 * over the plain one), as a share of ours bare: the floor under `defaultsCost`.
 */
const leastCost = (byServer: Record<string, Figures>, key: 'cpu' | 'user' = 'cpu') => {
  const logged = byServer[floorLogged]
  const plain = byServer[floorPlain]
  const bare = byServer[analyticsOff]
  if (!logged || !plain || !bare) return { micros: Number.NaN, percent: Number.NaN }
  const micros = logged[key] - plain[key]
  return { micros, percent: (micros / bare.cpu) * 100 }
}
/** What the defaults (request log, page views counted) add to the bare server's CPU time per request, in %. */
const defaultsCost = (on: Figures, bare: Figures) => ((on.cpu - bare.cpu) / bare.cpu) * 100
const offDirs: string[] = []

/** The mean of each figure over several rounds. */
function meanOf(rounds: Figures[]): Figures {
  const mean = (key: keyof Figures) =>
    rounds.reduce((sum, figures) => sum + figures[key], 0) / Math.max(1, rounds.length)
  return {
    rps: mean('rps'),
    cpu: mean('cpu'),
    user: mean('user'),
    p99: mean('p99'),
    errors: mean('errors'),
  }
}

const targetsOf = (slug: string) => [
  { name: 'GET /', path: '/', type: 'text/html; charset=utf-8' },
  { name: 'GET /projects/{slug}', path: `/projects/${slug}`, type: 'text/html; charset=utf-8' },
  { name: 'GET /api/projects', path: '/api/projects', type: 'application/json' },
]

async function oneRun(run: number, label: string, cwd: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-'))
  const staticDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-static-'))
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const children: Subprocess[] = []
  try {
    // Cold start on a new data directory (copied from the build's template).
    let starts = 0
    const stdoutOf = (n: number) => join(staticDir, `stdout-${n}.log`)
    const start = (dir: string, at: number, env: Record<string, string> = {}) =>
      startAsReadme({
        cwd,
        dataDir: dir,
        port: at,
        databaseUrl,
        admin,
        stdout: stdoutTarget === 'pipe' ? 'pipe' : { file: stdoutOf(++starts) },
        env: logLevel ? { LOG_LEVEL: logLevel, ...env } : env,
      })
    let spawnedAt = performance.now()
    let runner = start(dataDir, port)
    children.push(runner)
    const newStartMs = await firstOk(`${base}/`, spawnedAt)
    const slug = await seedContent(base, admin)
    // A visitor reads the home page and a project after the changes, as a site is read between
    // them: the stop keeps what its cache holds for the next start (server/kept-pages-listener.ts).
    for (const path of ['/', `/projects/${slug}`])
      await (await fetch(`${base}${path}`)).arrayBuffer()
    // Cold start again on the seeded directory: the usual restart, after its floor.
    await stop(runner)
    const none = { ms: Number.NaN, cpuMs: Number.NaN }
    // The floor opens a copy of the directory, made anew for each measure: opening the server's
    // own would change its database files, and the pages the stop kept would then not be used.
    const copyOf = (dir: string) => {
      const copy = mkdtempSync(join(tmpdir(), 'portfolio-bench-floor-'))
      cpSync(dir, copy, { recursive: true })
      offDirs.push(copy)
      return copy
    }
    const floor = databaseUrl ? none : await startFloor([copyOf(dataDir)])
    const modules = await startFloor(['--modules'])
    const overlapMs = databaseUrl
      ? Number.NaN
      : (await startFloor(['--overlap', copyOf(dataDir)])).ms
    spawnedAt = performance.now()
    runner = start(dataDir, port)
    children.push(runner)
    const restartMs = await firstOk(`${base}/`, spawnedAt)
    // The server itself ready: /healthz waits for it (a kept page does not).
    const readyMs = await firstOk(`${base}/healthz`, spawnedAt)
    const keptPages = keptPagesOutcome(stdoutOf(1), stdoutOf(2))
    // `bun run start` runs `bun server/index.ts` as its child: that one's CPU and memory.
    const server = { pid: serverPidOf(runner.pid) }
    // The restart's CPU time up to the server ready: `bun run` and the server, every thread.
    const restartCpuMs = (cpuMicros(runner.pid).total + cpuMicros(server.pid).total) / 1000
    const floorMs = floor.ms
    const modulesMs = modules.ms
    const floorCpuMs = floor.cpuMs
    const modulesCpuMs = modules.cpuMs

    // The bytes and headers each target answers a browser, fetched once: the cached
    // answer's best encoding (brotli), served as they are by the baselines.
    const targets = targetsOf(slug)
    const routes: Record<string, Route> = {}
    let home = ''
    for (const target of targets) {
      for (let i = 0; i < 3; i++) await (await fetch(`${base}${target.path}`)).arrayBuffer()
    }
    // Cached pages of 8 KB or more are recompressed at brotli 11 after their first answer.
    await Bun.sleep(1_000)
    for (const [index, target] of targets.entries()) {
      const response = await fetch(`${base}${target.path}`, {
        headers: { 'accept-encoding': browserAcceptEncoding, 'user-agent': browserUserAgent },
        decompress: false,
      })
      if (response.status !== 200) throw new Error(`${target.path}: ${response.status}`)
      const body = new Uint8Array(await response.arrayBuffer())
      if (target.path === '/') home = await (await fetch(`${base}/`)).text()
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
    await Bun.sleep(2_000)
    const restRssMb = rssKb(server.pid) / 1024
    if (startOnly) {
      const run_: Run = {
        label,
        newStartMs,
        restartMs,
        readyMs,
        keptPages,
        floorMs,
        modulesMs,
        overlapMs,
        floorCpuMs,
        modulesCpuMs,
        restartCpuMs,
        restRssMb,
        peakRssMb: Number.NaN,
        bunFloorRestRssMb: Number.NaN,
        bunFloorPeakRssMb: Number.NaN,
        targets: {},
        firstLoadKb: firstLoadJs(home, join(cwd, 'dist')).gzipKb,
        viewsCounted: 0,
      }
      printRun(run, run_)
      return run_
    }

    const bunPort = freePort()
    const bunFloor = Bun.spawn(['bun', import.meta.path, '--static', staticDir, String(bunPort)], {
      cwd: root,
      stdout: 'ignore',
      stderr: 'inherit',
    })
    children.push(bunFloor)
    await firstOk(`http://127.0.0.1:${bunPort}/api/projects`)
    const servers: { name: string; base: string; pid: number }[] = [
      { name: 'ours', base, pid: server.pid },
    ]
    if (nginxPath) {
      const nginxPort = freePort()
      const conf = join(staticDir, 'nginx.conf')
      writeFileSync(conf, benchNginxConfig(staticDir, nginxPort, routes))
      const nginx = Bun.spawn([nginxPath, '-c', conf, '-p', staticDir], {
        stdout: 'ignore',
        stderr: 'inherit',
      })
      children.push(nginx)
      await firstOk(`http://127.0.0.1:${nginxPort}/api/projects`)
      servers.push({ name: 'nginx', base: `http://127.0.0.1:${nginxPort}`, pid: nginx.pid })
    }
    servers.push({ name: 'Bun floor', base: `http://127.0.0.1:${bunPort}`, pid: bunFloor.pid })

    const results: Run['targets'] = {}
    let peakKb = 0
    const bunFloorRestKb = rssKb(bunFloor.pid)
    let bunFloorPeakKb = 0
    for (const target of targets) {
      results[target.name] = {}
      for (const each of servers) {
        const sampler =
          each.name === 'ours' || each.name === 'Bun floor' ? rssPeak(each.pid) : undefined
        const figures = await measure(`${each.base}${target.path}`, each.pid)
        if (sampler && each.name === 'ours') peakKb = Math.max(peakKb, sampler())
        else if (sampler) bunFloorPeakKb = Math.max(bunFloorPeakKb, sampler())
        ;(results[target.name] as Record<string, Figures>)[each.name] = figures
      }
    }
    // Counting on against off: a second server with ANALYTICS=off (its own data
    // directory with the same content, or the same PostgreSQL database), each target
    // loaded on both at once (`measurePair`), three rounds of half BENCH_SECONDS, so
    // that the rest of the machine's load falls on both alike.
    const offDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-off-'))
    offDirs.push(offDir)
    const offPort = freePort()
    const offBase = `http://127.0.0.1:${offPort}`
    const offRunner = start(offDir, offPort, { ANALYTICS: 'off', LOG_LEVEL: 'warn' })
    children.push(offRunner)
    await firstOk(`${offBase}/`)
    const offServer = { pid: serverPidOf(offRunner.pid) }
    if (!databaseUrl) await seedContent(offBase, admin)
    // And the floor of what they add: the Bun floor again, with the least log line and
    // counted view (`--logged`, its stdout to a file as ours'), against the plain one.
    const loggedPort = freePort()
    const loggedFloor = Bun.spawn(
      ['bun', import.meta.path, '--static', staticDir, String(loggedPort), '--logged'],
      { cwd: root, stdout: Bun.file(join(staticDir, 'stdout-floor.log')), stderr: 'inherit' },
    )
    children.push(loggedFloor)
    await firstOk(`http://127.0.0.1:${loggedPort}/api/projects`)
    const rounds = 3
    for (const target of targets) {
      const on: Figures[] = []
      const off: Figures[] = []
      const floorOn: Figures[] = []
      const floorOff: Figures[] = []
      for (let round = 0; round < rounds; round++) {
        const [defaults, bare] = await measurePair(
          { url: `${base}${target.path}`, pid: server.pid },
          { url: `${offBase}${target.path}`, pid: offServer.pid },
          seconds / 2,
        )
        on.push(defaults)
        off.push(bare)
        const [logged, plain] = await measurePair(
          { url: `http://127.0.0.1:${loggedPort}${target.path}`, pid: loggedFloor.pid },
          { url: `http://127.0.0.1:${bunPort}${target.path}`, pid: bunFloor.pid },
          seconds / 2,
        )
        floorOn.push(logged)
        floorOff.push(plain)
      }
      const byServer = results[target.name] as Record<string, Figures>
      byServer[countingOn] = meanOf(on)
      byServer[analyticsOff] = meanOf(off)
      byServer[floorLogged] = meanOf(floorOn)
      byServer[floorPlain] = meanOf(floorOff)
    }
    // What the counting server counted (its reads write its pending counts first).
    const token = await signIn(base, admin)
    const summary = await fetch(`${base}/api/analytics?days=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const viewsCounted = ((await summary.json()) as { totals: { views: number } }).totals.views
    const run_: Run = {
      label,
      newStartMs,
      restartMs,
      readyMs,
      keptPages,
      floorMs,
      modulesMs,
      overlapMs,
      floorCpuMs,
      modulesCpuMs,
      restartCpuMs,
      restRssMb,
      peakRssMb: peakKb / 1024,
      bunFloorRestRssMb: bunFloorRestKb / 1024,
      bunFloorPeakRssMb: bunFloorPeakKb / 1024,
      targets: results,
      firstLoadKb: firstLoadJs(home, join(cwd, 'dist')).gzipKb,
      viewsCounted,
    }
    printRun(run, run_)
    return run_
  } finally {
    for (const child of children) await stop(child)
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(staticDir, { recursive: true, force: true })
    for (const dir of offDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * What became of the pages the first server's stop kept, from its log and the
 * restart's (stdout to files only; LOG_LEVEL=info or lower).
 */
function keptPagesOutcome(stopLog: string, restartLog: string): string {
  if (stdoutTarget === 'pipe' || databaseUrl) return 'not measured'
  const find = (path: string, msg: string) => {
    try {
      const line = readFileSync(path, 'utf8')
        .split('\n')
        .find((text) => text.includes(`"msg":"${msg}"`))
      return line ? (JSON.parse(line) as Record<string, unknown>) : undefined
    } catch {
      return undefined
    }
  }
  const kept = find(stopLog, 'pages kept for the next start')
  if (!kept) return 'none kept at the stop'
  const answering = find(restartLog, 'answering kept pages until the server is ready')
  if (answering) return `${kept.pages} kept, answered by the restart`
  const notUsed = find(restartLog, 'kept pages not used')
  return `${kept.pages} kept, not used: ${notUsed ? String(notUsed.reason) : 'no word in the log'}`
}

const serverNames = () => ['ours', ...(nginxPath ? ['nginx'] : []), 'Bun floor']
const baselineName = () => (nginxPath ? 'nginx' : 'Bun floor')

function printRun(run: number, result: Run) {
  const rows: Record<string, Record<string, string | number>> = {}
  for (const [target, byServer] of Object.entries(result.targets)) {
    const row: Record<string, string | number> = {}
    for (const name of serverNames()) {
      const figures = byServer[name]
      if (!figures) continue
      row[`${name} req/s`] = Math.round(figures.rps)
      row[`${name} p99 ms`] = Number(figures.p99.toFixed(2))
      row[`${name} µs/req`] = Number(figures.cpu.toFixed(1))
    }
    const ours = byServer.ours?.rps ?? 0
    row[`ours/${baselineName()}`] = Number((ours / (byServer[baselineName()]?.rps ?? 1)).toFixed(2))
    if (baselineName() !== 'Bun floor')
      row['ours/Bun floor'] = Number((ours / (byServer['Bun floor']?.rps ?? 1)).toFixed(2))
    row.errors = Object.values(byServer).reduce((sum, figures) => sum + figures.errors, 0)
    rows[target] = row
  }
  console.log(`\nrun ${run}/${runs}, ${result.label} (load average ${loadavg()[0]?.toFixed(2)})`)
  console.table(rows)
  const counting: Record<string, Record<string, number>> = {}
  for (const [target, byServer] of Object.entries(result.targets)) {
    const on = byServer[countingOn]
    const off = byServer[analyticsOff]
    if (!on || !off) continue
    counting[target] = {
      'defaults req/s': Math.round(on.rps),
      'bare req/s': Math.round(off.rps),
      'defaults/bare': Number((on.rps / off.rps).toFixed(3)),
      'defaults µs/req': Number(on.cpu.toFixed(1)),
      'bare µs/req': Number(off.cpu.toFixed(1)),
      'added CPU %': Number(defaultsCost(on, off).toFixed(1)),
      'defaults user µs/req': Number(on.user.toFixed(1)),
      'bare user µs/req': Number(off.user.toFixed(1)),
      'least on Bun µs/req': Number(leastCost(byServer).micros.toFixed(1)),
      'least on Bun, % of bare': Number(leastCost(byServer).percent.toFixed(1)),
      'least on Bun user µs/req': Number(leastCost(byServer, 'user').micros.toFixed(1)),
    }
  }
  console.log(
    'at the defaults (request log, page views counted) against the bare server (LOG_LEVEL=warn ANALYTICS=off), loaded at the same time; goal: the defaults add ≤ 15 % CPU per request. ' +
      'Beside it, the floor of that cost: what the least log line and counted view add to the Bun floor (its address, User-Agent and Referer queued, a line appended), in µs and in % of ours bare:',
  )
  console.table(counting)
  console.log(`views counted during the load with counting on: ${result.viewsCounted}`)
  console.log(
    `start to first 200 on /: ${Math.round(result.newStartMs)} ms new DATA_DIR, ${Math.round(result.restartMs)} ms existing (the page the stop kept), the server itself ready ${Math.round(result.readyMs)} ms (kept pages: ${result.keptPages}); ` +
      `the floor (Bun opening a copy of the same DATA_DIR, one query): ${Math.round(result.floorMs)} ms, restart/floor ${(result.restartMs / result.floorMs).toFixed(2)} (goal ≤ 1.3), ready/floor ${(result.readyMs / result.floorMs).toFixed(2)}; ` +
      `on it: the server's modules alone ${Math.round(result.modulesMs)} ms, both at once (the database on a Worker) ${Math.round(result.overlapMs)} ms, ${(result.overlapMs / result.floorMs).toFixed(2)} × the floor; ` +
      `RSS ${result.restRssMb.toFixed(0)} MB at rest, ${result.peakRssMb.toFixed(0)} MB peak under load; first-load JS ${result.firstLoadKb.toFixed(1)} KB gzip`,
  )
  console.log(cpuFloorLine(result))
  console.log(
    `Bun floor (Bun.serve answering the bytes from memory, nothing else): RSS ${result.bunFloorRestRssMb.toFixed(0)} MB at rest, ${result.bunFloorPeakRssMb.toFixed(0)} MB peak under the same load (its growth: ${(result.bunFloorPeakRssMb - result.bunFloorRestRssMb).toFixed(0)} MB; ours: ${(result.peakRssMb - result.restRssMb).toFixed(0)} MB)`,
  )
}

/**
 * The CPU time each start step used (every thread), and what the restart's own
 * CPU time alone allows: spread over every core with nothing waiting, it still
 * takes its CPU time ÷ the cores, whatever the order of the work.
 */
function cpuFloorLine(run: Run): string {
  const cores = cpus().length
  const bound = run.restartCpuMs / cores
  return (
    `CPU time to ready (every thread): the floor ${Math.round(run.floorCpuMs)} ms, the modules alone ${Math.round(run.modulesCpuMs)} ms, ` +
    `the restart to the server ready ${Math.round(run.restartCpuMs)} ms; on ${cores} cores that restart cannot take less than ${Math.round(bound)} ms, ` +
    `${(bound / run.floorMs).toFixed(2)} × the floor`
  )
}

/**
 * Milliseconds from spawning scripts/start-floor.ts with `args` to its `ready`, and the CPU
 * time it had used by then (all its threads, as it prints it).
 */
async function startFloor(args: string[]): Promise<{ ms: number; cpuMs: number }> {
  const spawnedAt = performance.now()
  const child = Bun.spawn(['bun', join(root, 'scripts/start-floor.ts'), ...args], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const reader = child.stdout.getReader()
  let text = ''
  let readyMs = Number.NaN
  let cpuMs = Number.NaN
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
    if (Number.isNaN(readyMs) && text.includes('ready')) readyMs = performance.now() - spawnedAt
    const ready = /ready ([\d.]+)\n/.exec(text)
    if (ready) {
      cpuMs = Number(ready[1])
      break
    }
  }
  await child.exited
  return { ms: readyMs, cpuMs }
}

const { buildClient, clientBuildIsStale } = await import('../server/build/client')
if (clientBuildIsStale(root, join(root, 'dist'))) {
  console.log('building the client…')
  await buildClient(root)
}

const bunVersion = Bun.spawnSync(['bun', '--version']).stdout.toString().trim()
const machine = `bun --version ${bunVersion}; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}); load average ${loadavg()
  .map((value) => value.toFixed(2))
  .join(' ')}`
console.log(machine)
console.log(
  `bench: ${runs} run(s); ${wrkPath ? `wrk -t1 -c${connections}` : `autocannon -c${connections} (wrk not installed)`}, ${seconds} s per target after 1 s warm-up, a browser's User-Agent and Accept-Encoding: ${browserAcceptEncoding}`,
)
console.log(
  `ours: \`bun run start\` as README runs it (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, LOG_LEVEL=${logLevel ?? 'default (info)'}, stdout to a ${stdoutTarget}); baselines: ${nginxPath ? 'nginx (1 worker, default access log to a file), ' : 'nginx not installed, '}Bun floor (Bun.serve answering from memory), both with our headers and bytes${baselineRoot ? `; and the checkout in ${baselineRoot}, alternating run by run` : ''}`,
)

const checkouts: { label: string; cwd: string }[] = baselineRoot
  ? [
      { label: 'baseline', cwd: baselineRoot },
      { label: 'ours', cwd: root },
    ]
  : [{ label: 'ours', cwd: root }]
const all: Run[] = []
for (let run = 1; run <= runs; run++) {
  // Alternating which goes first, so neither always meets the same part of the machine's load.
  const order = run % 2 ? checkouts : [...checkouts].reverse()
  for (const checkout of order) all.push(await oneRun(run, checkout.label, checkout.cwd))
}

for (const checkout of checkouts) {
  const mine = all.filter((run) => run.label === checkout.label)
  if (mine.length > 1) printMedians(checkout.label, mine)
}

function printMedians(label: string, all: Run[]) {
  const m = (pick: (run: Run) => number) => median(all.map(pick))
  const names = serverNames()
  console.log(`\n${label}: medians of ${all.length} runs (Markdown):\n`)
  console.log(
    `| target | ${names.map((name) => `${name} req/s`).join(' | ')} | ours / ${baselineName()} | ours / Bun floor | ${names.map((name) => `${name} p99`).join(' | ')} | ${names.map((name) => `${name} CPU/req`).join(' | ')} |`,
  )
  console.log(
    `|---|${names.map(() => '---|').join('')}---|---|${names.map(() => '---|---|').join('')}`,
  )
  for (const target of Object.keys(all[0]?.targets ?? {})) {
    const get = (name: string, key: keyof Figures) =>
      m((run) => run.targets[target]?.[name]?.[key] ?? Number.NaN)
    const ratio = m(
      (run) =>
        (run.targets[target]?.ours?.rps ?? 0) / (run.targets[target]?.[baselineName()]?.rps ?? 1),
    )
    const toFloor = m(
      (run) =>
        (run.targets[target]?.ours?.rps ?? 0) / (run.targets[target]?.['Bun floor']?.rps ?? 1),
    )
    console.log(
      `| \`${target}\` | ${names.map((name) => Math.round(get(name, 'rps')).toLocaleString('en')).join(' | ')} | ${ratio.toFixed(2)} | ${toFloor.toFixed(2)} | ${names.map((name) => `${get(name, 'p99').toFixed(1)} ms`).join(' | ')} | ${names.map((name) => `${get(name, 'cpu').toFixed(1)} µs`).join(' | ')} |`,
    )
  }
  console.log(
    `\nat the defaults against the bare server (LOG_LEVEL=warn ANALYTICS=off), medians of ${runs} runs (Markdown):\n`,
  )
  console.log(
    '| target | defaults req/s | bare req/s | defaults / bare | defaults CPU/req | bare CPU/req | added CPU | defaults user/req | bare user/req | the least on Bun adds (user), % of bare |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const target of Object.keys(all[0]?.targets ?? {})) {
    const get = (name: string, key: keyof Figures) =>
      m((run) => run.targets[target]?.[name]?.[key] ?? Number.NaN)
    const ratio = m(
      (run) =>
        (run.targets[target]?.[countingOn]?.rps ?? 0) /
        (run.targets[target]?.[analyticsOff]?.rps ?? 1),
    )
    console.log(
      `| \`${target}\` | ${Math.round(get(countingOn, 'rps')).toLocaleString('en')} | ${Math.round(get(analyticsOff, 'rps')).toLocaleString('en')} | ${ratio.toFixed(3)} | ${get(countingOn, 'cpu').toFixed(1)} µs | ${get(analyticsOff, 'cpu').toFixed(1)} µs | ${m(
        (run) => {
          const on = run.targets[target]?.[countingOn]
          const off = run.targets[target]?.[analyticsOff]
          return on && off ? defaultsCost(on, off) : Number.NaN
        },
      ).toFixed(
        1,
      )} % | ${get(countingOn, 'user').toFixed(1)} µs | ${get(analyticsOff, 'user').toFixed(1)} µs | ${m(
        (run) => leastCost(run.targets[target] ?? {}).micros,
      ).toFixed(1)} µs (${m((run) => leastCost(run.targets[target] ?? {}, 'user').micros).toFixed(
        1,
      )} µs), ${m((run) => leastCost(run.targets[target] ?? {}).percent).toFixed(1)} % |`,
    )
  }
  console.log(
    `\n| start to first 200 on / (new DATA_DIR) | restart (existing): first 200 on /; the server ready | restart / floor; ready / floor | modules alone; both at once / floor | CPU: floor, modules, restart to ready; restart's CPU ÷ ${cpus().length} cores / floor | RSS at rest | RSS peak under load | Bun floor: at rest, peak | first-load JS |\n|---|---|---|---|---|---|---|---|---|\n| ${Math.round(m((r) => r.newStartMs))} ms | ${Math.round(m((r) => r.restartMs))} ms; ${Math.round(m((r) => r.readyMs))} ms | ${m((r) => r.restartMs / r.floorMs).toFixed(2)}; ${m((r) => r.readyMs / r.floorMs).toFixed(2)} (floor ${Math.round(m((r) => r.floorMs))} ms) | ${Math.round(m((r) => r.modulesMs))} ms; ${m((r) => r.overlapMs / r.floorMs).toFixed(2)} | ${Math.round(m((r) => r.floorCpuMs))}, ${Math.round(m((r) => r.modulesCpuMs))}, ${Math.round(m((r) => r.restartCpuMs))} ms; ${m((r) => r.restartCpuMs / cpus().length / r.floorMs).toFixed(2)} | ${m((r) => r.restRssMb).toFixed(0)} MB | ${m((r) => r.peakRssMb).toFixed(0)} MB | ${Number.isNaN(m((r) => r.bunFloorPeakRssMb)) ? '–' : `${m((r) => r.bunFloorRestRssMb).toFixed(0)}, ${m((r) => r.bunFloorPeakRssMb).toFixed(0)} MB`} | ${m((r) => r.firstLoadKb).toFixed(1)} KB gzip |`,
  )
}

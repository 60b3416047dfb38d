/**
 * `bun run test`: every suite. First `bun test` (unit + API contract tests),
 * then, on PostgreSQL, the cluster test (scripts/test-cluster.ts), then the
 * Playwright journeys against the real server. Uses PGlite unless
 * DATABASE_URL is set; then the API suite makes a database per file and the
 * browser suite runs on a fresh database of its own on the same server, with
 * the journeys that reach database-specific code (e2e/support/database-journeys.ts;
 * `E2E_ALL=1`: every journey). Prints each phase's duration and ends with one
 * line: `N passed, N failed`.
 *
 * TEST_PARTS (default `unit,cluster,e2e`) picks parts: CI runs the two databases' `bun test`
 * side by side (each is one thread), then each database's journeys (docs/testing.md, "CI").
 * Each database writes its Playwright report, artifacts and data directory apart, so two runs
 * can share a checkout.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { basename } from 'node:path'
import postgres from 'postgres'
import { databaseJourneys } from '../e2e/support/database-journeys'
import { apartServers } from '../e2e/support/servers'

const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
console.log(
  `\n== database: ${databaseUrl ? `PostgreSQL (${new URL(databaseUrl).host})` : 'PGlite (embedded)'}\n`,
)
mkdirSync('.tmp', { recursive: true })
const parts = new Set(
  (process.env.TEST_PARTS ?? 'unit,cluster,e2e')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
)
for (const part of parts) {
  if (!['unit', 'cluster', 'e2e'].includes(part)) {
    console.error(`TEST_PARTS: unknown part "${part}" (unit, cluster, e2e)`)
    process.exit(2)
  }
}
const runName = databaseUrl ? 'postgres' : 'pglite'

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`

async function run(cmd: string[], env: Record<string, string | undefined>) {
  const child = Bun.spawn(cmd, { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' })
  let output = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder()
    const reader = stream.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const text = decoder.decode(value, { stream: true })
      output += text
      sink.write(text)
    }
  }
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)])
  return { code: await child.exited, output }
}

let passed = 0
let failed = 0

// 1. bun test
let unitOutput = ''
if (parts.has('unit')) {
  const unitStart = performance.now()
  const unit = await run(['bun', 'test', '--timeout', '20000'], {})
  unitOutput = unit.output
  const unitPass = Number(/^\s*(\d+) pass$/m.exec(unit.output)?.[1] ?? 0)
  const unitFail = Number(/^\s*(\d+) fail$/m.exec(unit.output)?.[1] ?? 0)
  passed += unitPass
  failed += unitFail + (unit.code !== 0 && unitFail === 0 ? 1 : 0)
  console.log(
    `\n== bun test: ${unitPass} passed, ${unitFail} failed (exit ${unit.code}) in ${seconds(unitStart)}\n`,
  )
}

// 2. The cluster test (three server processes on one PostgreSQL database): PostgreSQL only.
let clusterOutput = ''
if (!parts.has('cluster')) {
  // not asked for (TEST_PARTS)
} else if (databaseUrl) {
  const clusterStart = performance.now()
  const cluster = await run(['bun', 'run', 'scripts/test-cluster.ts'], {})
  clusterOutput = cluster.output
  const counts = /^(\d+) passed, (\d+) failed$/m.exec(cluster.output)
  const clusterPass = Number(counts?.[1] ?? 0)
  let clusterFail = Number(counts?.[2] ?? 0)
  if (cluster.code !== 0 && clusterFail === 0) clusterFail = 1
  passed += clusterPass
  failed += clusterFail
  console.log(
    `\n== cluster: ${clusterPass} passed, ${clusterFail} failed (exit ${cluster.code}) in ${seconds(clusterStart)}\n`,
  )
} else {
  console.log(
    '\n== cluster: skipped (PGlite is single-instance by design; set DATABASE_URL to run it)\n',
  )
}

// 3. Playwright, on a database of its own.
let e2eDatabaseUrl = ''
let dropE2eDatabase = async () => {}
const report = `.tmp/e2e-results-${runName}.json`
if (parts.has('e2e') && databaseUrl) {
  // The main server's database and one for each server of its own (e2e/support/servers.ts).
  const name = `portfolio_e2e_${process.pid}`
  const names = [name, ...apartServers.map((server) => `${name}_${server.name}`)]
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  for (const each of names) {
    await admin.unsafe(`drop database if exists "${each}" with (force)`)
    await admin.unsafe(`create database "${each}"`)
  }
  await admin.end()
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  e2eDatabaseUrl = url.toString()
  dropE2eDatabase = async () => {
    const cleanup = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    for (const each of names) await cleanup.unsafe(`drop database if exists "${each}" with (force)`)
    await cleanup.end()
  }
}
rmSync(report, { force: true })
/** Journey files on the list that ran no test (runJourneys). */
const notRun: string[] = []
if (parts.has('e2e')) await runJourneys()

async function runJourneys() {
  // On PostgreSQL, the journeys that reach database-specific code; every journey on PGlite.
  const journeyFiles =
    databaseUrl && process.env.E2E_ALL !== '1' ? databaseJourneys.map(({ file }) => file) : []
  if (journeyFiles.length > 0)
    console.log(
      `\n== playwright on PostgreSQL: the ${journeyFiles.length} journey files of e2e/support/database-journeys.ts (E2E_ALL=1: all)\n`,
    )
  const e2eStart = performance.now()
  const e2e = await run(['bunx', 'playwright', 'test', '--reporter=list,json'], {
    E2E_ONLY: journeyFiles.join(','),
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    E2E_DATABASE_URL: e2eDatabaseUrl,
    // Apart from the other database's run, which may share this checkout (TEST_PARTS).
    E2E_PORT: process.env.E2E_PORT ?? (databaseUrl ? '4331' : '4321'),
    E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${runName}`,
    E2E_OUTPUT_DIR: process.env.E2E_OUTPUT_DIR ?? `.tmp/test-results-${runName}`,
  })
  await dropE2eDatabase()
  let e2ePass = 0
  let e2eFail = 0
  try {
    const stats = JSON.parse(readFileSync(report, 'utf8')).stats as {
      expected: number
      unexpected: number
      flaky: number
      skipped: number
    }
    e2ePass = stats.expected + stats.flaky
    // No test is skipped on purpose: a skipped one is a journey that did not run because a
    // project it depends on failed (playwright.config.ts), and counts as failed.
    e2eFail = stats.unexpected + stats.skipped
  } catch {
    e2eFail = 1 // no report: the run itself failed
  }
  // A listed file that ran nothing is a pass that did not run: a failure, never a silent skip
  // (E2E_ONLY takes file names; a name no project matches runs nothing).
  const ran = filesRun(report)
  for (const file of journeyFiles) {
    if (ran.has(file)) continue
    notRun.push(`playwright: ${file} is on the PostgreSQL list but ran no journey`)
    e2eFail += 1
  }
  if (e2e.code !== 0 && e2eFail === 0) e2eFail = 1
  passed += e2ePass
  failed += e2eFail
  console.log(
    `\n== playwright: ${e2ePass} passed, ${e2eFail} failed (exit ${e2e.code}) in ${seconds(e2eStart)}\n`,
  )
}

// CI keeps only the tail of the output: repeat what failed, briefly, right above the summary.
const failures = [
  ...unitFailures(unitOutput),
  ...clusterOutput.split('\n').filter((line) => line.startsWith('cluster: ')),
  ...e2eFailures(report),
  ...notRun,
]
if (failures.length > 0) {
  console.log('== what failed')
  for (const line of failures.slice(0, 80)) console.log(line)
  console.log()
}
// A journey that failed and then passed on its retry (CI only: playwright.config.ts) counts
// as passed, and is named here so that a flaky one is seen and fixed.
const flaky = e2eFailures(report, 'flaky')
if (flaky.length > 0) {
  console.log('== what failed once, then passed on its retry')
  for (const line of flaky.slice(0, 40)) console.log(line)
  console.log()
}

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

/** Each `(fail)` line of `bun test`, with the error lines printed above it; unhandled errors too. */
function unitFailures(output: string): string[] {
  const lines = output.split('\n')
  const out: string[] = []
  lines.forEach((line, index) => {
    if (/^\(fail\)|Unhandled error|^error: /.test(line.trim())) {
      if (line.trim().startsWith('(fail)')) {
        const context = lines
          .slice(Math.max(0, index - 8), index)
          .filter((l) => /error|expect|Received|Expected|timed out/i.test(l))
        out.push(...context.map((l) => `   ${l.trim().slice(0, 200)}`))
      }
      out.push(`bun test: ${line.trim().slice(0, 300)}`)
    }
  })
  return out
}

type JsonSuite = {
  title: string
  specs?: {
    title: string
    file?: string
    ok: boolean
    tests: { status?: string; results: { error?: { message?: string } }[] }[]
  }[]
  suites?: JsonSuite[]
}

/** The journey files (`notes.e2e.ts`) with at least one test in the JSON report. */
function filesRun(path: string): Set<string> {
  const files = new Set<string>()
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? []) if (spec.file) files.add(basename(spec.file))
    for (const child of suite.suites ?? []) walk(child)
  }
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as { suites?: JsonSuite[] }
    for (const suite of report.suites ?? []) walk(suite)
  } catch {
    // no report: counted as a failure already
  }
  return files
}

/** Each failed (or flaky) Playwright test, with the first line of its (first) error. */
function e2eFailures(path: string, kind: 'failed' | 'flaky' = 'failed'): string[] {
  const out: string[] = []
  const walk = (suite: JsonSuite, trail: string[]) => {
    for (const spec of suite.specs ?? []) {
      const flaky = spec.tests.some((t) => t.status === 'flaky')
      if (kind === 'failed' ? spec.ok : !flaky) continue
      const message =
        spec.tests.flatMap((t) => t.results).find((r) => r.error?.message)?.error?.message ?? ''
      out.push(`playwright: ${[...trail, spec.title].join(' › ')}`)
      const first = Bun.stripANSI(message)
        .split('\n')
        .find((l) => l.trim())
      if (first) out.push(`   ${first.trim().slice(0, 200)}`)
    }
    for (const child of suite.suites ?? [])
      walk(child, suite.title ? [...trail, suite.title] : trail)
  }
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as { suites?: JsonSuite[] }
    for (const suite of report.suites ?? []) walk(suite, [])
  } catch {
    // no report: the run's own output says why
  }
  return out
}

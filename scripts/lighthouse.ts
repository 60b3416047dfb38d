/**
 * `bun run lighthouse`: Lighthouse's mobile preset (Moto G Power viewport,
 * simulated slow 4G and 4× CPU slowdown) on the public pages of the
 * production server, with the system Chromium. A script that prints
 * figures, not a test.
 *
 * Starts `bun server/index.ts` (NODE_ENV=production, the client built first
 * if stale) on a new temp DATA_DIR (or DATABASE_URL), seeds it through the
 * API with uploaded images (6 projects, 3 featured, the audited project page
 * with two images; 6 timeline events), then audits /, /projects, a project
 * page, /contact-me, /cv, /privacy, /notes, a note and /search (LIGHTHOUSE_PAGES: a comma-separated subset) and prints, per page, the four category scores and
 * the Largest Contentful Paint (median of LIGHTHOUSE_RUNS runs, 1 by
 * default), with FCP, CLS and TBT beside them. Each page is audited a second time as its
 * limit: the same HTML with every script removed, served by nginx (scripts/no-script-limit.ts;
 * LIGHTHOUSE_LIMIT=0: not), printed beside ours. Last, the machine: Bun, Chromium and
 * Lighthouse versions, CPU, load and Lighthouse's benchmarkIndex.
 *
 *   bun run lighthouse
 *   LIGHTHOUSE_RUNS=3 bun run lighthouse
 *   CHROME_PATH=/path/to/chromium bun run lighthouse   (or CHROMIUM_PATH; /usr/bin/chromium by default)
 *   bun run lighthouse --check   (exit 1 when a score is below 100, an LCP above 1.0 s or a TBT above 150 ms)
 *   LIGHTHOUSE_REPORT_DIR=.tmp/lighthouse bun run lighthouse   (each page's full result as JSON, and its trace)
 *   LIGHTHOUSE_STYLE=editorial bun run lighthouse   (the site in that style; `all`: each style in turn)
 *   LIGHTHOUSE_LIMIT_ONLY=loader bun run lighthouse   (the limit: the page without that one script: jsonld, loader, speculationrules; or manifest: without its link)
 *   LIGHTHOUSE_LIMIT_HEADERS=ours bun run lighthouse   (the limit answered with our page's headers too; coop: its Cross-Origin-Opener-Policy alone)
 *
 * Before the pages, a blank page of another server is audited once and not counted:
 * the first audit in a new Chromium carries a long task of Lighthouse's own
 * (LIGHTHOUSE_WARMUP=0: not).
 *
 * Run as root, the server and Chromium get `nice -10` (LIGHTHOUSE_NICE=0: not): Lantern
 * multiplies the CPU time it observes by 4, and on a shared machine that time includes
 * other work's.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Subprocess } from 'bun'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { DEFAULT_SITE_STYLE, isSiteStyle, SITE_STYLES } from '../src/domain/site-styles'
import { chromiumFlags, chromiumPath } from './chromium'
import { seedLighthouseContent } from './lighthouse-content'
import { median } from './median'
import {
  type LimitHeaders,
  limitHeaderChoices,
  type NoScriptLimit,
  nginxPath,
  type SingleScript,
  singleScriptNames,
  startNoScriptLimit,
} from './no-script-limit'
import { signIn } from './seed-content'
import { firstOk, freePort, startServer, stop } from './server-process'
import { publicPagePaths } from './site-pages'

const root = resolve(import.meta.dir, '..')
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
const check = process.argv.includes('--check')
/** LIGHTHOUSE_REPORT_DIR: where each page's full Lighthouse result (JSON) is written. */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR
if (reportDir) mkdirSync(reportDir, { recursive: true })
const databaseUrl = process.env.DATABASE_URL ?? ''
/** LIGHTHOUSE_STYLE: the site style(s) audited (Settings → Appearance); `all`: each in turn. */
const styleSetting = process.env.LIGHTHOUSE_STYLE?.trim() || DEFAULT_SITE_STYLE
const styles =
  styleSetting === 'all' ? [...SITE_STYLES] : styleSetting.split(',').map((s) => s.trim())
for (const style of styles) {
  if (!isSiteStyle(style))
    throw new Error(`LIGHTHOUSE_STYLE: ${style} is not one of ${SITE_STYLES.join(', ')} (or all).`)
}
const admin = { username: 'lighthouse', password: 'lighthouse password 123' }
const chromePath = process.env.CHROME_PATH || chromiumPath

/** The flags of the project guide: a headless browser that talks to nobody but the server. */
const chromeFlags = ['--headless', ...chromiumFlags]

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/** LCP on every public page. */
const LCP_BUDGET_MS = 1_000
/** Total Blocking Time on every public page. */
const TBT_BUDGET_MS = 150

interface Figures {
  scores: Record<(typeof categories)[number], number>
  lcp: number
  fcp: number
  cls: number
  tbt: number
  /** Lighthouse's own measure of this machine's speed (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number
  lcpElement: string
  /** Scored audits that did not pass: what keeps a category under 100. */
  failing: string[]
}

/** Three notes through the API; answers the middle one's slug (it has a previous and a next). */
async function seedNotes(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  const { token } = (await login.json()) as { token: string }
  let slug = ''
  for (let i = 1; i <= 3; i++) {
    const response = await fetch(`${base}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Note ${i} on TypeScript`,
        summary: 'What building this portfolio taught me about TypeScript and PostgreSQL.',
        body: `## Why\n\n${'Types catch mistakes before users do. '.repeat(40)}\n\n- one\n- two\n\n\`\`\`ts\nconst answer: number = 42\n\`\`\``,
        tags: ['TypeScript', 'PostgreSQL'],
        status: 'published',
        published_at: new Date(Date.UTC(2026, 0, i)).toISOString(),
      }),
    })
    if (response.status !== 201) throw new Error(`seeding a note: ${response.status}`)
    const note = (await response.json()) as { slug: string }
    if (i === 2) slug = note.slug
  }
  return slug
}

/** One Lighthouse run, mobile preset (Lighthouse's default config). */
async function audit(url: string, port: number, report: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    // A first visit: Lighthouse clears the HTTP cache but keeps cookies and local storage
    // between runs unless told, and the site keeps the theme choice and whether the web fonts
    // are in this browser's cache in its cookies (src/domain/appearance.ts).
    clearStorageTypes: [
      'cookies',
      'file_systems',
      'shader_cache',
      'service_workers',
      'cache_storage',
      'local_storage',
    ],
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error(`${url}: Lighthouse gave no result`)
  if (reportDir) {
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_'
    writeFileSync(join(reportDir, `${report}${name}.json`), JSON.stringify(lhr, null, 1))
    // The trace Lighthouse recorded (open it in Chromium's Performance panel): what a long task holds.
    const trace = (result.artifacts as { Trace?: unknown }).Trace
    if (trace) writeFileSync(join(reportDir, `${report}${name}.trace.json`), JSON.stringify(trace))
  }
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const score = (name: (typeof categories)[number]) =>
    Math.round((lhr.categories[name]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  // Lighthouse 12 and later name the element in the LCP breakdown insight (earlier: its own audit).
  const lcpItems =
    lhr.audits['lcp-breakdown-insight']?.details ??
    lhr.audits['largest-contentful-paint-element']?.details
  const lcpElement =
    JSON.stringify(lcpItems ?? '').match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] ?? ''
  const failing = categories.flatMap((name) =>
    (lhr.categories[name]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const found = lhr.audits[ref.id]
        return found && found.score !== null && found.score < 1
          ? [`${name}: ${ref.id} (${found.displayValue ?? found.score})`]
          : []
      }),
  )
  return {
    failing,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    lcpElement: lcpElement.replace(/\\"/g, '"').slice(0, 80),
  }
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP; more often on a
 * busy machine): up to two more tries. `report`: the report file's prefix (style, and
 * whether it is the limit's), under LIGHTHOUSE_REPORT_DIR.
 */
async function auditWithRetry(url: string, port: number, report: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, report)
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`retrying ${url}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

/** The median of each figure over the runs. */
function medianFigures(all: Figures[]): Figures {
  const first = all[0]
  if (!first) throw new Error('no run')
  const pick = (get: (figures: Figures) => number) => median(all.map(get))
  return {
    scores: {
      performance: pick((f) => f.scores.performance),
      accessibility: pick((f) => f.scores.accessibility),
      'best-practices': pick((f) => f.scores['best-practices']),
      seo: pick((f) => f.scores.seo),
    },
    lcp: pick((f) => f.lcp),
    fcp: pick((f) => f.fcp),
    cls: pick((f) => f.cls),
    tbt: pick((f) => f.tbt),
    benchmarkIndex: pick((f) => f.benchmarkIndex),
    lcpElement: first.lcpElement,
    failing: [...new Set(all.flatMap((f) => f.failing))],
  }
}

/** The machine the figures come from: Bun, Chromium and Lighthouse versions, CPU, load, benchmarkIndex. */
function machineLine(benchmarkIndexes: number[]): string {
  const chromium =
    new TextDecoder()
      .decode(Bun.spawnSync([chromePath ?? 'chromium', '--version']).stdout)
      .trim() || 'unknown'
  const { version: lighthouseVersion } = JSON.parse(
    readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string }
  const indexes = benchmarkIndexes.filter(Number.isFinite)
  const index = indexes.length
    ? `${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))} (median ${Math.round(median(indexes))})`
    : 'unknown'
  return `machine: Bun ${Bun.version}; ${chromium}; Lighthouse ${lighthouseVersion}; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}); load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; benchmarkIndex ${index}`
}

const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-lighthouse-'))
const port = freePort()
const base = `http://127.0.0.1:${port}`
let server: Subprocess | undefined
let chrome: chromeLauncher.LaunchedChrome | undefined
let failed = false

try {
  if (!chromePath) throw new Error('No Chromium: set CHROME_PATH (or CHROMIUM_PATH).')
  const { buildClient, clientBuildIsStale } = await import('../server/build/client')
  if (clientBuildIsStale(root, join(root, 'dist'))) {
    console.log('building the client…')
    await buildClient(root)
  }
  server = startServer({ dataDir, port, databaseUrl, admin, logLevel: 'warn', stdout: 'ignore' })
  await firstOk(`${base}/healthz`)
  const slug = await seedLighthouseContent(base, admin)
  const noteSlug = await seedNotes(base)
  // Every public page; LIGHTHOUSE_PAGES=/,/contact-me audits some of them (`{slug}`: the project page, `{note}`: the note).
  const all = publicPagePaths({ project: slug, note: noteSlug })
  const chosen = process.env.LIGHTHOUSE_PAGES?.split(',').map((path) =>
    path.trim().replace('{slug}', slug).replace('{note}', noteSlug),
  )
  const pages = chosen?.length ? all.filter((path) => chosen.includes(path)) : all
  // Warm the response cache: the audit measures the page, not its first render.
  for (const path of pages) await (await fetch(`${base}${path}`)).arrayBuffer()

  // Lantern multiplies the CPU time it observes by 4: on a busy machine that is other work's
  // time too. Run as root, the server and Chromium get a higher CPU priority (LIGHTHOUSE_NICE=0: not).
  const prioritise = process.getuid?.() === 0 && process.env.LIGHTHOUSE_NICE !== '0'
  let launchPath = chromePath
  if (prioritise) {
    Bun.spawnSync(['renice', '-n', '-10', '-p', String(server.pid)])
    launchPath = join(dataDir, 'chromium-priority.sh')
    writeFileSync(launchPath, `#!/bin/sh\nexec nice -n -10 ${JSON.stringify(chromePath)} "$@"\n`, {
      mode: 0o755,
    })
  }
  chrome = await chromeLauncher.launch({ chromePath: launchPath, chromeFlags })
  console.log(
    `Lighthouse mobile preset (simulated throttling), ${runs} run(s) per page, median${prioritise ? ', server and Chromium at nice -10' : ''}; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  )
  const token = await signIn(base, admin)
  // The first audit in a new Chromium carries a long task of Lighthouse's own (its injected
  // `_lighthouse-eval.js`, up to 0.5 s, counted in the page's TBT). A page of another server,
  // audited once and not counted, takes it; ours stays as cold as it was (LIGHTHOUSE_WARMUP=0: not).
  if (process.env.LIGHTHOUSE_WARMUP !== '0') {
    const blank = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () =>
        new Response('<!doctype html><html lang="en"><title>Warm-up</title><p>Warm-up.</p>', {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    })
    try {
      const first = await auditWithRetry(`http://127.0.0.1:${blank.port}/`, chrome.port, 'warmup-')
      console.log(
        `warm-up: a blank page of another server, audited once and not counted: TBT ${Math.round(first.tbt)} ms\n`,
      )
    } finally {
      blank.stop(true)
    }
  }
  // LIGHTHOUSE_LIMIT=0: no limit. Otherwise each page is audited a second time without its
  // scripts, from nginx (scripts/no-script-limit.ts): what the page would score with no script.
  const withLimit = process.env.LIGHTHOUSE_LIMIT !== '0' && Boolean(nginxPath)
  // LIGHTHOUSE_LIMIT_ONLY=jsonld|loader|speculationrules|manifest: the limit is the page
  // without that one script (or the manifest's link), so ours minus the limit is what it alone costs.
  const limitOnly = process.env.LIGHTHOUSE_LIMIT_ONLY?.trim() || undefined
  if (limitOnly && !singleScriptNames.includes(limitOnly as SingleScript))
    throw new Error(`LIGHTHOUSE_LIMIT_ONLY: one of ${singleScriptNames.join(', ')}`)
  if (limitOnly)
    console.log(
      `the limit: each page without its ${limitOnly === 'manifest' ? 'manifest link' : `${limitOnly} script`} only`,
    )
  // LIGHTHOUSE_LIMIT_HEADERS=ours|coop: the limit answered with our page's headers too (or its COOP alone).
  const limitHeaders = (process.env.LIGHTHOUSE_LIMIT_HEADERS?.trim() || 'none') as LimitHeaders
  if (!limitHeaderChoices.includes(limitHeaders))
    throw new Error(`LIGHTHOUSE_LIMIT_HEADERS: one of ${limitHeaderChoices.join(', ')}`)
  if (limitHeaders !== 'none')
    console.log(
      `the limit: answered with ${limitHeaders === 'ours' ? "our page's headers" : 'our Cross-Origin-Opener-Policy'}`,
    )
  if (!withLimit)
    console.log(
      nginxPath
        ? 'LIGHTHOUSE_LIMIT=0: no no-script limit'
        : 'nginx not installed: no no-script limit (apt-get install nginx)',
    )
  const rows: string[] = [
    `| style | page | performance | accessibility | best practices | SEO | LCP | FCP | CLS | TBT |${withLimit ? ' limit: performance | limit: LCP | limit: TBT | TBT − limit |' : ''}`,
    `|---|---|---|---|---|---|---|---|---|---|${withLimit ? '---|---|---|---|' : ''}`,
  ]
  const elements: string[] = []
  const benchmarkIndexes: number[] = []
  for (const style of styles) {
    const response = await fetch(`${base}/api/appearance`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ style }),
    })
    if (!response.ok) throw new Error(`PUT /api/appearance: ${response.status}`)
    for (const path of pages) await (await fetch(`${base}${path}`)).arrayBuffer()
    const limit: NoScriptLimit | undefined = withLimit
      ? await startNoScriptLimit(base, pages, limitOnly as SingleScript | undefined, limitHeaders)
      : undefined
    for (const path of pages) {
      const all: Figures[] = []
      const limitRuns: Figures[] = []
      for (let run = 0; run < runs; run++) {
        all.push(await auditWithRetry(`${base}${path}`, chrome.port, `${style}-`))
        if (limit) {
          limitRuns.push(
            await auditWithRetry(`${limit.base}${path}`, chrome.port, `${style}-limit-`),
          )
        }
      }
      const figures = medianFigures(all)
      const limitFigures = limitRuns.length ? medianFigures(limitRuns) : undefined
      benchmarkIndexes.push(figures.benchmarkIndex)
      const shown = path.startsWith('/projects/') ? '/projects/{slug}' : path
      rows.push(
        `| ${style} | \`${shown}\` | ${categories.map((name) => figures.scores[name]).join(' | ')} | ${(figures.lcp / 1000).toFixed(2)} s | ${(figures.fcp / 1000).toFixed(2)} s | ${figures.cls.toFixed(3)} | ${Math.round(figures.tbt)} ms |${limitFigures ? ` ${limitFigures.scores.performance} | ${(limitFigures.lcp / 1000).toFixed(2)} s | ${Math.round(limitFigures.tbt)} ms | ${Math.round(figures.tbt - limitFigures.tbt)} ms |` : ''}`,
      )
      elements.push(`${style} ${shown}: LCP element ${figures.lcpElement || '(none reported)'}`)
      for (const audit of figures.failing) elements.push(`  not passed: ${audit}`)
      const belowFull = categories.some((name) => figures.scores[name] < 100)
      const lcpOver = figures.lcp > LCP_BUDGET_MS
      const tbtOver = figures.tbt > TBT_BUDGET_MS
      if (belowFull || lcpOver || tbtOver) failed = true
    }
    await limit?.stop()
  }
  console.log(rows.join('\n'))
  console.log(`\n${elements.join('\n')}`)
  console.log(`\n${machineLine(benchmarkIndexes)}`)
  if (failed) {
    console.log(
      `\nBelow target: a score under 100, an LCP over ${LCP_BUDGET_MS / 1000} s or a TBT over ${TBT_BUDGET_MS} ms on a page.`,
    )
  }
} finally {
  chrome?.kill()
  if (server) await stop(server)
  rmSync(dataDir, { recursive: true, force: true })
}
if (check && failed) process.exit(1)

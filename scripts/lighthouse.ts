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
 * page and /contact-me and prints, per page, the four category scores and
 * the Largest Contentful Paint (median of LIGHTHOUSE_RUNS runs, 1 by
 * default), with FCP, CLS and TBT beside them.
 *
 *   bun run lighthouse
 *   LIGHTHOUSE_RUNS=3 bun run lighthouse
 *   CHROME_PATH=/path/to/chromium bun run lighthouse   (or CHROMIUM_PATH; /usr/bin/chromium by default)
 *   bun run lighthouse --check   (exit 1 when a score is below 100 or an LCP above 1.0 s)
 *   LIGHTHOUSE_REPORT_DIR=.tmp/lighthouse bun run lighthouse   (each page's full result as JSON)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Subprocess } from 'bun'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import sharp from 'sharp'
import { firstOk, freePort, startServer, stop } from './server-process'

const root = resolve(import.meta.dir, '..')
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
const check = process.argv.includes('--check')
/** LIGHTHOUSE_REPORT_DIR: where each page's full Lighthouse result (JSON) is written. */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR
if (reportDir) mkdirSync(reportDir, { recursive: true })
const databaseUrl = process.env.DATABASE_URL ?? ''
const admin = { username: 'lighthouse', password: 'lighthouse password 123' }
const chromePath =
  process.env.CHROME_PATH ??
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

/** The flags of the project guide: a headless browser that talks to nobody but the server. */
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/** The pages whose LCP must stay at or under 1.0 s (issue 14 §4). */
const LCP_BUDGET_MS = 1_000

/** A photo-like test image: a gradient with a few shapes, encoded as PNG. */
async function testImage(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.25}" fill="rgba(255,255,255,0.35)"/>
    <rect x="${width * 0.55}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.5}" rx="24" fill="rgba(0,0,0,0.2)"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/**
 * Content as an owner would have it: uploaded screenshots (so pages get
 * WebP variants and placeholders, as in production), featured projects on
 * the home page, a timeline. Answers with the audited project's slug.
 */
async function seed(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (login.status !== 200) throw new Error(`seeding: sign-in failed (${login.status})`)
  const { token } = (await login.json()) as { token: string }
  const authorization = `Bearer ${token}`

  const images: string[] = []
  for (const [index, hue] of [210, 20, 140].entries()) {
    const form = new FormData()
    form.append(
      'file',
      new File([new Uint8Array(await testImage(1600, 900, hue))], `screenshot-${index}.png`, {
        type: 'image/png',
      }),
    )
    form.append('alt', `Screenshot ${index + 1}`)
    const response = await fetch(`${base}/api/media`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    })
    if (response.status !== 201) throw new Error(`seeding: upload failed (${response.status})`)
    images.push(((await response.json()) as { url: string }).url)
  }

  const create = async (path: string, data: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(data),
    })
    if (response.status !== 201) throw new Error(`seeding ${path}: ${response.status}`)
    return (await response.json()) as { slug: string }
  }
  let slug = ''
  for (let i = 1; i <= 6; i++) {
    const project = await create('/api/projects', {
      title: `Project ${i}: a tool people use`,
      description: `Short description of project ${i}, what it does and for whom.`,
      long_description: `## What it is\n\nA longer description of project ${i}. `.repeat(6),
      website_url: `https://example.com/project-${i}`,
      image_urls: [images[i % images.length], images[(i + 1) % images.length]],
      tags: ['TypeScript', 'React', 'PostgreSQL'],
      is_featured: i <= 3,
    })
    if (i === 2) slug = project.slug
  }
  for (let i = 1; i <= 6; i++) {
    await create('/api/timeline', {
      title: `Role ${i}`,
      start_date: `Jan 20${10 + i}`,
      end_date: i === 6 ? null : `Dec 20${10 + i}`,
      position: 'Engineer',
      description: ['Built things people use.', 'Shipped them on time.'],
      event_type: i % 3 === 0 ? 'education' : 'experience',
    })
  }
  return slug
}

interface Figures {
  scores: Record<(typeof categories)[number], number>
  lcp: number
  fcp: number
  cls: number
  tbt: number
  lcpElement: string
  /** Scored audits that did not pass: what keeps a category under 100. */
  failing: string[]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** One Lighthouse run, mobile preset (Lighthouse's default config). */
async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error(`${url}: Lighthouse gave no result`)
  if (reportDir) {
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_'
    writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(lhr, null, 1))
  }
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const score = (name: (typeof categories)[number]) =>
    Math.round((lhr.categories[name]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const lcpItems = lhr.audits['largest-contentful-paint-element']?.details
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
    lcpElement: lcpElement.replace(/\\"/g, '"').slice(0, 80),
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): one more try. */
async function auditWithRetry(url: string, port: number): Promise<Figures> {
  try {
    return await audit(url, port)
  } catch (error) {
    console.log(`retrying ${url}: ${error instanceof Error ? error.message : String(error)}`)
    return audit(url, port)
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
    lcpElement: first.lcpElement,
    failing: [...new Set(all.flatMap((f) => f.failing))],
  }
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
  const slug = await seed(base)
  const pages = ['/', '/projects', `/projects/${slug}`, '/contact-me']
  // Warm the response cache: the audit measures the page, not its first render.
  for (const path of pages) await (await fetch(`${base}${path}`)).arrayBuffer()

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
  console.log(
    `Lighthouse mobile preset (simulated throttling), ${runs} run(s) per page, median; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  )
  const rows: string[] = [
    '| page | performance | accessibility | best practices | SEO | LCP | FCP | CLS | TBT |',
    '|---|---|---|---|---|---|---|---|---|',
  ]
  const elements: string[] = []
  for (const path of pages) {
    const all: Figures[] = []
    for (let run = 0; run < runs; run++)
      all.push(await auditWithRetry(`${base}${path}`, chrome.port))
    const figures = medianFigures(all)
    const shown = path.startsWith('/projects/') ? '/projects/{slug}' : path
    rows.push(
      `| \`${shown}\` | ${categories.map((name) => figures.scores[name]).join(' | ')} | ${(figures.lcp / 1000).toFixed(2)} s | ${(figures.fcp / 1000).toFixed(2)} s | ${figures.cls.toFixed(3)} | ${Math.round(figures.tbt)} ms |`,
    )
    elements.push(`${shown}: LCP element ${figures.lcpElement || '(none reported)'}`)
    for (const audit of figures.failing) elements.push(`  not passed: ${audit}`)
    const belowFull = categories.some((name) => figures.scores[name] < 100)
    const lcpOver = path !== '/contact-me' && figures.lcp > LCP_BUDGET_MS
    if (belowFull || lcpOver) failed = true
  }
  console.log(rows.join('\n'))
  console.log(`\n${elements.join('\n')}`)
  if (failed) {
    console.log(
      `\nBelow target: a score under 100, or an LCP over ${LCP_BUDGET_MS / 1000} s on /, /projects or a project page.`,
    )
  }
} finally {
  chrome?.kill()
  if (server) await stop(server)
  rmSync(dataDir, { recursive: true, force: true })
}
if (check && failed) process.exit(1)

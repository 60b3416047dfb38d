/**
 * `bun run screenshots`: every public page and admin screen at 390 px and
 * 1280 px, in the light and the dark colour scheme, as PNGs in
 * `.tmp/screens/` (or SCREENS_DIR) to look at before calling a screen done.
 * No comparison: a script to regenerate the pictures, not a test (its core,
 * scripts/screenshots-core.ts, runs in CI: e2e/appearance/screenshots.e2e.ts).
 *
 * Starts the production server (the client built once if stale) on a temp
 * DATA_DIR with the bench's content (20 projects, 10 events), signs in
 * through the API and hands the token to the admin screens the way the
 * login page does (localStorage). Two share links and a few visits from
 * made-up browsers fill the Analytics and Share links screens.
 *
 * `--styles`: the public pages in each site style (Settings → Appearance),
 * into a folder per style (`.tmp/screens/editorial/…`), the site put back to
 * its first style after.
 *
 * `--readme`: also the README's pictures, into `docs/screenshots/`: the home
 * page (light), a project page (dark) and the admin dashboard (light), each
 * the first screen of a 1280 × 800 window, and the home page in each site
 * style (`style-<name>-<theme>.png`).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { DEFAULT_SITE_STYLE, SITE_STYLES } from '../src/domain/site-styles'
import { chromiumLaunchOptions } from './chromium'
import { captureScreens, screenPaths } from './screenshots-core'
import { createRow, seedContent, signIn } from './seed-content'
import { firstOk, freePort, startServer, stop } from './server-process'

const root = resolve(import.meta.dir, '..')
const outDir = resolve(process.env.SCREENS_DIR ?? join(root, '.tmp/screens'))
const admin = { username: 'screens', password: 'screens password 123' }

const { buildClient, clientBuildIsStale } = await import('../server/build/client')
if (clientBuildIsStale(root, join(root, 'dist'))) {
  console.log('building the client…')
  await buildClient(root)
}

/** Page views as visitors make them: their own browsers, some from other sites, two through share links. */
async function seedVisits(base: string, token: string, slug: string): Promise<void> {
  const acme = (await createRow(base, token, '/api/share-links', {
    name: 'Acme — summer internship',
    target_path: '/projects',
  })) as unknown as { url: string }
  await createRow(base, token, '/api/share-links', {
    name: 'Globex — graduate role',
    target_path: '/',
  })
  const browsers = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  ]
  const referrers = ['https://www.linkedin.com/feed/', 'https://www.google.com/', '', '']
  const pages = ['/', '/projects', `/projects/${slug}`, '/contact-me', '/']
  for (const [index, userAgent] of browsers.entries()) {
    const headers = { 'user-agent': userAgent, referer: referrers[index] ?? '' }
    if (index === 0) await fetch(`${base}${acme.url}`, { headers })
    for (const path of pages.slice(index)) await fetch(`${base}${path}`, { headers })
  }
}

async function setStyle(base: string, token: string, style: string): Promise<void> {
  const response = await fetch(`${base}/api/appearance`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ style }),
  })
  if (!response.ok) throw new Error(`PUT /api/appearance: ${response.status}`)
}

/** The README's three pictures: what a visitor and the owner see first. */
async function readmeShots(base: string, token: string, slug: string): Promise<void> {
  const dir = join(root, 'docs/screenshots')
  mkdirSync(dir, { recursive: true })
  const shots = [
    { path: '/', scheme: 'light', file: 'home-light.png' },
    { path: `/projects/${slug}`, scheme: 'dark', file: 'project-dark.png' },
    { path: '/admin', scheme: 'light', file: 'admin-light.png' },
  ] as const
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: shot.scheme,
    })
    const page = await context.newPage()
    if (shot.path.startsWith('/admin')) {
      await page.goto(`${base}/`)
      await page.evaluate((value) => localStorage.setItem('token', value), token)
    }
    await page.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' })
    await page.screenshot({ path: join(dir, shot.file) })
    await context.close()
  }
  // The home page in each site style, as a visitor first sees it.
  const styleShots = [
    { style: 'minimal', scheme: 'light' },
    { style: 'editorial', scheme: 'light' },
    { style: 'bold', scheme: 'dark' },
  ] as const
  for (const shot of styleShots) {
    await setStyle(base, token, shot.style)
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: shot.scheme,
    })
    const page = await context.newPage()
    await page.goto(`${base}/`, { waitUntil: 'networkidle' })
    await page.screenshot({ path: join(dir, `style-${shot.style}-${shot.scheme}.png`) })
    await context.close()
  }
  await setStyle(base, token, DEFAULT_SITE_STYLE)
  console.log(`README pictures in ${dir}`)
}

mkdirSync(outDir, { recursive: true })
const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-screens-'))
const port = freePort()
const base = `http://127.0.0.1:${port}`
const server = startServer({
  dataDir,
  port,
  databaseUrl: '',
  admin,
  logLevel: 'warn',
  stdout: 'ignore',
})
const browser = await chromium.launch(chromiumLaunchOptions)
try {
  await firstOk(`${base}/healthz`)
  const slug = await seedContent(base, admin)
  const token = await signIn(base, admin)
  await seedVisits(base, token, slug)
  if (process.argv.includes('--styles')) {
    for (const style of SITE_STYLES) {
      await setStyle(base, token, style)
      const dir = join(outDir, style)
      mkdirSync(dir, { recursive: true })
      const paths = screenPaths(slug).public
      const shots = await captureScreens({ browser, base, token, slug, outDir: dir, paths })
      console.log(`${style}: ${shots.length} screenshots in ${dir}`)
    }
    await setStyle(base, token, DEFAULT_SITE_STYLE)
  } else {
    const shots = await captureScreens({ browser, base, token, slug, outDir })
    console.log(`${shots.length} screenshots in ${outDir}`)
  }
  if (process.argv.includes('--readme')) await readmeShots(base, token, slug)
} finally {
  await browser.close()
  await stop(server)
  rmSync(dataDir, { recursive: true, force: true })
}

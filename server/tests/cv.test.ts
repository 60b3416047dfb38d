/**
 * Issue 16, the CV: `/cv` rendered on the server from the profile, the
 * timeline (experience and education) and the published projects in their
 * order, with its print stylesheet; the sitemap lists it; the home page links
 * to `/cv.pdf`.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, sample, type TestApp, testEnv } from './harness'

setDefaultTimeout(30_000)

const SITE = 'https://ada.example'

function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-cv-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-e1.js', isEntry: true } }),
  )
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>')
  return dir
}

/** The page's visible text (no tags, no scripts, no styles): what a visitor reads. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist(), cache: true })
  token = await t.login()
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', path, { token, body })
    expect(r.status).toBe(201)
  }
  // Created last first: a new row comes first in the manual order.
  await post('/api/projects', {
    ...sample.project('Second Shown'),
    website_url: 'https://second.example/',
  })
  await post('/api/projects', {
    ...sample.project('Secret Draft'),
    is_published: false,
  })
  await post('/api/projects', {
    ...sample.project('First Shown'),
    repo_url: 'https://github.com/ada/first',
    role: 'Lead developer',
    period: 'Spring 2025',
    tags: ['TypeScript', 'PostgreSQL'],
  })
  await post('/api/timeline', {
    ...sample.event('State University'),
    position: 'BSc Computer Science',
    event_type: 'education',
  })
  await post('/api/timeline', {
    title: 'Acme Corp',
    start_date: 'Jun 2024',
    end_date: 'Aug 2024',
    position: 'Software Engineering Intern',
    description: ['Built the **billing** export', 'Cut page loads by half'],
    event_type: 'experience',
  })
}, 30_000)
afterAll(() => t.close())

describe('/cv', () => {
  test('shows the profile, experience, education and the published projects in order', async () => {
    const page = await t.request('GET', '/cv')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const text = visibleText(page.text)
    expect(text).toContain(testEnv.OWNER_NAME)
    expect(text).toContain(testEnv.OWNER_EMAIL)
    expect(text).toContain('Experience')
    expect(text).toContain('Acme Corp')
    expect(text).toContain('Software Engineering Intern')
    expect(text).toContain('Jun 2024 – to Aug 2024')
    expect(text).toContain('Built the billing export')
    expect(text).toContain('Education')
    expect(text).toContain('State University')
    expect(text).toContain('BSc Computer Science')
    expect(text).toContain('Lead developer')
    expect(text).toContain('Spring 2025')
    expect(text).toContain('TypeScript · PostgreSQL')
    expect(text).toContain('github.com/ada/first')
    expect(text).not.toContain('Secret Draft')
    const first = text.indexOf('First Shown')
    const second = text.indexOf('Second Shown')
    expect(first).toBeGreaterThan(-1)
    expect(second).toBeGreaterThan(first)
    // Experience comes before education, both before the projects.
    expect(text.indexOf('Acme Corp')).toBeLessThan(text.indexOf('State University'))
    expect(text.indexOf('State University')).toBeLessThan(first)
    expect(page.text).toContain(`<link rel="canonical" href="${SITE}/cv"/>`)
  })

  test('carries a print stylesheet: the paper size, no navigation, links as text', async () => {
    const html = (await t.request('GET', '/cv')).text
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    expect(css).toMatch(/@page\s*\{[^}]*size:\s*auto/)
    expect(css).toMatch(/@page\s*\{[^}]*margin:/)
    const print = css.slice(css.indexOf('@media print'))
    expect(print).toMatch(/header, footer[^{]*\{\s*display: none/)
    expect(print).toContain('content: " (" attr(data-print-url) ")"')
    // The site's header (with its navigation) is what print hides.
    expect(html).toMatch(/<header[\s\S]*<nav/)
  })

  test('the home page links to the PDF and the sitemap lists /cv', async () => {
    const home = await t.request('GET', '/')
    expect(home.text).toMatch(/<a href="\/cv\.pdf"[^>]*>Download CV<\/a>/)
    const sitemap = (await t.request('GET', '/sitemap.xml')).text
    expect(sitemap).toContain(`<loc>${SITE}/cv</loc>`)
  })
})

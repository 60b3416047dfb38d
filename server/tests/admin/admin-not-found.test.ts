/**
 * Unknown admin addresses answer 404, as any other unknown path does, with
 * the spec's 404 words in the HTML the server sends (the browser then shows
 * the admin's own 404 inside its frame); the admin's screens answer 200.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

/** A client build as the server sees it: only its manifest matters to the renderer. */
function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-admin-404-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  const manifest = {
    'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true },
  }
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dev shell</title>')
  return dir
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ ssr: true, distDir: stubDist() })
}, 60_000)
afterAll(() => t.close())

test('the admin screens that exist answer 200', async () => {
  for (const path of [
    '/admin',
    '/admin/profile',
    '/admin/media',
    '/admin/messages',
    '/admin/analytics',
    '/admin/projects',
    '/admin/timeline',
    '/admin/projects/new',
    '/admin/projects/edit/1',
    '/setup',
  ]) {
    const r = await t.request('GET', path)
    expect([path, r.status]).toEqual([path, 200])
    expect(r.text).not.toContain('Page Not Found.')
  }
})

test('/admin/<unknown>: 404, never cached', async () => {
  for (const path of [
    '/admin/nope',
    '/admin/settings',
    '/admin/projects/nope',
    '/admin/timeline/nope',
    '/admin/a/b/c',
  ]) {
    const r = await t.request('GET', path)
    expect([path, r.status]).toEqual([path, 404])
    expect(r.headers.get('cache-control')).toBe('no-store')
    const main = /<main\b[\s\S]*<\/main>/.exec(r.text)?.[0] ?? ''
    expect(main).toContain('Page Not Found.')
    expect(main).toContain('Sorry, the page you are looking for does not exist.')
  }
})

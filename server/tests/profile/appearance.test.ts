/**
 * The site style (Settings → Appearance), on PGlite and PostgreSQL: anyone
 * reads it, the signed-in owner sets one of the styles there are (anything
 * else is a 400 that changes nothing), every server-rendered page carries it
 * on <html data-style>, even from the response cache right after a change,
 * and preloads no web font (the faces come after the largest paint); a
 * backup carries it (a file from before styles restores the default).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN, createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const STYLES = ['minimal', 'editorial', 'bold']

/** A client build as the server sees it: the entry and the three font files. */
function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-appearance-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  const font = (pkg: string, name: string) => ({
    [`../node_modules/@fontsource-variable/${pkg}/files/${name}.woff2`]: {
      file: `assets/${name}-h4sh.woff2`,
      src: `../node_modules/@fontsource-variable/${pkg}/files/${name}.woff2`,
    },
  })
  const manifest = {
    ...font('inter', 'inter-latin-wght-normal'),
    ...font('fraunces', 'fraunces-latin-opsz-normal'),
    ...font('bricolage-grotesque', 'bricolage-grotesque-latin-opsz-normal'),
    'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true },
  }
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dev shell</title>')
  return dir
}

/** The <html> start tag's data-style and the font preloads of a rendered page. */
function styleOf(html: string): { style: string | undefined; preloads: string[] } {
  const tag = /<html\b[^>]*>/.exec(html)?.[0] ?? ''
  const style = /\bdata-style="([^"]*)"/.exec(tag)?.[1]
  const preloads = [...html.matchAll(/<link\b[^>]*rel="preload"[^>]*>/g)]
    .map((match) => match[0])
    .filter((link) => link.includes('as="font"'))
    .map((link) => /href="([^"]*)"/.exec(link)?.[1] ?? '')
  return { style, preloads }
}

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ ssr: true, cache: true, distDir: stubDist() })
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

describe('GET and PUT /api/appearance', () => {
  test('a new site is minimal; anyone may read it', async () => {
    const r = await t.request('GET', '/api/appearance')
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({ style: 'minimal', styles: STYLES })
  })

  test('setting the style needs the owner', async () => {
    const r = await t.request('PUT', '/api/appearance', { body: { style: 'bold' } })
    expect(r.status).toBe(401)
    expect(r.body.error).toEqual(expect.any(String))
    expect((await t.request('GET', '/api/appearance')).body.style).toBe('minimal')
  })

  test('an unknown style, or none, is a 400 naming the styles, and changes nothing', async () => {
    const before = await t.snapshot()
    for (const body of [{ style: 'brutalist' }, { style: '' }, {}, { style: 3 }]) {
      const r = await t.request('PUT', '/api/appearance', { token, body })
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual(expect.any(String))
      expect(JSON.stringify(r.body)).toContain('minimal, editorial, bold')
    }
    expect(await t.snapshot()).toEqual(before)
  })

  test('the owner sets each style; the answer and every later read have it', async () => {
    for (const style of ['editorial', 'bold', 'minimal']) {
      const r = await t.request('PUT', '/api/appearance', { token, body: { style } })
      expect(r.status).toBe(200)
      expect(r.json).toStrictEqual({ style, styles: STYLES })
      expect((await t.request('GET', '/api/appearance')).json).toStrictEqual({
        style,
        styles: STYLES,
      })
    }
  })
})

describe('pages', () => {
  test('every public page carries the style on <html>, and no web font on the largest paint’s path', async () => {
    for (const style of ['bold', 'editorial', 'minimal']) {
      // Pages already in the response cache follow the change at once.
      await t.request('GET', '/')
      await t.request('PUT', '/api/appearance', { token, body: { style } })
      for (const path of ['/', '/projects', '/cv', '/contact-me', '/no-such-page']) {
        const page = await t.request('GET', path)
        expect(page.headers.get('content-type') ?? '').toContain('text/html')
        // The build has the three faces (stubDist): none is preloaded.
        expect(styleOf(page.text), `${style} ${path}`).toEqual({ style, preloads: [] })
      }
    }
  })
})

describe('backups', () => {
  test('a backup carries the style and a restore brings it back', async () => {
    await t.request('PUT', '/api/appearance', { token, body: { style: 'editorial' } })
    const backup = await t.request('GET', '/api/backup', { token })
    expect(backup.status).toBe(200)
    const tables = backup.body.tables as Record<string, unknown[]>
    expect(tables.appearance).toEqual([expect.objectContaining({ id: 1, style: 'editorial' })])

    await t.request('PUT', '/api/appearance', { token, body: { style: 'bold' } })
    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: backup.json },
    })
    expect(restored.status).toBe(200)
    token = await t.login()
    expect((await t.request('GET', '/api/appearance')).body.style).toBe('editorial')
    expect(styleOf((await t.request('GET', '/')).text).style).toBe('editorial')
  })

  test('a file from before site styles (version 6) restores as minimal', async () => {
    await t.request('PUT', '/api/appearance', { token, body: { style: 'bold' } })
    const backup = (await t.request('GET', '/api/backup', { token })).body
    const { appearance: _dropped, ...tables } = backup.tables as Record<string, unknown>
    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: { ...backup, version: 6, tables } },
    })
    expect(restored.status).toBe(200)
    token = await t.login()
    expect((await t.request('GET', '/api/appearance')).json).toStrictEqual({
      style: 'minimal',
      styles: STYLES,
    })
  })

  test('a file with an unknown style is refused before anything changes', async () => {
    const backup = (await t.request('GET', '/api/backup', { token })).body
    const tables = backup.tables as Record<string, unknown>
    const before = await t.snapshot()
    const r = await t.request('POST', '/api/restore', {
      token,
      body: {
        password: ADMIN.password,
        backup: { ...backup, tables: { ...tables, appearance: [{ id: 1, style: 'neon' }] } },
      },
    })
    expect(r.status).toBe(400)
    expect(await t.snapshot()).toEqual(before)
  })
})

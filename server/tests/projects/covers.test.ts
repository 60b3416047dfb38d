/**
 * Generated project covers (GET /covers/projects/{slug}.svg) as a browser
 * fetches them for a card or a project page without an image: an SVG drawn
 * from the title, the tags and the accent colour, revalidated by ETag, drawn
 * again after a content write, 404 for a project nobody may see.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { COVER, projectCoverUrl } from '../../../src/domain/project-cover'
import { MARGIN_X } from '../../og/cover'
import { createTestApp, type TestApp } from '../support/harness'

type Cover = Parameters<typeof projectCoverUrl>[0]

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp({ cache: true })
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.handle(new Request(`http://localhost${path}`, { headers }))
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const base = { description: 'A short description.', long_description: 'Long.' }

async function createProject(body: Record<string, unknown>) {
  const created = await t.request('POST', '/api/projects', { token, body: { ...base, ...body } })
  expect(created.status).toBe(201)
  return created.body as { id: number; slug: string; title: string; tags: string[] }
}

/** The picture's size as a renderer reads it (throws when the SVG does not parse). */
async function drawnSize(svg: string) {
  const { width, height, format } = await sharp(Buffer.from(svg)).metadata()
  return { width, height, format }
}

/** What the cover's lines say (each line of outlines carries its words), top to bottom. */
function linesOf(svg: string): string[] {
  return [...svg.matchAll(/<g data-text="([^"]*)"/g)].map((match) =>
    (match[1] ?? '').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
  )
}

async function setAccent(accent_color: string) {
  const {
    age: _age,
    photo: _photo,
    greeting: _greeting,
    bio_html: _bioHtml,
    version: _version,
    ...fields
  } = (await t.request('GET', '/api/profile')).body
  const put = await t.request('PUT', '/api/profile', { token, body: { ...fields, accent_color } })
  expect(put.status).toBe(200)
}

describe('a project without an image has a generated cover', () => {
  test('an SVG of 1280 × 720 with its title and tags, kept and revalidated by ETag', async () => {
    const project = await createProject({
      title: 'Analytical Engine',
      tags: ['Brass', 'Punch cards'],
    })
    const path = `/covers/projects/${project.slug}.svg`
    const cover = await get(path)
    expect(cover.status).toBe(200)
    expect(cover.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(await drawnSize(cover.text)).toEqual({ width: 1280, height: 720, format: 'svg' })
    expect(cover.text).toContain('<title>Analytical Engine</title>')
    // The first tag above the title (no "PROJECT"), the others as chips; the title in lines.
    expect(linesOf(cover.text)).toEqual(['BRASS', 'Analytical', 'Engine', 'Punch cards'])
    expect(cover.headers.get('cache-control')).toBe('no-cache')
    const etag = cover.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const again = await get(path, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    // The address a page uses carries a version; the server answers it the same.
    const versioned = await get(projectCoverUrl(project))
    expect(versioned.status).toBe(200)
    expect(versioned.text).toBe(cover.text)
  })

  test('it follows the owner’s accent colour and the project’s words after a write', async () => {
    const project = await createProject({ title: 'Loom', tags: ['Jacquard'] })
    const path = `/covers/projects/${project.slug}.svg`
    const before = await get(path)
    await setAccent('#0f766e')
    const recoloured = await get(path, { 'if-none-match': before.headers.get('etag') ?? '' })
    expect(recoloured.status).toBe(200)
    expect(recoloured.text).toContain('#0f766e')
    expect(recoloured.text).not.toBe(before.text)
    const renamed = await t.request('PUT', `/api/projects/${project.id}`, {
      token,
      body: { ...base, title: 'Loom', tags: ['Jacquard', 'Silk'] },
    })
    expect(renamed.status).toBe(200)
    expect(linesOf((await get(path)).text)).toContain('Silk')
    expect(projectCoverUrl(renamed.body as Cover)).not.toBe(projectCoverUrl(project))
  })

  test('a long title is wrapped and a hostile one stays text', async () => {
    const project = await createProject({
      // (A stored U+FFFF, which input refuses, is feeds-hostile.test.ts's case.)
      title: `<script>alert(1)</script> & a title long enough to need several lines ${'x'.repeat(60)}`,
      tags: ['"quoted"', '<b>'],
    })
    const cover = await get(`/covers/projects/${project.slug}.svg`)
    expect(cover.status).toBe(200)
    expect(cover.text).not.toContain('<script>')
    expect(cover.text).not.toContain('<b>')
    expect(linesOf(cover.text).length).toBeGreaterThan(3)
    expect(await drawnSize(cover.text)).toEqual({ width: 1280, height: 720, format: 'svg' })
  })
})

describe('each cover its own, in the site’s faces, inside its box', () => {
  test('two projects get different covers: their first tag above, their own angle, colours and pattern', async () => {
    const first = await createProject({ title: 'Difference Engine', tags: ['Rust', 'CLI'] })
    const second = await createProject({ title: 'Difference Engine', tags: ['Go'] })
    const [a, b] = await Promise.all(
      [first, second].map(
        async (project) => (await get(`/covers/projects/${project.slug}.svg`)).text,
      ),
    )
    expect(linesOf(a ?? '')[0]).toBe('RUST')
    expect(linesOf(b ?? '')[0]).toBe('GO')
    const background = (svg: string) =>
      [/<linearGradient id="bg"[^>]*>.*?<\/linearGradient>/, /<pattern id="texture".*?<\/pattern>/]
        .map((pattern) => pattern.exec(svg)?.[0])
        .join('')
    expect(background(a ?? '')).not.toBe(background(b ?? ''))
    // Drawn in the site's face as outlines: no font is named for the title, none is loaded.
    expect(a).not.toContain('font-family')
    expect(a).toMatch(/<path id="minimal-\d+-\d+" d="M/)
    // The same project draws the same cover every time.
    expect((await get(`/covers/projects/${first.slug}.svg`)).text).toBe(a ?? '')
  })

  test('a 60-character unbroken title stays inside the margins: measured, and as drawn', async () => {
    const title = 'Supercalifragilisticexpialidocious'.padEnd(60, 'x')
    expect(title).toHaveLength(60)
    const project = await createProject({ title, tags: ['Words', 'Length'] })
    const svg = (await get(`/covers/projects/${project.slug}.svg`)).text
    expect(await drawnSize(svg)).toEqual({ width: 1280, height: 720, format: 'svg' })
    // Every letter is kept, over as many lines as it takes.
    const lines = [...svg.matchAll(/<g data-text="([^"]*)" data-x="(\d+)" data-width="([\d.]+)"/g)]
    const title_lines = lines.slice(1, -1)
    expect(title_lines.map((line) => line[1]).join('')).toBe(title)
    expect(title_lines.length).toBeGreaterThan(1)
    for (const line of lines) {
      expect(Number(line[2]) + Number(line[3])).toBeLessThanOrEqual(COVER.width - MARGIN_X)
    }
    // As drawn: the title's outlines alone, rasterised, leave the margins empty.
    const titleOnly = svg
      .replace(/<rect[^>]*\/>|<circle[^>]*\/>/g, '')
      .replace(/<g fill="[^"]*" fill-opacity="0.8" data-part="eyebrow">.*?<\/g><\/g>/, '')
    const { data, info } = await sharp(Buffer.from(titleOnly))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    let left = info.width
    let right = 0
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if ((data[(y * info.width + x) * 4 + 3] ?? 0) > 0) {
          left = Math.min(left, x)
          right = Math.max(right, x)
        }
      }
    }
    expect(right).toBeGreaterThan(600)
    expect(left).toBeGreaterThanOrEqual(MARGIN_X - 8)
    expect(right).toBeLessThanOrEqual(COVER.width - MARGIN_X)
  })

  test('the title is set in the site style’s display face', async () => {
    const project = await createProject({ title: 'Orrery', tags: [] })
    const path = `/covers/projects/${project.slug}.svg`
    const minimal = (await get(path)).text
    const styled = await t.request('PUT', '/api/appearance', {
      token,
      body: { style: 'editorial' },
    })
    expect(styled.status).toBe(200)
    const editorial = (await get(path)).text
    expect(editorial).toMatch(/<path id="editorial-\d+-\d+"/)
    expect(minimal).not.toMatch(/<path id="editorial-/)
    expect(linesOf(editorial)).toEqual(['PROJECT', 'Orrery'])
    await t.request('PUT', '/api/appearance', { token, body: { style: 'minimal' } })
  })
})

describe('no cover for what nobody may see', () => {
  test('an unknown project, an empty slug or another path: 404 with the JSON error', async () => {
    for (const path of [
      '/covers/projects/no-such-project.svg',
      '/covers/projects/.svg',
      '/covers/projects/a/b.svg',
      '/covers/other.svg',
    ]) {
      const response = await t.request('GET', path)
      expect(response.status, path).toBe(404)
      expect(response.body).toEqual({ error: 'Not found.' })
    }
  })

  test('a draft has none (signed in too), until it is published', async () => {
    const draft = await createProject({ title: 'Hidden Draft', is_published: false })
    const path = `/covers/projects/${draft.slug}.svg`
    expect((await t.request('GET', path)).status).toBe(404)
    expect((await t.request('GET', path, { token })).status).toBe(404)
    const published = await t.request('PUT', `/api/projects/${draft.id}`, {
      token,
      body: { ...base, title: 'Hidden Draft', is_published: true },
    })
    expect(published.status).toBe(200)
    expect((await get(path)).status).toBe(200)
  })

  test('a former slug moves for good to the current cover; nothing but GET and HEAD', async () => {
    const project = await createProject({ title: 'Old Cover Name' })
    const renamed = await t.request('PUT', `/api/projects/${project.id}`, {
      token,
      body: { ...base, title: 'New Cover Name' },
    })
    const moved = await t.request('GET', `/covers/projects/${project.slug}.svg`)
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe(projectCoverUrl(renamed.body as Cover))
    const note = await t.app.handle(
      new Request(`http://localhost/covers/projects/${renamed.body.slug}.svg`, { method: 'POST' }),
    )
    expect(note.status).toBe(405)
    expect(note.headers.get('allow')).toBe('GET, HEAD')
  })
})

/**
 * Link-preview cards (GET /og/…png) as a previewer fetches them: a 1200 × 630
 * PNG per public page, drawn from the content, revalidated by ETag, a new
 * one after a content write, 404 for a project nobody may see.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { createTestApp, type TestApp } from '../support/harness'
import { solid, upload, uploadForm } from '../support/media-fixtures'

const SITE = 'https://ada.example'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp({ siteUrl: SITE, cache: true })
  token = await t.login()
}, 60_000)
afterAll(() => t.close())

interface Fetched {
  status: number
  headers: Headers
  bytes: Uint8Array
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const response = await t.app.handle(new Request(`http://localhost${path}`, { headers }))
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

/** Width and height from a PNG's IHDR chunk; throws when the bytes are no PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (!signature.every((byte, index) => bytes[index] === byte)) throw new Error('not a PNG')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (new TextDecoder().decode(bytes.slice(12, 16)) !== 'IHDR') throw new Error('no IHDR first')
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

async function createProject(body: Record<string, unknown>) {
  const created = await t.request('POST', '/api/projects', {
    token,
    body: { description: 'A short description.', long_description: 'Long.', ...body },
  })
  expect(created.status).toBe(201)
  return created.body as { id: number; slug: string }
}

describe('each public page has a card', () => {
  test('home, projects and contact: 1200 × 630 PNGs a previewer can keep and revalidate', async () => {
    for (const path of ['/og/home.png', '/og/projects.png', '/og/contact-me.png']) {
      const card = await get(path)
      expect(card.status, path).toBe(200)
      expect(card.headers.get('content-type')).toBe('image/png')
      expect(pngSize(card.bytes)).toEqual({ width: 1200, height: 630 })
      // Decodes whole, not just a header.
      const decoded = await sharp(card.bytes).metadata()
      expect([decoded.width, decoded.height, decoded.format]).toEqual([1200, 630, 'png'])
      expect(card.headers.get('cache-control')).toBe('no-cache')
      const etag = card.headers.get('etag') ?? ''
      expect(etag).not.toBe('')
      const again = await get(path, { 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(again.bytes.byteLength).toBe(0)
    }
  })

  test('a project: its own card; HEAD answers without the body; nothing but GET and HEAD', async () => {
    const project = await createProject({
      title: 'Difference Engine',
      tags: ['Brass', 'Gears'],
      image_urls: ['https://images.example/engine.png'],
    })
    const card = await get(`/og/projects/${project.slug}.png`)
    expect(card.status).toBe(200)
    expect(pngSize(card.bytes)).toEqual({ width: 1200, height: 630 })
    const home = await get('/og/home.png')
    expect(Buffer.from(card.bytes).equals(Buffer.from(home.bytes))).toBe(false)

    const head = await t.app.handle(
      new Request(`http://localhost/og/projects/${project.slug}.png`, { method: 'HEAD' }),
    )
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('image/png')
    expect((await head.arrayBuffer()).byteLength).toBe(0)

    const note = await t.app.handle(
      new Request(`http://localhost/og/projects/${project.slug}.png`, { method: 'POST' }),
    )
    expect(note.status).toBe(405)
    expect(note.headers.get('allow')).toBe('GET, HEAD')
  })

  test('the card shows the project’s first uploaded image', async () => {
    const uploaded = await upload(
      t.app,
      token,
      uploadForm(await solid(1600, 900, '#ff0000').png().toBuffer(), {
        name: 'red.png',
        type: 'image/png',
      }),
    )
    expect(uploaded.status).toBe(201)
    const url = uploaded.body.url as string
    const plain = await createProject({ title: 'Plain Project' })
    const pictured = await createProject({ title: 'Plain Project', image_urls: [url] })
    const without = await get(`/og/projects/${plain.slug}.png`)
    const withImage = await get(`/og/projects/${pictured.slug}.png`)
    // The right half of the card is the screenshot: red, where the plain card has none.
    const redOf = async (bytes: Uint8Array) => {
      const { data } = await sharp(bytes)
        .extract({ left: 800, top: 250, width: 200, height: 100 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      let red = 0
      for (let i = 0; i < data.length; i += 3) {
        if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 0) < 60 && (data[i + 2] ?? 0) < 60) red++
      }
      return red / (data.length / 3)
    }
    expect(await redOf(withImage.bytes)).toBeGreaterThan(0.9)
    expect(await redOf(without.bytes)).toBe(0)
  })
})

describe('cached until the content changes', () => {
  test('a profile edit gives the home card a new ETag and new bytes', async () => {
    const before = await get('/og/home.png')
    const etag = before.headers.get('etag') ?? ''
    const profile = (await t.request('GET', '/api/profile')).body
    const {
      age: _age,
      photo: _photo,
      greeting: _greeting,
      bio_html: _bioHtml,
      version: _version,
      ...fields
    } = profile
    const saved = await t.request('PUT', '/api/profile', {
      token,
      body: { ...fields, headline: 'Hello from the Analytical Engine!' },
    })
    expect(saved.status).toBe(200)
    const after = await get('/og/home.png', { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(Buffer.from(after.bytes).equals(Buffer.from(before.bytes))).toBe(false)
  })

  test('an edit the card does not show keeps its bytes, so its ETag still matches', async () => {
    const project = await createProject({ title: 'Steady Card', tags: ['One'] })
    const path = `/og/projects/${project.slug}.png`
    const before = await get(path)
    const etag = before.headers.get('etag') ?? ''
    // Another project: the content version moves, this card's words do not.
    await createProject({ title: 'Unrelated Project' })
    const after = await get(path, { 'if-none-match': etag })
    expect(after.status).toBe(304)
  })
})

describe('no card for what is not public', () => {
  test('an unknown slug, an unknown card and a malformed path are 404s', async () => {
    for (const path of [
      '/og/projects/no-such-project.png',
      '/og/nothing.png',
      '/og/projects/%E0%A4%A.png',
    ]) {
      const response = await t.request('GET', path)
      expect(response.status, path).toBe(404)
      expect(response.body).toEqual({ error: 'Not found.' })
    }
  })

  test('a draft project has no card (404), until it is published', async () => {
    const draft = await createProject({ title: 'Secret Draft', is_published: false })
    const path = `/og/projects/${draft.slug}.png`
    expect((await t.request('GET', path)).status).toBe(404)
    // Signed in makes no difference: cards are public answers.
    expect((await t.request('GET', path, { token })).status).toBe(404)
    const published = await t.request('PUT', `/api/projects/${draft.id}`, {
      token,
      body: {
        title: 'Secret Draft',
        description: 'A short description.',
        long_description: 'Long.',
        is_published: true,
      },
    })
    expect(published.status).toBe(200)
    expect((await get(path)).status).toBe(200)
  })

  test('a former slug moves for good to the current card', async () => {
    const project = await createProject({ title: 'Old Name' })
    const renamed = await t.request('PUT', `/api/projects/${project.id}`, {
      token,
      body: { title: 'New Name', description: 'A short description.', long_description: 'Long.' },
    })
    expect(renamed.status).toBe(200)
    const response = await t.request('GET', `/og/projects/${project.slug}.png`)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(`/og/projects/${renamed.body.slug}.png`)
  })
})

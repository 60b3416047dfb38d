/**
 * The media library: uploads through POST /api/media, what is
 * accepted and refused, what processing leaves in the store, the library's
 * list/alt/delete endpoints, serving /media/<key>, and the image info public
 * answers carry. The store is a temp folder; media-s3.test.ts runs the
 * journey against an S3 server.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import exif from 'exif-reader'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { heicSentence, mediaLimits } from '../../../src/schemas/media'
import { readContentVersion } from '../../db/content-version'
import { media, profile } from '../../db/schema'
import { UnavailableError } from '../../errors'
import { parseRange } from '../../http/surfaces/media'
import { createLimiter, variantWidthsFor } from '../../media/process'
import {
  createTestApp,
  isRecord,
  sample,
  type TestApp,
  type TestResponse,
  tempMediaStore,
  toTestResponse,
} from '../support/harness'
import {
  animatedGif,
  blackPng,
  encodeForm,
  heifPhoto,
  hevcHeic,
  solid,
  upload,
  uploadForm,
} from '../support/media-fixtures'
import { storeJourney } from '../support/media-flow'

setDefaultTimeout(20_000)

let t: TestApp
let token: string
let mediaDir: string
const folder = tempMediaStore()
beforeAll(async () => {
  mediaDir = folder.dir
  t = await createTestApp({ mediaStore: folder.store })
  token = await t.login()
}, 30_000)
afterAll(async () => {
  await t.close()
  folder.remove()
})

const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
const storedFiles = () => readdirSync(mediaDir).sort()
const keyOf = (url: unknown) => String(url).replace(/^\/media\//, '')

/** The bytes stored under a URL's key. */
async function stored(url: unknown): Promise<Buffer<ArrayBuffer>> {
  return Buffer.from(await new Response(t.mediaStore.get(keyOf(url))).arrayBuffer())
}

function variantsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  const variants = Array.isArray(body.variants) ? body.variants : []
  return variants.filter(isRecord)
}

/** Every URL of an uploaded image: its fallback, then its variants. */
const urlsOf = (body: Record<string, unknown>) => [
  String(body.url),
  ...variantsOf(body).map((variant) => String(variant.url)),
]

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return toTestResponse(
    await t.app.handle(new Request(`http://localhost${path}`, { method, headers })),
  )
}

describe('POST /api/media: each accepted type', () => {
  const cases = [
    {
      label: 'a JPEG',
      make: () => solid(1000, 600, '#336699').jpeg().toBuffer(),
      width: 1000,
      height: 600,
      fallback: { type: 'image/jpeg', ext: 'jpg', format: 'jpeg' },
      widths: [320, 640, 960],
    },
    {
      label: 'a PNG with transparency (kept as PNG)',
      make: () => solid(800, 500, { r: 200, g: 40, b: 40, alpha: 0.5 }, true).png().toBuffer(),
      width: 800,
      height: 500,
      fallback: { type: 'image/png', ext: 'png', format: 'png' },
      widths: [320, 640, 800],
    },
    {
      label: 'an opaque PNG (a JPEG fallback)',
      make: () => solid(500, 500, { r: 10, g: 90, b: 10, alpha: 1 }, true).png().toBuffer(),
      width: 500,
      height: 500,
      fallback: { type: 'image/jpeg', ext: 'jpg', format: 'jpeg' },
      widths: [320, 500],
    },
    {
      label: 'a WebP',
      make: () => solid(700, 400, '#2a9d8f').webp().toBuffer(),
      width: 700,
      height: 400,
      fallback: { type: 'image/jpeg', ext: 'jpg', format: 'jpeg' },
      widths: [320, 640],
    },
    {
      label: 'an AVIF',
      make: () => solid(300, 200, '#e9c46a').avif().toBuffer(),
      width: 300,
      height: 200,
      fallback: { type: 'image/jpeg', ext: 'jpg', format: 'jpeg' },
      widths: [300],
    },
    {
      label: 'an animated GIF (stays an animated GIF)',
      make: () => animatedGif(200, 150, 3),
      width: 200,
      height: 150,
      fallback: { type: 'image/gif', ext: 'gif', format: 'gif' },
      widths: [200],
    },
  ]

  for (const c of cases) {
    test(`${c.label}: 201, its row, its files`, async () => {
      const bytes = await c.make()
      const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex')
      // The declared type and the name say nothing: the bytes decide.
      const r = await upload(
        t.app,
        token,
        uploadForm(bytes, { name: 'whatever.txt', type: 'text/plain', alt: ` ${c.label} ` }),
      )
      expect(r.status).toBe(201)
      expect(r.json).toStrictEqual({
        id: expect.any(Number),
        url: `/media/${hash}.${c.fallback.ext}`,
        content_type: c.fallback.type,
        width: c.width,
        height: c.height,
        alt: c.label,
        // The name the file had: kept for the library, whatever its extension says.
        name: 'whatever.txt',
        uses: [],
        variants: c.widths.map((width) => ({
          width,
          url: `/media/${hash}-${width}.webp`,
          content_type: 'image/webp',
        })),
        placeholder: expect.stringMatching(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/),
        bytes: expect.any(Number),
        created_at: isoDate,
        updated_at: isoDate,
      })
      const fallback = await stored(r.body.url)
      expect(r.body.bytes).toBe(fallback.byteLength)
      const meta = await sharp(fallback, { animated: true }).metadata()
      expect(String(meta.format)).toBe(c.fallback.format)
      expect([meta.width, meta.pageHeight ?? meta.height]).toEqual([c.width, c.height])
      if (c.fallback.format === 'gif') expect(meta.pages).toBe(3)
      for (const variant of variantsOf(r.body)) {
        const file = await sharp(await stored(variant.url)).metadata()
        expect(file.format).toBe('webp')
        expect(file.width).toBe(Number(variant.width))
      }
      const placeholder = Buffer.from(String(r.body.placeholder).split(',')[1] ?? '', 'base64')
      expect(placeholder.byteLength).toBeLessThan(300)
      expect((await sharp(placeholder).metadata()).format).toBe('webp')
      const [row] = await t.db.select().from(media).where(eq(media.id, r.id))
      expect(row).toMatchObject({ hash, key: `${hash}.${c.fallback.ext}`, alt: c.label })
    })
  }
})

describe('POST /api/media: refused uploads', () => {
  const accepted = 'upload a JPEG, PNG, WebP, AVIF or GIF image'

  const unsupported = [
    {
      label: 'a text file named .jpg',
      bytes: Buffer.from('just some text, not a picture\n'),
      name: 'photo.jpg',
      type: 'image/jpeg',
    },
    {
      label: 'an SVG (it can carry scripts)',
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
      name: 'logo.svg',
      type: 'image/svg+xml',
    },
    {
      label: 'a PDF',
      bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
      name: 'cv.pdf',
      type: 'image/png',
    },
  ]
  for (const c of unsupported) {
    test(`${c.label}: 415 naming what is accepted, nothing stored`, async () => {
      const before = storedFiles()
      const r = await upload(t.app, token, uploadForm(c.bytes, c))
      expect(r.status).toBe(415)
      expect(r.json).toStrictEqual({ error: expect.stringContaining(accepted) })
      expect(storedFiles()).toEqual(before)
    })
  }

  test('a damaged image (its header, then nothing): 400', async () => {
    const jpeg = await solid(400, 300, '#123456').jpeg().toBuffer()
    const r = await upload(t.app, token, uploadForm(jpeg.subarray(0, 200)))
    expect(r.status).toBe(400)
    expect(r.json).toStrictEqual({
      error: 'The image could not be read: the file is damaged or incomplete.',
    })
  })

  test('no file field, or text in it: 400 with fields.file', async () => {
    const empty = new FormData()
    empty.set('alt', 'no file')
    const text = new FormData()
    text.set('file', 'not a file')
    for (const form of [empty, text]) {
      const r = await upload(t.app, token, form)
      expect(r.status).toBe(400)
      expect(r.body.fields).toStrictEqual({
        file: ['Choose an image to upload (the form field "file" holds no file).'],
      })
    }
  })

  test('alt text over 500 characters: 400 with fields.alt', async () => {
    const jpeg = await solid(50, 50, '#010203').jpeg().toBuffer()
    const r = await upload(t.app, token, uploadForm(jpeg, { alt: 'a'.repeat(501) }))
    expect(r.status).toBe(400)
    expect(r.body.fields).toStrictEqual({ alt: ['Alt text must be at most 500 characters.'] })
  })

  test('a JSON body, or none: 415, the body must be a form', async () => {
    const inits: { headers: Record<string, string>; body?: string }[] = [
      { headers: { 'content-type': 'application/json' }, body: '{"file":"x"}' },
      { headers: {} },
    ]
    for (const init of inits) {
      const r = await toTestResponse(
        await t.app.handle(
          new Request('http://localhost/api/media', {
            method: 'POST',
            headers: { ...init.headers, authorization: `Bearer ${token}` },
            body: init.body,
          }),
        ),
      )
      expect(r.status).toBe(415)
      expect(r.json).toStrictEqual({ error: expect.stringContaining('multipart/form-data') })
    }
  })

  test('a broken multipart body: 400', async () => {
    const r = await toTestResponse(
      await t.app.handle(
        new Request('http://localhost/api/media', {
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=xyz',
            authorization: `Bearer ${token}`,
          },
          body: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nno closing boundary',
        }),
      ),
    )
    expect(r.status).toBe(400)
  })

  test('the tRPC door takes no uploads (415)', async () => {
    const { bytes, type } = await encodeForm(uploadForm(Buffer.from('x')))
    const r = await toTestResponse(
      await t.app.handle(
        new Request('http://localhost/trpc/media.upload', {
          method: 'POST',
          headers: { 'content-type': type, authorization: `Bearer ${token}` },
          body: bytes,
        }),
      ),
    )
    expect(r.status).toBe(415)
  })
})

describe('POST /api/media: HEIC/HEIF photos from phones', () => {
  test('this sharp reads the HEIF container (sharp.format.heif)', async () => {
    expect(sharp.format.heif.input.buffer).toBe(true)
  })

  test('a HEIF photo sharp can decode is taken, stored as the site stores every photo (JPEG + WebP)', async () => {
    const photo = await heifPhoto(solid(640, 480, '#336699'))
    expect((await fileTypeFromBuffer(photo))?.mime).toBe('image/heic')
    const r = await upload(
      t.app,
      token,
      uploadForm(photo, { name: 'IMG_0001.HEIC', type: 'image/heic' }),
    )
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ width: 640, height: 480, content_type: 'image/jpeg' })
    const full = await sharp(await stored(r.body.url)).metadata()
    expect(full.format).toBe('jpeg')
    const pixel = await sharp(await stored(r.body.url))
      .extract({ left: 320, top: 240, width: 1, height: 1 })
      .raw()
      .toBuffer()
    // The colour survives the trip (AV1 and JPEG are both lossy: within a few steps).
    expect(Math.abs((pixel[0] ?? 0) - 0x33)).toBeLessThan(8)
    expect(Math.abs((pixel[2] ?? 0) - 0x99)).toBeLessThan(8)
  })

  test('a HEVC-coded HEIC (an iPhone photo; no decoder in this build): 415 saying how to convert it', async () => {
    const photo = hevcHeic(await heifPhoto(solid(64, 48, '#884422')))
    expect((await fileTypeFromBuffer(photo))?.mime).toBe('image/heic')
    const before = storedFiles()
    const r = await upload(
      t.app,
      token,
      uploadForm(photo, { name: 'IMG_0002.HEIC', type: 'image/heic' }),
    )
    expect(r.status).toBe(415)
    expect(r.json).toStrictEqual({ error: heicSentence })
    expect(heicSentence).toContain('export it as JPEG')
    expect(storedFiles()).toEqual(before)
  })

  test('a file that only says it is HEIC (ftyp, then nothing): 415 with the same sentence', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ])
    const r = await upload(
      t.app,
      token,
      uploadForm(bytes, { name: 'IMG_0003.HEIC', type: 'image/heic' }),
    )
    expect(r.status).toBe(415)
    expect(r.json).toStrictEqual({ error: heicSentence })
  })
})

describe('POST /api/media: size limits', () => {
  /** A body that records whether anything read it. */
  function watchedBody(total: number) {
    const piece = new Uint8Array(256 * 1024)
    const state = { pulled: 0 }
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled >= total) return controller.close()
          state.pulled += piece.byteLength
          controller.enqueue(piece)
        },
      },
      // Nothing is pulled before someone reads.
      { highWaterMark: 0 },
    )
    return { stream, state }
  }

  function postStream(body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
    return t.app
      .handle(new Request('http://localhost/api/media', { method: 'POST', headers, body }))
      .then(toTestResponse)
  }

  test('a declared Content-Length over the limit: 413 before reading anything', async () => {
    const { stream, state } = watchedBody(20 * 1024 * 1024)
    const r = await postStream(stream, {
      authorization: `Bearer ${token}`,
      'content-type': 'multipart/form-data; boundary=xyz',
      'content-length': String(20 * 1024 * 1024),
    })
    expect(r.status).toBe(413)
    // The sentence names the limit, and `fields` the form field, as a 400 does.
    expect(r.json).toStrictEqual({
      error: 'The image is too large: the limit is 15 MB.',
      fields: { file: ['The image is too large: the limit is 15 MB.'] },
    })
    // Nothing of the body was read: the stream was never pulled.
    expect(state.pulled).toBe(0)
  })

  test('a streamed body with no length is cut off just past the limit: 413', async () => {
    const { stream, state } = watchedBody(40 * 1024 * 1024)
    const r = await postStream(stream, {
      authorization: `Bearer ${token}`,
      'content-type': 'multipart/form-data; boundary=xyz',
    })
    expect(r.status).toBe(413)
    expect(r.body.fields).toStrictEqual({ file: ['The image is too large: the limit is 15 MB.'] })
    expect(state.pulled).toBeLessThan(mediaLimits.maxBytes + 1024 * 1024)
  })

  test('a file just over 15 MB inside a body within the limit: 413, nothing stored', async () => {
    const before = storedFiles()
    const big = new Uint8Array(mediaLimits.maxBytes + 1)
    big.set([0xff, 0xd8, 0xff, 0xe0])
    const r = await upload(t.app, token, uploadForm(big, { name: 'big.jpg' }))
    expect(r.status).toBe(413)
    expect(r.json).toStrictEqual({ error: 'The image is too large: the limit is 15 MB.' })
    expect(storedFiles()).toEqual(before)
  })

  test('without a token, even a huge body is a 401, never read', async () => {
    const { stream, state } = watchedBody(20 * 1024 * 1024)
    const r = await postStream(stream, { 'content-type': 'multipart/form-data; boundary=xyz' })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe('Bearer')
    expect(state.pulled).toBe(0)
  })

  test('a 50-megapixel PNG is refused from its header, before decoding: 413', async () => {
    const png = blackPng(10_000, 5_000)
    expect(png.byteLength).toBeLessThan(200 * 1024)
    const before = storedFiles()
    const started = performance.now()
    const r = await upload(t.app, token, uploadForm(png, { name: 'huge.png' }))
    expect(r.status).toBe(413)
    expect(r.json).toStrictEqual({
      error:
        'The image is too large: 10000 × 5000 pixels is 50.0 megapixels, and the limit is 40 megapixels.',
    })
    // Decoding 50 million pixels (and making five variants) would take seconds, not this.
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(storedFiles()).toEqual(before)
  })
})

describe('processing', () => {
  test('GPS, EXIF, XMP and a colour profile are gone from every stored file', async () => {
    const jpeg = await solid(900, 600, '#884422')
      .jpeg()
      .withExif({
        IFD0: { Make: 'SpyCam', Model: 'X1', Copyright: 'someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Spy</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .toBuffer()
    const input = await sharp(jpeg).metadata()
    expect(input.exif && exif(input.exif).GPSInfo?.GPSLatitude).toEqual([51, 30, 0])
    expect(input.xmp).toBeDefined()
    expect(input.hasProfile).toBe(true)

    const r = await upload(t.app, token, uploadForm(jpeg, { name: 'spy.jpg' }))
    expect(r.status).toBe(201)
    const urls = urlsOf(r.body)
    expect(urls).toHaveLength(4)
    for (const url of urls) {
      const bytes = await stored(url)
      const meta = await sharp(bytes).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.iptc).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.hasProfile).toBe(false)
      // Nothing of the original's text anywhere in the file, not even a stray copy.
      for (const text of ['SpyCam', 'GPS', 'xmpmeta', 'someone']) {
        expect(bytes.includes(Buffer.from(text, 'latin1'))).toBe(false)
      }
    }
  })

  test('EXIF orientation is applied: a rotated JPEG comes out upright, width and height swapped', async () => {
    const jpeg = await solid(600, 400, '#225588').jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect((await sharp(jpeg).metadata()).orientation).toBe(6)
    const r = await upload(t.app, token, uploadForm(jpeg, { name: 'rotated.jpg' }))
    expect(r.status).toBe(201)
    expect([r.body.width, r.body.height]).toEqual([400, 600])
    const fallback = await sharp(await stored(r.body.url)).metadata()
    expect([fallback.width, fallback.height, fallback.orientation]).toEqual([400, 600, undefined])
    const variant = await sharp(await stored(variantsOf(r.body)[0]?.url)).metadata()
    expect([variant.width, variant.height]).toEqual([320, 480])
  })

  test('variant widths: the standard ones below the image, its own when worth a file', () => {
    expect(variantWidthsFor(100)).toEqual([100])
    expect(variantWidthsFor(320)).toEqual([320])
    expect(variantWidthsFor(1000)).toEqual([320, 640, 960])
    expect(variantWidthsFor(1200)).toEqual([320, 640, 960, 1200])
    expect(variantWidthsFor(1920)).toEqual([320, 640, 960, 1280, 1920])
    expect(variantWidthsFor(6000)).toEqual([320, 640, 960, 1280, 1920])
  })

  test('the same upload twice is stored once: the same row, 201 both times', async () => {
    const jpeg = await solid(700, 500, '#aa5500').jpeg().toBuffer()
    const first = await upload(t.app, token, uploadForm(jpeg, { alt: 'first' }))
    const files = storedFiles()
    const rows = (await t.db.select().from(media)).length
    const second = await upload(t.app, token, uploadForm(jpeg, { name: 'copy.jpg', alt: 'x' }))
    expect(second.status).toBe(201)
    expect(second.json).toStrictEqual(first.json)
    expect(storedFiles()).toEqual(files)
    expect((await t.db.select().from(media)).length).toBe(rows)
  })

  test('an upload whose files went missing writes them again', async () => {
    const jpeg = await solid(400, 300, '#0055aa').jpeg().toBuffer()
    const first = await upload(t.app, token, uploadForm(jpeg))
    for (const url of urlsOf(first.body)) await t.mediaStore.delete(keyOf(url))
    const again = await upload(t.app, token, uploadForm(jpeg))
    expect(again.json).toStrictEqual(first.json)
    for (const url of urlsOf(first.body)) expect(await t.mediaStore.exists(keyOf(url))).toBe(true)
  })

  test('uploads at once all complete (two are processed at a time)', async () => {
    const colours = ['#100000', '#001000', '#000010', '#101000', '#001010']
    const images = await Promise.all(colours.map((c) => solid(900, 700, c).jpeg().toBuffer()))
    const answers = await Promise.all(
      images.map((image) => upload(t.app, token, uploadForm(image))),
    )
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
  })

  test('the limiter runs two at a time, queues a few, refuses more (503)', async () => {
    const limited = createLimiter(2, 1)
    let running = 0
    let most = 0
    const gates: (() => void)[] = []
    const task = () =>
      limited(async () => {
        running++
        most = Math.max(most, running)
        await new Promise<void>((resolve) => gates.push(resolve))
        running--
      })
    const tasks = [task(), task(), task()] // two run, the third waits its turn
    await expect(task()).rejects.toBeInstanceOf(UnavailableError) // no room left in line
    for (let finished = 0; finished < tasks.length; finished++) {
      while (gates.length === 0) await Bun.sleep(1)
      gates.shift()?.()
    }
    await Promise.all(tasks)
    expect(most).toBe(2)
  })
})

describe('the library: list, alt text, delete', () => {
  let older: Record<string, unknown>
  let newer: Record<string, unknown>
  beforeAll(async () => {
    older = (
      await upload(t.app, token, uploadForm(await solid(640, 480, '#777000').png().toBuffer()))
    ).body
    newer = (
      await upload(t.app, token, uploadForm(await solid(640, 480, '#000777').png().toBuffer()))
    ).body
  })

  test('GET /api/media: newest first, every field', async () => {
    const r = await get('/api/media', { authorization: `Bearer ${token}` })
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('no-store')
    const ids = r.list.map((item) => (isRecord(item) ? item.id : null))
    expect(ids.slice(0, 2)).toEqual([newer.id, older.id])
    expect(r.list[0]).toStrictEqual(newer)
    // Newest first by created_at (uploads made at once can commit in another
    // order than their ids were taken, so the ids need not descend).
    const times = r.list.filter(isRecord).map((item) => String(item.created_at))
    expect(times).toEqual([...times].sort().reverse())
  })

  test('PATCH /api/media/{id}: 200 with the new alt text, the content version moves', async () => {
    const version = await readContentVersion(t.db)
    const r = await t.request('PATCH', `/api/media/${older.id}`, {
      token,
      body: { alt: '  A yellow square  ' },
    })
    expect(r.status).toBe(200)
    expect(r.json).toStrictEqual({ ...older, alt: 'A yellow square', updated_at: isoDate })
    expect(await readContentVersion(t.db)).toBeGreaterThan(version)
    const blank = await t.request('PATCH', `/api/media/${older.id}`, { token, body: {} })
    expect(blank.body.alt).toBe('')
  })

  test('PATCH: 400 for a bad alt, 404 for an unknown id', async () => {
    const long = await t.request('PATCH', `/api/media/${older.id}`, {
      token,
      body: { alt: 'x'.repeat(501) },
    })
    expect(long.status).toBe(400)
    expect(long.body.fields).toHaveProperty('alt')
    const unknown = await t.request('PATCH', '/api/media/999999', { token, body: { alt: 'x' } })
    expect(unknown.status).toBe(404)
    expect(unknown.json).toStrictEqual({ error: 'Image not found.' })
    expect((await t.request('PATCH', '/api/media/abc', { token, body: {} })).status).toBe(400)
  })

  test('DELETE of an image in use: 409 naming every use, nothing removed', async () => {
    const [variant] = variantsOf(newer)
    const project = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Uses A Variant'), image_urls: [String(variant?.url)] },
    })
    const event = await t.request('POST', '/api/timeline', {
      token,
      body: { ...sample.event('Uses The Icon'), icon_path: String(newer.url) },
    })
    await t.db.update(profile).set({ photo_url: String(newer.url) })
    const files = storedFiles()

    const r = await t.request('DELETE', `/api/media/${newer.id}`, { token })
    expect(r.status).toBe(409)
    expect(r.json).toStrictEqual({
      error:
        'This image is still used by the project "Uses A Variant", the timeline event "Uses The Icon" and the profile photo: remove it there first, then delete it.',
    })
    expect(storedFiles()).toEqual(files)

    await t.db.update(profile).set({ photo_url: '/profile.svg' })
    await t.request('DELETE', `/api/timeline/${event.id}`, { token })
    const onlyProject = await t.request('DELETE', `/api/media/${newer.id}`, { token })
    expect(onlyProject.status).toBe(409)
    expect(onlyProject.body.error).toBe(
      'This image is still used by the project "Uses A Variant": remove it there first, then delete it.',
    )
    await t.request('DELETE', `/api/projects/${project.id}`, { token })
  })

  test('DELETE /api/media/{id}: 204, the row to the Trash, its files gone once removed for good, the content version moves', async () => {
    const version = await readContentVersion(t.db)
    const urls = urlsOf(newer)
    const r = await t.request('DELETE', `/api/media/${newer.id}`, { token })
    expect(r.status).toBe(204)
    expect(r.text).toBe('')
    expect(
      await t.db
        .select()
        .from(media)
        .where(eq(media.id, Number(newer.id))),
    ).toEqual([])
    for (const url of urls) expect(storedFiles()).toContain(keyOf(url))
    expect((await t.request('DELETE', `/api/trash/image/${newer.id}`, { token })).status).toBe(204)
    for (const url of urls) expect(storedFiles()).not.toContain(keyOf(url))
    expect(await readContentVersion(t.db)).toBeGreaterThan(version)
    expect((await t.request('DELETE', `/api/media/${newer.id}`, { token })).status).toBe(404)
  })

  test('every media endpoint wants a token: 401', async () => {
    const answers: TestResponse[] = [
      await upload(t.app, null, uploadForm(Buffer.from('x'))),
      await t.request('GET', '/api/media'),
      await t.request('PATCH', `/api/media/${older.id}`, { body: { alt: 'x' } }),
      await t.request('DELETE', `/api/media/${older.id}`),
    ]
    for (const r of answers) {
      expect(r.status).toBe(401)
      expect(r.json).toStrictEqual({ error: 'You need to sign in to do this.' })
    }
    expect(
      await t.db
        .select()
        .from(media)
        .where(eq(media.id, Number(older.id))),
    ).toHaveLength(1)
  })
})

describe('GET /media/<key>', () => {
  let image: Record<string, unknown>
  let bytes: Buffer<ArrayBuffer>
  beforeAll(async () => {
    image = (
      await upload(t.app, token, uploadForm(await solid(360, 240, '#556677').jpeg().toBuffer()))
    ).body
    bytes = await stored(image.url)
  })

  test('200: the file, its type, cached for a year, an ETag, ranges accepted, nosniff', async () => {
    const r = await t.app.handle(new Request(`http://localhost${image.url}`))
    expect(r.status).toBe(200)
    expect(Buffer.from(await r.arrayBuffer())).toEqual(bytes)
    expect(r.headers.get('content-type')).toBe('image/jpeg')
    expect(r.headers.get('content-length')).toBe(String(bytes.byteLength))
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(r.headers.get('etag')).toBe(`"${keyOf(image.url)}"`)
    expect(r.headers.get('accept-ranges')).toBe('bytes')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    const [variant] = variantsOf(image)
    const webp = await get(String(variant?.url))
    expect(webp.headers.get('content-type')).toBe('image/webp')
  })

  test('HEAD: the same headers, no body', async () => {
    const r = await get(String(image.url), {}, 'HEAD')
    expect(r.status).toBe(200)
    expect(r.text).toBe('')
    expect(r.headers.get('content-length')).toBe(String(bytes.byteLength))
    expect(r.headers.get('etag')).toBe(`"${keyOf(image.url)}"`)
  })

  test('304 for a matching If-None-Match', async () => {
    for (const tag of [`"${keyOf(image.url)}"`, `W/"${keyOf(image.url)}"`, '"other", *']) {
      const r = await get(String(image.url), { 'if-none-match': tag })
      expect(r.status).toBe(304)
      expect(r.text).toBe('')
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
    expect((await get(String(image.url), { 'if-none-match': '"other"' })).status).toBe(200)
  })

  test('206 for one range: first bytes, an open end, the last bytes', async () => {
    const size = bytes.byteLength
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      ['bytes=10-999999999', 10, size - 1],
    ] as const) {
      const r = await t.app.handle(
        new Request(`http://localhost${image.url}`, { headers: { range } }),
      )
      expect(r.status).toBe(206)
      expect(r.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`)
      expect(r.headers.get('content-length')).toBe(String(end - start + 1))
      expect(Buffer.from(await r.arrayBuffer())).toEqual(bytes.subarray(start, end + 1))
    }
  })

  test('416 for a range past the end; 200 whole for several ranges or a stale If-Range', async () => {
    const size = bytes.byteLength
    const past = await get(String(image.url), { range: `bytes=${size}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`)
    expect(past.headers.get('cache-control') ?? '').not.toContain('immutable')
    const whole: Record<string, string>[] = [
      { range: 'bytes=0-1,5-9' },
      { range: 'items=0-1' },
      { range: 'bytes=0-9', 'if-range': '"another"' },
    ]
    for (const headers of whole) {
      const r = await get(String(image.url), headers)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-length')).toBe(String(size))
    }
  })

  test('404 for unknown keys and anything that is not a key, traversal included', async () => {
    const key = keyOf(image.url)
    const hash = key.slice(0, 64)
    for (const path of [
      `/media/${'0'.repeat(64)}.jpg`,
      `/media/${hash}-77.webp`,
      `/media/${hash}.JPG`,
      `/media/${hash}.svg`,
      `/media/${hash}.jpg.tmp`,
      `/media/.${key}`,
      '/media/',
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e%2f%2e%2e%2fpackage.json',
      `/media/..%2f${key}`,
      `/media/${hash}%00.jpg`,
      `/media/sub/${key}`,
    ]) {
      const r = await get(path)
      expect(r.status).toBe(404)
      expect(r.headers.get('cache-control')).toBe('no-store')
    }
  })

  test('405 for other methods', async () => {
    const r = await t.request('PUT', String(image.url), { raw: 'x' })
    expect(r.status).toBe(405)
    expect(r.headers.get('allow')).toBe('GET, HEAD')
  })

  test('parseRange, the edge cases', () => {
    expect(parseRange(null, 10)).toBeNull()
    expect(parseRange('bytes=-', 10)).toBeNull()
    expect(parseRange('bytes=5-2', 10)).toBeNull()
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 })
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable')
  })
})

describe('image info in public answers', () => {
  let image: Record<string, unknown>
  let info: Record<string, unknown>
  beforeAll(async () => {
    image = (
      await upload(
        t.app,
        token,
        uploadForm(await solid(1000, 500, '#abcdef').jpeg().toBuffer(), { alt: 'Sky' }),
      )
    ).body
    // The library's own fields (its name, where it is used) are not part of public answers.
    const {
      id: _id,
      bytes: _bytes,
      name: _name,
      uses: _uses,
      created_at: _c,
      updated_at: _u,
      ...rest
    } = image
    info = rest
  })

  test('a project: one entry per image URL, in order, null for one that is not an upload', async () => {
    const [variant] = variantsOf(image)
    const image_urls = [
      String(variant?.url),
      'https://example.com/elsewhere.png',
      String(image.url),
      `/media/${'0'.repeat(64)}.jpg`,
    ]
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('With Pictures'), image_urls },
    })
    expect(created.body.images).toStrictEqual([info, null, info, null])
    const list = await t.request('GET', '/api/projects')
    const listed = list.list.find((item) => isRecord(item) && item.id === created.id)
    expect(isRecord(listed) && listed.images).toStrictEqual([info, null, info, null])
    const bySlug = await t.request('GET', '/api/projects/with-pictures')
    expect(bySlug.body.images).toStrictEqual([info, null, info, null])
    const trpc = await t.request(
      'GET',
      `/trpc/projects.byId?input=${encodeURIComponent(JSON.stringify({ id: created.id }))}`,
    )
    expect(JSON.parse(trpc.text).result.data.images).toStrictEqual([info, null, info, null])
  })

  test('a timeline event: its icon', async () => {
    const created = await t.request('POST', '/api/timeline', {
      token,
      body: { ...sample.event('Iconic'), icon_path: String(image.url) },
    })
    expect(created.body.icon).toStrictEqual(info)
    expect((await t.request('GET', `/api/timeline/${created.id}`)).body.icon).toStrictEqual(info)
    const plain = await t.request('POST', '/api/timeline', {
      token,
      body: { ...sample.event('Plain'), icon_path: '/favicon.svg' },
    })
    expect(plain.body.icon).toBeNull()
  })

  test('the profile: its photo', async () => {
    await t.db.update(profile).set({ photo_url: String(image.url) })
    expect((await t.request('GET', '/api/profile')).body.photo).toStrictEqual(info)
    await t.db.update(profile).set({ photo_url: '/profile.svg' })
    expect((await t.request('GET', '/api/profile')).body.photo).toBeNull()
  })

  test('an alt text edit shows in the answers that use the image', async () => {
    await t.request('PATCH', `/api/media/${image.id}`, { token, body: { alt: 'Blue sky' } })
    const project = await t.request('GET', '/api/projects/with-pictures')
    expect(project.body.images).toStrictEqual([
      { ...info, alt: 'Blue sky' },
      null,
      { ...info, alt: 'Blue sky' },
      null,
    ])
  })
})

storeJourney('the folder store', async () => tempMediaStore())

test('the folder store leaves nothing but its files behind (no temporary files)', () => {
  const keyName = /^[0-9a-f]{64}(-\d+)?\.(jpg|png|gif|webp)$/
  expect(storedFiles().filter((name) => !keyName.test(name))).toEqual([])
})

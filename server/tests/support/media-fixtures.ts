/**
 * Images for the media suites, made with sharp when a test runs (no binary
 * files in the repository), and the requests that upload them.
 */
import { deflateSync } from 'node:zlib'
import sharp, { type Sharp } from 'sharp'
import type { App } from '../../app'
import { type TestResponse, toTestResponse } from './harness'

type Background = string | { r: number; g: number; b: number; alpha: number }

/** A flat image: tiny to encode, yet a real file of its type. */
export function solid(width: number, height: number, background: Background, alpha = false): Sharp {
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background } })
}

/**
 * A phone-style HEIF photo sharp can decode: sharp writes HEIF only with
 * AV1 (its libheif has no HEVC encoder), as an AVIF; its brands are made
 * `heic`/`mif1`, as a phone's photo says, so it is detected as HEIC and
 * read as the HEIF container it is.
 */
export async function heifPhoto(image: Sharp): Promise<Buffer> {
  const bytes = Buffer.from(await image.heif({ compression: 'av1', quality: 90 }).toBuffer())
  // The ftyp box: size, 'ftyp', major brand, minor version, then compatible brands.
  const size = bytes.readUInt32BE(0)
  bytes.write('heic', 8, 'latin1')
  for (let at = 16; at + 4 <= size; at += 4) {
    if (bytes.toString('latin1', at, at + 4) === 'avif') bytes.write('heic', at, 'latin1')
  }
  return bytes
}

/**
 * The same photo as an iPhone's HEIC says it is coded (HEVC: `hvc1` items
 * with an `hvcC` configuration), which a build without an HEVC decoder
 * cannot read.
 */
export function hevcHeic(heif: Buffer): Buffer {
  const bytes = Buffer.from(heif)
  for (const [from, to] of [
    ['av01', 'hvc1'],
    ['av1C', 'hvcC'],
  ] as const) {
    for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 4)) {
      bytes.write(to, at, 'latin1')
    }
  }
  return bytes
}

/** An animated GIF of `frames` flat frames. */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      solid(width, height, { r: (i * 80) % 256, g: 120, b: 200, alpha: 1 })
        .raw()
        .toBuffer(),
    ),
  )
  return sharp(Buffer.concat(pages), {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  })
    .gif({ loop: 0, delay: pages.map(() => 100) })
    .toBuffer()
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(Bun.hash.crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A complete, valid greyscale PNG of width × height black pixels, written
 * by hand: its rows of zeros deflate to a few kilobytes, so a 50-megapixel
 * image costs a fraction of a second to make and nothing to send.
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8 bits, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc(height * (width + 1)) // each row: filter byte 0, then its pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The bytes of a multipart/form-data body and its Content-Type (with the boundary). */
export async function encodeForm(
  form: FormData,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const encoded = new Response(form)
  const type = encoded.headers.get('content-type') ?? ''
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), type }
}

export function uploadForm(
  bytes: Uint8Array | Buffer,
  options: { name?: string; type?: string; alt?: string } = {},
): FormData {
  const form = new FormData()
  form.set(
    'file',
    new File([new Uint8Array(bytes)], options.name ?? 'upload.bin', { type: options.type ?? '' }),
  )
  if (options.alt !== undefined) form.set('alt', options.alt)
  return form
}

/** POST /api/media with this form, signed in with `token` (or not, when null). */
export async function upload(
  app: App,
  token: string | null,
  form: FormData,
): Promise<TestResponse> {
  const { bytes, type } = await encodeForm(form)
  const headers: Record<string, string> = {
    'content-type': type,
    'content-length': String(bytes.byteLength),
  }
  if (token) headers.authorization = `Bearer ${token}`
  return toTestResponse(
    await app.handle(
      new Request('http://localhost/api/media', { method: 'POST', headers, body: bytes }),
    ),
  )
}

/**
 * Images for the journeys, made when a test runs (no binary files in the
 * repository): a small PNG encoder, enough for a real, decodable image.
 */
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { TestFile } from '../fixtures'

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

type Rgb = readonly [number, number, number]

/**
 * An opaque RGB PNG: a diagonal gradient between two colours with a few
 * random pixels, so that every call gives new bytes (uploads are stored by
 * their hash: the same bytes would be the same image).
 */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, truecolour, deflate, no filter, no interlace
  const rows = Buffer.alloc(height * (width * 3 + 1))
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2
      for (let c = 0; c < 3; c++) {
        rows[row + 1 + x * 3 + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t)
      }
    }
  }
  for (let i = 0; i < 16; i++)
    rows[1 + Math.floor(Math.random() * width * 3)] = Math.floor(Math.random() * 256)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The hex SHA-256 that names an upload's files (`/media/<hash>.jpg` for an opaque PNG). */
export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Colour pairs for pngFile: each image looks different from the last. */
const palette: [Rgb, Rgb][] = [
  [
    [30, 64, 175],
    [251, 146, 60],
  ],
  [
    [16, 185, 129],
    [79, 70, 229],
  ],
  [
    [244, 114, 182],
    [99, 102, 241],
  ],
  [
    [14, 116, 144],
    [250, 204, 21],
  ],
  [
    [120, 53, 15],
    [234, 179, 8],
  ],
]
let next = 0

/** A new PNG file (never the same bytes twice) as the journeys hand files to the browser. */
export function pngFile(name: string, width: number, height: number): TestFile {
  const [from, to] = palette[next++ % palette.length] ??
    palette[0] ?? [
      [0, 0, 0],
      [255, 255, 255],
    ]
  return { name, type: 'image/png', bytes: gradientPng(width, height, from, to) }
}

/** A PNG's width and height from its IHDR chunk; throws when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error('not a PNG')
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('no IHDR chunk first')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

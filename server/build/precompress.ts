/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy
 * beside each text file of the client build, so the server sends static
 * assets compressed without compressing them per request
 * (server/http/pages/static.ts). Run after `vite build` by buildClient
 * (server/build/client.ts: `bun run build`, and `bun start` when stale).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { compress, MIN_COMPRESS_BYTES } from '../http/infra/compress'

const textFile = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    // Build metadata is read by the server, never sent.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite' && entry.name !== '.pglite') yield* files(path)
    } else if (entry.isFile() && textFile.test(entry.name)) yield path
  }
}

export function precompressDir(distDir: string): { files: number; bytes: number; br: number } {
  let count = 0
  let bytes = 0
  let brBytes = 0
  for (const path of files(distDir)) {
    if (statSync(path).size < MIN_COMPRESS_BYTES) continue
    const body = readFileSync(path)
    const br = compress(body, 'br', 11)
    const gz = compress(body, 'gzip')
    if (br.byteLength < body.byteLength) writeFileSync(`${path}.br`, br)
    if (gz.byteLength < body.byteLength) writeFileSync(`${path}.gz`, gz)
    count++
    bytes += body.byteLength
    brBytes += Math.min(br.byteLength, body.byteLength)
  }
  return { files: count, bytes, br: brBytes }
}

/**
 * What one large upload costs the server: time and peak memory (RSS) of
 * `processImage` for a 39-megapixel 16-bit PNG of a few hundred KB (the
 * worst case an attack run found), made here, never committed. Each case runs
 * in a child process of its own so its peak RSS is its own.
 *
 *   bun scripts/image-decode-bench.ts            all cases, one child each
 *   bun scripts/image-decode-bench.ts --case png16 <file>   one case, on a PNG made before
 */
import { rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

const cases = {
  /** 7200 × 5400 = 38.9 MP, RGBA, 16 bits a sample, a smooth gradient: ~300 KB of PNG. */
  png16: { width: 7200, height: 5400, depth: 16 },
  /** The same pixels at 8 bits a sample. */
  png8: { width: 7200, height: 5400, depth: 8 },
  /** A phone photo's size: 12 MP, 8-bit. */
  photo12: { width: 4000, height: 3000, depth: 8 },
} as const
type CaseName = keyof typeof cases

async function makePng(spec: (typeof cases)[CaseName]): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  // A small gradient blown up: smooth, so the PNG stays small while the pixels are many.
  const small = Buffer.alloc(64 * 48 * 4)
  for (let i = 0; i < 64 * 48; i++) {
    small[i * 4] = (i * 7) % 256
    small[i * 4 + 1] = (i * 3) % 256
    small[i * 4 + 2] = 128
    small[i * 4 + 3] = 255
  }
  const image = sharp(small, { raw: { width: 64, height: 48, channels: 4 } })
    .resize(spec.width, spec.height, { kernel: 'nearest' })
    .ensureAlpha(0.99)
  const shaped = spec.depth === 16 ? image.toColourspace('rgb16') : image
  return shaped.png({ compressionLevel: 9 }).toBuffer()
}

/** In the child: only the upload's processing counts towards its peak RSS (the file was made before). */
async function runCase(name: CaseName, file: string) {
  const { processImage } = await import('../server/media/process')
  const png = Buffer.from(await Bun.file(file).arrayBuffer())
  const before = process.memoryUsage().rss
  const started = performance.now()
  let outcome = 'stored'
  try {
    const result = await processImage(new Uint8Array(png), 'a'.repeat(64))
    outcome = `stored ${result.width}×${result.height}, ${result.variants.length} variants`
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`
  }
  const seconds = (performance.now() - started) / 1000
  const peakMb = process.resourceUsage().maxRSS / 1024
  console.log(
    JSON.stringify({
      case: name,
      file_kb: Math.round(png.length / 1024),
      seconds: Number(seconds.toFixed(2)),
      peak_rss_mb: Math.round(peakMb),
      rss_before_mb: Math.round(before / 1024 / 1024),
      outcome,
    }),
  )
}

const only = process.argv.indexOf('--case')
if (only >= 0) {
  await runCase(process.argv[only + 1] as CaseName, process.argv[only + 2] ?? '')
} else {
  console.log(
    `bun ${Bun.version}; ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  for (const name of Object.keys(cases) as CaseName[]) {
    const file = join(tmpdir(), `image-decode-bench-${process.pid}-${name}.png`)
    await Bun.write(file, await makePng(cases[name]))
    const child = Bun.spawn(['bun', import.meta.path, '--case', name, file], { stdout: 'inherit' })
    await child.exited
    rmSync(file, { force: true })
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
}

import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { precompressDir } from './precompress'

const inputs = ['client', 'src', 'vite.config.ts', 'package.json']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/**
 * True when dist/ is missing or older than any client source. The build's
 * manifest (dist/.vite/manifest.json) is what the server-side renderer reads
 * to reference the hashed scripts; the renderer itself runs the TSX sources
 * directly, so there is no second, server-side bundle to keep fresh.
 */
export function clientBuildIsStale(root: string, distDir: string): boolean {
  const manifest = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifest)) return true
  const built = statSync(manifest).mtimeMs
  return inputs.some((input) => newestMtime(join(root, input)) > built)
}

/**
 * Runs the production client build (Vite, under Bun), then precompresses its
 * files. Always a production build: Vite takes NODE_ENV from the
 * environment when it is set, and `bun test` sets it to `test`, which would
 * bundle React's development build (60 % more JavaScript, measured).
 */
export async function buildClient(root: string, logLevel = 'warn'): Promise<void> {
  const child = Bun.spawn(['bun', 'x', '--bun', 'vite', 'build', '--logLevel', logLevel], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  const code = await child.exited
  if (code !== 0) throw new Error(`The client build failed (exit code ${code}).`)
  const result = precompressDir(join(root, 'dist'))
  console.log(
    `precompressed ${result.files} files: ${(result.bytes / 1024).toFixed(1)} KB → ${(result.br / 1024).toFixed(1)} KB brotli`,
  )
}

// `bun run build`: the same build `bun start` runs when the client is stale.
if (import.meta.main) await buildClient(join(import.meta.dir, '..', '..'), 'info')

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

/** Runs the production client build (Vite, under Bun), then precompresses its files. */
export async function buildClient(root: string): Promise<void> {
  const child = Bun.spawn(['bun', 'x', '--bun', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdout: 'inherit',
    stderr: 'inherit',
  })
  const code = await child.exited
  if (code !== 0) throw new Error(`The client build failed (exit code ${code}).`)
  precompressDir(join(root, 'dist'))
}

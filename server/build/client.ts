import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildTemplate, templateDirIn, templateState } from '../db/template'
import { criticalPlansPath } from '../http/pages/critical-css'
import { precompressDir } from './precompress'

const inputs = ['client', 'src', 'vite.config.ts', 'vite.islands.config.ts', 'package.json']

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
export function viteBuildIsStale(root: string, distDir: string): boolean {
  const manifest = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifest) || !existsSync(criticalPlansPath(distDir))) return true
  if (!existsSync(join(distDir, '.vite', 'islands.json'))) return true
  const built = statSync(manifest).mtimeMs
  return inputs.some((input) => newestMtime(join(root, input)) > built)
}

/**
 * True when `bun run build` has something to do: the client (above), or the
 * PGlite template beside it (dist/.pglite, server/db/template.ts) is
 * missing or does not hold exactly the current migrations.
 */
export function clientBuildIsStale(root: string, distDir: string): boolean {
  return viteBuildIsStale(root, distDir) || templateState(templateDirIn(distDir)) !== 'fresh'
}

/**
 * Runs the production client build (Vite, under Bun) and precompresses its
 * files while the PGlite template (server/db/template.ts) is made beside
 * them in another process (the two share nothing: on two cores the first
 * start's build takes the longer of the two instead of their sum), then
 * moves the template into dist/.pglite. Always a production build: Vite
 * takes NODE_ENV from the environment when it is set, and `bun test` sets it
 * to `test`, which would bundle React's development build (60 % more
 * JavaScript, measured). Prints a line per step (and, at `info`, Vite's own
 * progress).
 */
export async function buildClient(root: string, logLevel = 'warn'): Promise<void> {
  const distDir = join(root, 'dist')
  const step = (text: string) => console.log(`build: ${text}`)
  const began = performance.now()
  const since = (at: number) => `${((performance.now() - at) / 1000).toFixed(1)} s`
  // Vite empties dist/ first: the template is made in .tmp/ (the same file system, so
  // it is moved in with a rename) and joins dist/ once the bundle is written.
  const templateDir = join(root, '.tmp', `template-${process.pid}`)
  rmSync(templateDir, { recursive: true, force: true })
  step('1/3 bundling the client with Vite…')
  step('3/3 making the database template (PGlite initdb and migrations), beside it…')
  const template = buildTemplate(templateDir).then(() =>
    step(`3/3 database template made (${since(began)})`),
  )
  // Awaited below; a failure here is reported there, not as an unhandled rejection.
  template.catch(() => {})
  try {
    // The app first (it empties dist/), then the public pages' islands beside it (vite.islands.config.ts).
    for (const config of ['vite.config.ts', 'vite.islands.config.ts']) {
      const child = Bun.spawn(
        ['bun', 'x', '--bun', 'vite', 'build', '--config', config, '--logLevel', logLevel],
        {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'production' },
          stdout: 'inherit',
          stderr: 'inherit',
        },
      )
      const code = await child.exited
      if (code !== 0) throw new Error(`The client build failed (${config}, exit code ${code}).`)
    }
    step(`1/3 bundled (${since(began)})`)
    const planning = performance.now()
    // PostCSS (the compiler's) is loaded for the build only, never on a start that has a build.
    const { writeCriticalPlans } = await import('./critical-css')
    const plans = writeCriticalPlans(distDir)
    step(`1/3 compiled ${plans} stylesheet(s) for the pages' critical CSS (${since(planning)})`)
    const compressing = performance.now()
    step('2/3 precompressing (gzip, brotli)…')
    const result = precompressDir(distDir)
    step(
      `2/3 precompressed ${result.files} files: ${(result.bytes / 1024).toFixed(1)} KB → ${(result.br / 1024).toFixed(1)} KB brotli (${since(compressing)})`,
    )
    await template
    const target = templateDirIn(distDir)
    rmSync(target, { recursive: true, force: true })
    renameSync(templateDir, target)
  } finally {
    await template.catch(() => {})
    rmSync(templateDir, { recursive: true, force: true })
  }
}

// `bun run build`: the same build `bun start` runs when the client is stale.
if (import.meta.main) await buildClient(join(import.meta.dir, '..', '..'), 'info')

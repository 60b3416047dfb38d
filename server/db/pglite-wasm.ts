import { readFileSync } from 'node:fs'

/**
 * PGlite's PostgreSQL, compiled from the moment this module is evaluated.
 *
 * server/index.ts imports this first, so that the WebAssembly compiler (which
 * works on its own threads) runs while Bun loads and evaluates the rest of the
 * server, instead of after it, when PGlite would read and compile the file
 * itself. On a restart that is most of the ~0.1 s the compile takes
 * (docs/performance.md, "Start and memory"). Nothing else imports it: tests and
 * the CLI let PGlite compile its module as usual.
 */
export const pgliteWasmModule: Promise<WebAssembly.Module> | undefined = (() => {
  if (process.env.DATABASE_URL?.trim()) return undefined
  try {
    const path = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite')).pathname
    const compiling = WebAssembly.compile(readFileSync(path))
    // A failure is PGlite's to report: it then compiles the file itself.
    compiling.catch(() => {})
    return compiling
  } catch {
    return undefined
  }
})()

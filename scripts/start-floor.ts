/**
 * The floor under a restart's time to the first 200, and what stands on it. The bench runs
 * each as a child process, timed from spawn to the printed `ready` line, beside the server's
 * restart on the same data directory.
 *
 *   bun scripts/start-floor.ts <DATA_DIR>             the floor: Bun loading PGlite, opening
 *                                                      DATA_DIR with the server's own start
 *                                                      parameters, one query; nothing else
 *   bun scripts/start-floor.ts --modules              the server's modules loaded (as
 *                                                      server/index.ts imports them), no database
 *   bun scripts/start-floor.ts --overlap <DATA_DIR>   both at once: the floor's work on a Worker
 *                                                      while the modules load on the main thread
 *                                                      (what a server opening its database off
 *                                                      the main thread could at best reach)
 *
 * `ready` is followed by the CPU time the process has used so far (every thread, user and
 * system, in ms): the work the step costs, whatever the machine's cores let overlap.
 */
import { pgliteStartParams } from '../server/db/pglite-params'

const [first, second] = process.argv.slice(2)

/** Opened and asked one query; closed only after `ready` is printed (not part of the floor). */
async function openAndQuery(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite')
  const client = await PGlite.create({ dataDir, startParams: pgliteStartParams })
  await client.query('select 1')
  return client
}

async function loadModules(): Promise<void> {
  process.env.NODE_ENV = 'production'
  await import('../server/server')
}

let close = async () => {}
if (first === '--modules') {
  await loadModules()
} else if (first === '--overlap') {
  if (!second) throw new Error('usage: bun scripts/start-floor.ts --overlap <DATA_DIR>')
  const worker = new Worker(new URL('./start-floor-worker.ts', import.meta.url).href)
  const opened = new Promise<void>((resolve, reject) => {
    worker.onmessage = () => resolve()
    worker.onerror = (event) => reject(new Error(event.message))
  })
  worker.postMessage(second)
  await Promise.all([opened, loadModules()])
  close = async () => {
    worker.postMessage('close')
    await Bun.sleep(200)
    worker.terminate()
  }
} else {
  if (!first) throw new Error('usage: bun scripts/start-floor.ts <DATA_DIR>')
  const client = await openAndQuery(first)
  close = () => client.close()
}
const cpu = process.cpuUsage()
console.log(`ready ${((cpu.user + cpu.system) / 1000).toFixed(1)}`)
await close()
process.exit(0)

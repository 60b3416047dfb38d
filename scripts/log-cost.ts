/**
 * `bun run bench:log`: what the default request log line costs, per request,
 * with stdout as systemd and Docker give it: a file, and a pipe (read by
 * `cat`). Prints `bun --version`, the CPU model and the load average, then the
 * CPU time per line of logRequest at LOG_LEVEL=info against the same loop at
 * LOG_LEVEL=warn (lines skipped), in alternating batches (the machine may be
 * shared: same run, same load). Lines are written in bursts of 50 per turn of
 * the event loop, as a loaded server would.
 */
import { cpus, loadavg } from 'node:os'
import { median } from './median'

const child = process.env.LOG_COST_CHILD
if (child) {
  const { createLogger } = await import('../server/log')
  const { logRequest } = await import('../server/http/infra/request-log')
  const info = createLogger('info')
  const warn = createLogger('warn')
  const burst = 50
  const rounds = Number(process.env.LOG_COST_ROUNDS ?? 400)
  const cpu = () => {
    const { user, system } = process.cpuUsage()
    return user + system
  }
  const turn = () => new Promise<void>((done) => setImmediate(done))
  const run = async (log: typeof info) => {
    const start = cpu()
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < burst; i++) {
        logRequest(log, {
          method: 'GET',
          path: '/api/projects',
          status: 200,
          startedAt: performance.now(),
          requestId: crypto.randomUUID(),
        })
      }
      await turn()
    }
    info.flush?.()
    return (cpu() - start) / (rounds * burst)
  }
  const on: number[] = []
  const off: number[] = []
  for (let pass = 0; pass < 7; pass++) {
    on.push(await run(info))
    off.push(await run(warn))
  }
  console.error(JSON.stringify({ on: median(on), off: median(off) }))
  process.exit(0)
}

const bun = Bun.spawnSync([process.execPath, '--version']).stdout.toString().trim()
console.log(
  `bun ${bun} · ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length} · load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
)
const env = { ...process.env, LOG_COST_CHILD: '1', NODE_ENV: 'production' }
const self = new URL(import.meta.url).pathname

async function measure(target: 'file' | 'pipe') {
  const file = `${process.env.TMPDIR ?? '/tmp'}/log-cost-${process.pid}.log`
  const command =
    target === 'file'
      ? `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(self)} > ${JSON.stringify(file)}`
      : `${JSON.stringify(process.execPath)} ${JSON.stringify(self)} | cat > /dev/null`
  const proc = Bun.spawn(['sh', '-c', command], { env, stderr: 'pipe' })
  const text = await new Response(proc.stderr).text()
  await proc.exited
  if (target === 'file')
    await Bun.file(file)
      .delete()
      .catch(() => {})
  const { on, off } = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as {
    on: number
    off: number
  }
  console.log(
    `stdout to a ${target}: ${on.toFixed(2)} µs CPU per request logged, ${off.toFixed(2)} µs with the line skipped: the line costs ${(on - off).toFixed(2)} µs`,
  )
}

await measure('file')
await measure('pipe')

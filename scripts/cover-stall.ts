/**
 * `bun run bench:covers`: what a cold `/projects` costs the server's other
 * answers. A script that prints figures, not a test.
 *
 * Each run (BENCH_RUNS, 3): seeds the Lighthouse content (six projects
 * without an image, so six generated covers) on a new PGlite data
 * directory, restarts the server (`bun server/index.ts`, production, at the
 * defaults), reads `/projects` once, then asks for all its covers at once,
 * as a browser does, while another client keeps asking for `/favicon.svg`
 * (cached, a millisecond). Prints how long the covers took, the longest a
 * favicon waited meanwhile (what any other visitor's request waits), and
 * the server's RSS before, after, and COVERS_IDLE_WAIT ms later (0: not
 * waited; 65000 sees the covers' thread stop after its idle minute).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedLighthouseContent } from './lighthouse-content'
import { firstOk, freePort, rssKb, startServer, stop } from './server-process'

const admin = { username: 'lighthouse', password: 'lighthouse password 123' }
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const idleWait = Number(process.env.COVERS_IDLE_WAIT ?? 0)
const mb = (kb: number) => Math.round(kb / 1024)

console.log(
  `bun ${Bun.version}; ${cpus().length} cores (${cpus()[0]?.model.trim()}); load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
)
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-covers-'))
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const options = {
    dataDir,
    databaseUrl: '',
    port,
    admin,
    logLevel: 'warn' as const,
    stdout: 'ignore' as const,
  }
  let server = startServer(options)
  try {
    await firstOk(`${base}/healthz`)
    await seedLighthouseContent(base, admin)
    await stop(server)
    server = startServer(options)
    await firstOk(`${base}/healthz`)
    const html = await (await fetch(`${base}/projects`)).text()
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/favicon.svg`)).arrayBuffer()
    await Bun.sleep(1000)
    const covers = [...html.matchAll(/src="(\/covers\/[^"]+)"/g)].map(([, src]) =>
      (src ?? '').replaceAll('&amp;', '&'),
    )
    const before = rssKb(server.pid)
    let drawing = true
    let longestWait = 0
    const otherVisitor = (async () => {
      while (drawing) {
        const startedAt = performance.now()
        await (await fetch(`${base}/favicon.svg`)).arrayBuffer()
        longestWait = Math.max(longestWait, performance.now() - startedAt)
        await Bun.sleep(2)
      }
    })()
    const startedAt = performance.now()
    const statuses = await Promise.all(
      covers.map(async (cover) => {
        const response = await fetch(base + cover)
        await response.arrayBuffer()
        return response.status
      }),
    )
    const took = performance.now() - startedAt
    drawing = false
    await otherVisitor
    if (statuses.some((status) => status !== 200)) throw new Error(`covers answered ${statuses}`)
    const after = rssKb(server.pid)
    await Bun.sleep(idleWait)
    console.log(
      `run ${run}/${runs}: ${covers.length} covers in ${took.toFixed(0)} ms; the longest a favicon waited meanwhile: ${longestWait.toFixed(0)} ms; RSS ${mb(before)} MB before, ${mb(after)} MB after${idleWait ? `, ${mb(rssKb(server.pid))} MB ${idleWait} ms later` : ''}`,
    )
  } finally {
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

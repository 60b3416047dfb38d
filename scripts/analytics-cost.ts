/**
 * `bun scripts/analytics-cost.ts`: what counting a page view costs the
 * server, in CPU time per request, measured in one process so that the rest
 * of the machine's load falls on both sides alike: two apps on two
 * databases (the real app, the response cache on, the built client), one
 * counting page views and one not, answer GET / from the cache in
 * alternating batches of 2,000; the medians of 40 batches each are printed.
 * (`bun run bench` measures the same over HTTP: noisier on a busy machine.)
 */
import { join, resolve } from 'node:path'
import { createTestApp, type TestApp } from '../server/tests/support/harness'
import { median } from './median'

const distDir = join(resolve(import.meta.dir, '..'), 'dist')
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const options = { ssr: true, cache: { versionTtlMs: 600_000 }, distDir }
const on = await createTestApp({ ...options, analytics: true })
const off = await createTestApp({ ...options, analytics: false })

/** CPU time per request (µs) for `n` requests of GET / answered from the cache. */
async function batch(t: TestApp, n: number): Promise<number> {
  const start = process.cpuUsage()
  for (let i = 0; i < n; i++) {
    await t.app.handle(new Request('http://localhost/', { headers: { 'user-agent': userAgent } }))
  }
  const used = process.cpuUsage(start)
  return (used.user + used.system) / n
}

const samples = { on: [] as number[], off: [] as number[] }
await batch(on, 5_000)
await batch(off, 5_000)
for (let round = 0; round < 40; round++) {
  samples.on.push(await batch(on, 2_000))
  samples.off.push(await batch(off, 2_000))
}
const [counting, without] = [median(samples.on), median(samples.off)]
console.log(
  `CPU per cached page answer, medians of 40 batches of 2,000: counting on ${counting.toFixed(2)} µs, off ${without.toFixed(2)} µs; counting costs ${(counting - without).toFixed(2)} µs per view (${on.analytics?.pendingViews()} views counted, not yet written)`,
)
await on.close()
await off.close()

import { createServer } from 'node:net'

/**
 * A port nobody listens on, for a journey that runs a server of its own
 * (Playwright's workers run on Node: scripts/server-process.ts has the Bun one).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

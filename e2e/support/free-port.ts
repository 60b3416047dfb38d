import { createServer } from 'node:net'

/** One probe: the port when 127.0.0.1:port could be listened on, else null. */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(null))
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      const taken = typeof address === 'object' && address ? address.port : null
      server.close(() => resolve(taken))
    })
  })
}

/**
 * A port nobody listens on, for a journey that runs a server of its own
 * (Playwright's workers run on Node: scripts/server-process.ts has the Bun one).
 * Drawn below Linux's ephemeral range (32768-60999), where the local ends of
 * outgoing connections would otherwise take it before the server listens.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await probe(20_000 + Math.floor(Math.random() * 12_000))
    if (port !== null) return port
  }
  const port = await probe(0)
  if (port === null) throw new Error('no free loopback port')
  return port
}

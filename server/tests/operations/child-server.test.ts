/**
 * The test harness's child server (support/child-server.ts) is the one that
 * answers: when its port is taken by another process's server (two `bun test`
 * processes side by side drew the same free port), start-up fails and says so,
 * rather than handing the test the other server, whose database and fake
 * followers it would then share.
 */
import { afterAll, expect, test } from 'bun:test'
import { cleanupChildren, freePort, startServer, tempDir } from '../support/child-server'

afterAll(cleanupChildren)

test('a port already answered by another server is not taken for the child’s', async () => {
  const port = freePort()
  const other = Bun.serve({
    hostname: '127.0.0.1',
    port,
    fetch: () => new Response('ok'),
  })
  try {
    const started = startServer({ dataDir: tempDir('taken-port'), port })
    await expect(started).rejects.toThrow(`Is port ${port} in use?`)
  } finally {
    other.stop(true)
  }
}, 60_000)

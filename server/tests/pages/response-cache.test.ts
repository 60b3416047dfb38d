import { expect, test } from 'bun:test'
import { createResponseCache } from '../../http/infra/cache/response-cache'

function cacheWith(limits: { maxEntries?: number; maxBytes?: number }) {
  let produced = 0
  const cache = createResponseCache({
    enabled: true,
    readVersion: async () => 1,
    versionTtlMs: 60_000,
    ...limits,
  })
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const request = new Request(`http://localhost${path}`, { headers })
    return cache.respond(request, {
      key: path,
      produce: async () => {
        produced++
        // Incompressible bytes: 1,000 of them, different per path.
        const body = new Uint8Array(1000).map((_, i) => (i * 7919 + path.length * 31) % 251)
        return new Response(body, { headers: { 'content-type': 'application/octet-stream' } })
      },
    })
  }
  return { cache, get, produced: () => produced }
}

test('the store keeps at most maxBytes: the least recently used answer goes first', async () => {
  const { cache, get, produced } = cacheWith({ maxBytes: 2_500 })
  await get('/a')
  await get('/b')
  await get('/a') // /a is now the most recently used
  await get('/c') // over 2,500 bytes: /b goes
  expect(cache.stats().entries).toBe(2)
  expect(cache.stats().bytes).toBeLessThanOrEqual(2_500)
  expect(produced()).toBe(3)
  await get('/a')
  expect(produced()).toBe(3)
  await get('/b')
  expect(produced()).toBe(4)
})

test('the store keeps at most maxEntries answers', async () => {
  const { cache, get } = cacheWith({ maxEntries: 3 })
  for (const path of ['/1', '/2', '/3', '/4', '/5']) await get(path)
  expect(cache.stats().entries).toBe(3)
  expect(cache.lookup('/1')).toBeUndefined()
  expect(cache.lookup('/5')?.key).toBe('/5')
})

/**
 * Request lines whose URL cannot be read, sent over a raw TCP socket to a
 * listening server: `GET /healthz HTTP/1.0` without `Host`, and `CONNECT`.
 * Each gets a 400 with a JSON error, nothing is logged as a failure, and the
 * server keeps answering.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import type { Logger } from '../../log'
import { messages } from '../../messages'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const errors: string[] = []
const capture: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (msg, fields = {}) => errors.push(`${msg} ${JSON.stringify(fields)}`),
}

let t: TestApp
let port = 0
beforeAll(async () => {
  t = await createTestApp({ log: capture })
  t.app.listen({ hostname: '127.0.0.1', port: 0 })
  port = t.app.server?.port ?? 0
})
afterAll(async () => {
  await t.app.stop(true)
  await t.close()
})

/** Sends `raw` on a fresh socket and reads until the server closes it (or 3 s pass). */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ''
    const timer = setTimeout(() => resolve(received), 3000)
    Bun.connect({
      hostname: '127.0.0.1',
      port,
      socket: {
        open: (socket) => {
          socket.write(raw)
        },
        data: (socket, chunk) => {
          received += chunk.toString()
          // One answer is all we want: stop once its body has arrived.
          const [head, body = ''] = received.split('\r\n\r\n')
          const length = /content-length: *(\d+)/i.exec(head ?? '')?.[1]
          if (length !== undefined && Buffer.byteLength(body) >= Number(length)) {
            clearTimeout(timer)
            socket.end()
            resolve(received)
          }
        },
        close: () => {
          clearTimeout(timer)
          resolve(received)
        },
        error: (_socket, error) => reject(error),
      },
    }).catch(reject)
  })
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1])
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4)

test.each([
  ['GET /healthz HTTP/1.0 without Host', 'GET /healthz HTTP/1.0\r\n\r\n'],
  ['GET / HTTP/1.0 without Host', 'GET / HTTP/1.0\r\nUser-Agent: probe\r\n\r\n'],
  [
    'POST /api/contact HTTP/1.0 without Host',
    'POST /api/contact HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}',
  ],
])('%s: a 400 with a JSON error and the security headers, nothing logged', async (_name, raw) => {
  const before = errors.length
  const answer = await exchange(raw)
  expect(statusOf(answer)).toBe(400)
  expect(JSON.parse(bodyOf(answer)).error).toBe(messages.invalidRequest)
  expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff')
  expect(errors.slice(before)).toEqual([])
})

test.each([
  ['CONNECT without Host', 'CONNECT example.com:443 HTTP/1.1\r\n\r\n'],
  ['CONNECT with Host', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'],
  ['CONNECT on HTTP/1.0', 'CONNECT example.com:443 HTTP/1.0\r\n\r\n'],
  ['CONNECT to a path', 'CONNECT /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'],
])('%s: a 4xx, never a 500, nothing logged', async (_name, raw) => {
  const before = errors.length
  const answer = await exchange(raw)
  expect(statusOf(answer)).toBeGreaterThanOrEqual(400)
  expect(statusOf(answer)).toBeLessThan(500)
  expect(errors.slice(before)).toEqual([])
})

test('the server still answers a well-formed request afterwards', async () => {
  const answer = await exchange(
    'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  )
  expect(statusOf(answer)).toBe(200)
})

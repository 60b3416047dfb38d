/**
 * The kept pages' listener thread (server/kept-pages-worker.ts) on its own,
 * the test playing the main thread: it answers a kept page, passes the rest
 * on and waits for the answer, bounds the bodies waiting, and stops when told.
 * With a real server around it: ./kept-pages.test.ts.
 */
import { afterAll, expect, test } from 'bun:test'
import type { KeptStamp } from '../../http/infra/cache/kept-pages'
import type { FromListener, ToListener } from '../../kept-pages-protocol'
import { messages } from '../../messages'

const worker = new Worker(new URL('../../kept-pages-worker.ts', import.meta.url).href)
afterAll(() => worker.terminate())

const received: FromListener[] = []
const waiters: Array<() => void> = []
worker.onmessage = (event: MessageEvent<FromListener>) => {
  received.push(event.data)
  for (const wake of waiters.splice(0)) wake()
}
const send = (message: ToListener) => worker.postMessage(message)

/** The first message of this kind not taken yet (waits for it). */
async function next<K extends FromListener['kind']>(
  kind: K,
): Promise<Extract<FromListener, { kind: K }>> {
  for (;;) {
    const index = received.findIndex((message) => message.kind === kind)
    if (index >= 0) return received.splice(index, 1)[0] as Extract<FromListener, { kind: K }>
    await new Promise<void>((resolve) => waiters.push(resolve))
  }
}

const BODY_LIMIT = 1_000
const stamp: KeptStamp = {
  code: 'c',
  environment: { names: [], hash: 'e' },
  database: 'd',
  period: String(new Date().getFullYear()),
  contentVersion: 3,
  settings: {
    port: 0,
    hostname: '127.0.0.1',
    maxRequestBodySize: BODY_LIMIT,
    idleTimeout: 10,
    logLevel: 'silent',
    corsOrigins: [],
    trustProxy: 0,
  },
}

test('answers the kept page, passes the rest on, bounds the bodies waiting, stops when told', async () => {
  send({
    kind: 'start',
    stamp,
    pages: [
      {
        key: '/',
        path: '/',
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
        body: new TextEncoder().encode('<p>kept</p>') as Uint8Array<ArrayBuffer>,
      },
    ],
  })
  const { port } = await next('listening')
  const base = `http://127.0.0.1:${port}`

  // The kept page, as the cache answers it, and its view reported.
  const page = await fetch(`${base}/`)
  expect(page.status).toBe(200)
  expect(await page.text()).toBe('<p>kept</p>')
  expect(page.headers.get('etag')).toMatch(/^W\//)
  expect(page.headers.get('x-request-id')).toBeTruthy()
  expect((await next('view')).url).toBe(`${base}/`)

  // Four bodies of 900 bytes wait for the server; a fifth would pass four times the limit.
  const body = 'x'.repeat(900)
  const waiting = [1, 2, 3, 4].map(() => fetch(`${base}/api/contact`, { method: 'POST', body }))
  const passed = await Promise.all([1, 2, 3, 4].map(() => next('request')))
  expect(passed.map((request) => [request.method, request.body?.byteLength])).toEqual(
    Array(4).fill(['POST', 900]),
  )
  const refused = await fetch(`${base}/api/contact`, { method: 'POST', body })
  expect(refused.status).toBe(503)
  expect(refused.headers.get('retry-after')).toBe('1')
  expect(await refused.json()).toEqual({ error: messages.unavailable })

  // The server's answers go back to each request; the bodies they held are free again.
  for (const request of passed) {
    send({
      kind: 'response',
      id: request.id,
      status: 201,
      headers: [
        ['content-type', 'application/json'],
        ['set-cookie', 'a=1'],
        ['set-cookie', 'b=2'],
      ],
      body: new TextEncoder().encode(`{"id":${request.id}}`).buffer as ArrayBuffer,
    })
  }
  const answers = await Promise.all(waiting)
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201])
  expect(answers[0]?.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
  const again = fetch(`${base}/api/contact`, { method: 'POST', body })
  const passedAgain = await next('request')
  send({ kind: 'response', id: passedAgain.id, status: 204, headers: [], body: null })
  expect((await again).status).toBe(204)

  // Told to stop: it stops accepting and says how many kept pages it answered.
  send({ kind: 'stop' })
  expect((await next('stopped')).answered).toBe(1)
  await expect(fetch(`${base}/`)).rejects.toThrow()
})

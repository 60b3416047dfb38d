/**
 * The kept pages' listener, on a thread of its own (started by
 * server/kept-pages-listener.ts): the server's main thread is busy loading
 * its modules for most of a start, so a listener there would answer only
 * between those steps. This one answers the kept pages with the headers,
 * ETag, encodings and log line the response cache's fast path gives them,
 * and passes every other request to the main thread, which answers it once
 * the server is ready.
 *
 * Messages (./kept-pages-protocol.ts): `start` in; `listening` or
 * `unavailable`, then `request` for each request passed on and `view` for
 * each page answered here, out; `response` in for each request passed on;
 * `stop` in once the server listens on the same port: from then on every
 * request is passed on, the socket stops accepting, and `stopped` goes out
 * when its last connection has closed.
 */
import { appearanceKey, appearanceOf } from '../src/domain/appearance'
import { answerFromEntry } from './http/infra/cache/fast-path'
import { createResponseCache, type Entry } from './http/infra/cache/response-cache'
import { securityHeaders } from './http/infra/headers'
import { logRequest } from './http/infra/request-log'
import type { FromListener, ToListener } from './kept-pages-protocol'
import { createLogger } from './log'
import { messages } from './messages'

declare const self: Worker

const post = (message: FromListener, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer)

const pending = new Map<number, (response: Response) => void>()
let nextId = 0
/** The bodies of the requests waiting for the server, and the most they may hold together. */
let waitingBytes = 0
let mostWaitingBytes = Number.POSITIVE_INFINITY
let passOnly = false
/** Kept pages answered. */
let answered = 0
let server: Bun.Server<undefined> | undefined
let log: ReturnType<typeof createLogger> | undefined

/** What a request gets when the bodies already waiting hold too much: try again in a moment. */
function busy(request: Request): Response {
  const requestId = crypto.randomUUID()
  if (log) {
    let path = '/'
    try {
      path = new URL(request.url).pathname
    } catch {
      // logged as `/`
    }
    logRequest(log, { method: request.method, path, status: 503, requestId })
  }
  return Response.json(
    { error: messages.unavailable },
    {
      status: 503,
      headers: {
        ...securityHeaders(),
        'retry-after': '1',
        'cache-control': 'no-store',
        'x-request-id': requestId,
      },
    },
  )
}

/**
 * Passes a request to the main thread and waits for its answer. The server's
 * own limits on a body are per route and come with the server; until then the
 * bodies held here together stay under a bound (four of the largest), so that
 * uploads sent during a start cannot fill the memory.
 */
async function passOn(request: Request, peer: string | null): Promise<Response> {
  const id = nextId++
  // What the request says it sends is counted before it is read, so that bodies being read
  // at the same time count too; then what it did send.
  const declared = Number(request.headers.get('content-length') ?? 0)
  const reserved = Number.isFinite(declared) && declared > 0 ? declared : 0
  if (waitingBytes + reserved > mostWaitingBytes) return busy(request)
  waitingBytes += reserved
  let body: ArrayBuffer | null
  try {
    body =
      request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer()
  } finally {
    waitingBytes -= reserved
  }
  const size = body?.byteLength ?? 0
  if (waitingBytes + size > mostWaitingBytes) return busy(request)
  waitingBytes += size
  const answered = new Promise<Response>((resolve) =>
    pending.set(id, (response) => {
      waitingBytes -= size
      resolve(response)
    }),
  )
  post(
    {
      kind: 'request',
      id,
      method: request.method,
      url: request.url,
      // The body goes whole: how it was framed on the wire is not the main thread's to read.
      headers: [...request.headers].filter(([name]) => name !== 'transfer-encoding'),
      body,
      peer,
    },
    body ? [body] : [],
  )
  return answered
}

function start(message: Extract<ToListener, { kind: 'start' }>) {
  const { stamp, pages } = message
  const { settings } = stamp
  mostWaitingBytes = 4 * settings.maxRequestBodySize
  const logger = createLogger(settings.logLevel)
  // The 503s of busy() log with it too.
  log = logger
  const cache = createResponseCache({
    enabled: false,
    readVersion: () => Promise.resolve(stamp.contentVersion),
    baseHeaders: securityHeaders(),
    log: logger,
  })
  const byKey = new Map<string, Entry>()
  for (const entry of cache.adopt(pages, stamp.contentVersion, stamp.period)) {
    byKey.set(entry.key, entry)
  }
  const headerSettings = {
    corsOrigins: settings.corsOrigins,
    trustProxy: settings.trustProxy,
    peerOf: (request: Request) => server?.requestIP(request)?.address ?? null,
  }

  /** The kept page this request gets, as the cache's fast path answers it; undefined: passed on. */
  const answer = (request: Request): Response | undefined => {
    if (passOnly || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return undefined
    }
    // A page reads the query parameters its route declares; which those are is the server's to say.
    if (url.search !== '' || String(new Date().getFullYear()) !== stamp.period) return undefined
    const entry = byKey.get(
      url.pathname + appearanceKey(appearanceOf(request.headers.get('cookie'))),
    )
    if (!entry) return undefined
    return answerFromEntry(cache, request, entry, headerSettings, logger)
  }

  try {
    server = Bun.serve({
      port: settings.port,
      hostname: settings.hostname,
      development: false,
      maxRequestBodySize: settings.maxRequestBodySize,
      // The server's socket joins this one on the same port when it is ready (Linux's SO_REUSEPORT).
      reusePort: true,
      idleTimeout: settings.idleTimeout,
      fetch(request, socket) {
        const peer = socket.requestIP(request)?.address ?? null
        const response = answer(request)
        if (!response) return passOn(request, peer)
        answered++
        post({
          kind: 'view',
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          peer,
          status: response.status,
          contentType: response.headers.get('content-type'),
        })
        return response
      },
    })
  } catch (error) {
    post({ kind: 'unavailable', reason: String(error) })
    return
  }
  logger.info('answering kept pages until the server is ready', {
    url: `http://localhost:${server.port}`,
    pages: byKey.size,
  })
  post({ kind: 'listening', port: server.port ?? settings.port })
}

self.onmessage = (event: MessageEvent<ToListener>) => {
  const message = event.data
  if (message.kind === 'start') start(message)
  else if (message.kind === 'response') {
    const resolve = pending.get(message.id)
    pending.delete(message.id)
    resolve?.(new Response(message.body, { status: message.status, headers: message.headers }))
  } else if (message.kind === 'stop') {
    passOnly = true
    const closed = server ? server.stop(false) : Promise.resolve()
    void closed.then(() => {
      log?.flush?.()
      post({ kind: 'stopped', answered })
    })
  }
}

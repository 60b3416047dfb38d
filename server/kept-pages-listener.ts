/**
 * The first listener of a restart. Imported by server/index.ts right after
 * the Bun check, before the server's own modules load: when the last stop
 * kept pages (server/http/infra/cache/kept-pages.ts) and their stamp matches
 * this checkout, this environment and this database, a thread of its own
 * (./kept-pages-worker.ts) listens at once and answers them, with the
 * headers, ETag, encodings and log line the response cache gives them. It
 * passes every other request here, where it waits until the server is
 * ready. Then the server listens on the same port (`handOver`: Linux's
 * SO_REUSEPORT), the thread stops accepting and ends once its last
 * connection has closed, and the page views it answered are counted as the
 * server counts its own.
 */
import { resolve } from 'node:path'
import { DEFAULT_DATA_DIR, setValue } from './env-defaults'
import {
  codeFingerprint,
  databaseFingerprint,
  environmentFingerprint,
  type KeptPage,
  type KeptStamp,
  takeKeptPages,
} from './http/infra/cache/kept-pages'
import { type FromListener, headerPairs, type ToListener } from './kept-pages-protocol'
import { messages } from './messages'

const root = resolve(import.meta.dir, '..')

type Handler = (request: Request) => Promise<Response>

/** What this process started with, for the pages its own stop keeps. */
export interface StartState {
  /** The code's fingerprint at start; undefined on PostgreSQL (nothing is kept there). */
  code: string | undefined
  /** The environment as the process got it (before anything sets a variable). */
  environment: Readonly<Record<string, string | undefined>>
  /** Kept pages found and not used, and why (logged once the logger is made). */
  notUsed?: string
  /** The thread answering kept pages. */
  listener?: KeptPagesListener
}

export interface KeptPagesListener {
  stamp: KeptStamp
  pages: readonly KeptPage[]
  /** The port it listens on; undefined when it could not listen (the server's own start then says why). */
  port: Promise<number | undefined>
  /** The peer address of a request it passed on or answered (recorded there, where its socket was). */
  peerOf(request: Request): string | null | undefined
  /**
   * The server listens on the same port now: the requests waiting here go to
   * `handle`, each page answered there is counted by `count`, and the thread
   * stops accepting and ends once its connections have closed: the promise
   * then gives how many kept pages it answered.
   */
  handOver(handle: Handler, count: (request: Request, response: Response) => void): Promise<number>
  /** Start-up failed or was stopped: the thread ends now (requests waiting are dropped). */
  close(): void
  /**
   * The server's own signal handlers are set: the listener's go. Until
   * then, SIGTERM and SIGINT end the thread and exit 0 (nothing else is
   * open yet), where Bun's default would end the process by the signal.
   */
  releaseSignals(): void
}

type Passed = Extract<FromListener, { kind: 'request' }>
type View = Extract<FromListener, { kind: 'view' }>

function listen(pages: readonly KeptPage[], stamp: KeptStamp): KeptPagesListener {
  const worker = new Worker(new URL('./kept-pages-worker.ts', import.meta.url).href)
  const send = (message: ToListener, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer)
  const peers = new WeakMap<Request, string | null>()
  const waiting: Passed[] = []
  const views: View[] = []
  let handle: Handler | undefined
  let count: ((request: Request, response: Response) => void) | undefined
  let listening: (port: number | undefined) => void = () => {}
  const port = new Promise<number | undefined>((resolve) => {
    listening = resolve
  })
  let stopped: (answered: number) => void = () => {}
  const done = new Promise<number>((resolve) => {
    stopped = resolve
  })

  const answer = async (passed: Passed, by: Handler) => {
    const request = new Request(passed.url, {
      method: passed.method,
      headers: passed.headers,
      body: passed.body,
    })
    peers.set(request, passed.peer)
    let status = 500
    let headers: Array<[string, string]> = [['content-type', 'application/json']]
    let body: ArrayBuffer | null = new TextEncoder().encode(
      JSON.stringify({ error: messages.internal }),
    ).buffer as ArrayBuffer
    try {
      const response = await by(request)
      const bytes = passed.method === 'HEAD' ? null : await response.arrayBuffer()
      status = response.status
      headers = headerPairs(response.headers)
      body = bytes
    } catch {
      // The 500 above: the server's own handler already logged what failed.
    }
    send({ kind: 'response', id: passed.id, status, headers, body }, body ? [body] : [])
  }
  const countView = (view: View, by: (request: Request, response: Response) => void) => {
    const request = new Request(view.url, { method: view.method, headers: view.headers })
    peers.set(request, view.peer)
    const headers = view.contentType ? { 'content-type': view.contentType } : undefined
    by(request, new Response(null, { status: view.status, headers }))
  }

  worker.onmessage = (event: MessageEvent<FromListener>) => {
    const message = event.data
    switch (message.kind) {
      case 'listening':
        listening(message.port)
        break
      case 'unavailable':
        listening(undefined)
        worker.terminate()
        stopped(0)
        break
      case 'request':
        if (handle) void answer(message, handle)
        else waiting.push(message)
        break
      case 'view':
        if (count) countView(message, count)
        else views.push(message)
        break
      case 'stopped':
        worker.terminate()
        stopped(message.answered)
        break
    }
  }
  worker.onerror = () => {
    listening(undefined)
    stopped(0)
  }
  send({ kind: 'start', stamp, pages })
  const stopEarly = () => {
    worker.terminate()
    process.exit(0)
  }
  process.on('SIGTERM', stopEarly)
  process.on('SIGINT', stopEarly)

  return {
    stamp,
    pages,
    port,
    peerOf: (request) => peers.get(request),
    handOver(by, counter) {
      handle = by
      count = counter
      for (const passed of waiting.splice(0)) void answer(passed, by)
      for (const view of views.splice(0)) countView(view, counter)
      send({ kind: 'stop' })
      return done
    },
    close() {
      worker.terminate()
      stopped(0)
    },
    releaseSignals() {
      process.off('SIGTERM', stopEarly)
      process.off('SIGINT', stopEarly)
    },
  }
}

/**
 * Reads what this start needs for kept pages: the fingerprints its stop will
 * write, and the pages the last stop kept, answered from here when they match.
 */
function start(source: Record<string, string | undefined>): StartState {
  const environment = { ...source }
  // PostgreSQL: other instances write while this one is stopped; nothing is kept.
  if (setValue(source.DATABASE_URL)) return { code: undefined, environment }
  const code = codeFingerprint(root)
  const dataDir = resolve(setValue(source.DATA_DIR) ?? DEFAULT_DATA_DIR)
  const read = takeKeptPages(dataDir, {
    code,
    environment: (names) => environmentFingerprint(names, source),
    database: databaseFingerprint(dataDir),
    period: String(new Date().getFullYear()),
  })
  if (read.kind === 'none') return { code, environment }
  if (read.kind === 'stale') return { code, environment, notUsed: read.reason }
  // The server joins the listener's port with SO_REUSEPORT, which only Linux shares this way.
  if (process.platform !== 'linux') {
    return { code, environment, notUsed: 'kept pages are answered on Linux only' }
  }
  return { code, environment, listener: listen(read.pages, read.stamp) }
}

export const startState: StartState = start(process.env)

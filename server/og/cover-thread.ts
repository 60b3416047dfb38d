/**
 * Covers drawn on a Worker, so that drawing one never holds up the server's
 * other answers.
 *
 * Why: the first cover loads fontkit and turns each face's WOFF2 back into
 * TrueType (server/og/cover-text.ts), 150–200 ms of CPU on the one
 * JavaScript thread; a cold `/projects` asks for its covers at once, and
 * every other request, another visitor's page or this page's own images,
 * waited for them (docs/performance.md, "Covers off the request thread").
 * On a thread of its own the main thread only posts the words and reads
 * the SVG back.
 *
 * The thread starts with the first cover, does not keep the process alive,
 * and stops after `idleMs` without a cover (the response cache keeps the
 * covers it drew, so it is rarely needed for long), returning its memory;
 * the next cover starts it again. A cover that takes longer than
 * `timeoutMs` fails (the route answers 500 and the next request tries
 * again), and the thread is replaced; so does every cover under way when
 * the thread itself fails.
 */
import type { Cover } from './cover'

export type CoverRequest = { id: number; cover: Cover }
export type CoverAnswer =
  | { id: number; ok: true; svg: string }
  | { id: number; ok: false; message: string }

export interface CoverThreadOptions {
  /** Stop the thread after this long without a cover (default 60 s). */
  idleMs?: number
  /** A cover not drawn in this long fails, and the thread is replaced (default 15 s). */
  timeoutMs?: number
}

export interface CoverThread {
  render(cover: Cover): Promise<string>
  /** Whether the thread runs now (tests, diagnostics). */
  running(): boolean
  /** Stops the thread; covers under way fail. A later `render` starts it again. */
  stop(): void
}

interface Waiting {
  resolve: (svg: string) => void
  reject: (error: Error) => void
  timer: ReturnType<typeof setTimeout>
}

export function createCoverThread(options: CoverThreadOptions = {}): CoverThread {
  const idleMs = options.idleMs ?? 60_000
  const timeoutMs = options.timeoutMs ?? 15_000
  let worker: Worker | undefined
  let idle: ReturnType<typeof setTimeout> | undefined
  let nextId = 1
  const waiting = new Map<number, Waiting>()

  /** Ends the thread, failing what it still had to draw. */
  const stop = (reason = 'The covers thread stopped.') => {
    const ending = worker
    worker = undefined
    clearTimeout(idle)
    for (const call of waiting.values()) {
      clearTimeout(call.timer)
      call.reject(new Error(reason))
    }
    waiting.clear()
    ending?.terminate()
  }

  const start = (): Worker => {
    const thread = new Worker(new URL('./cover-worker.ts', import.meta.url).href, { ref: false })
    thread.onmessage = (event: MessageEvent<CoverAnswer>) => {
      const answer = event.data
      const call = waiting.get(answer.id)
      if (!call) return
      waiting.delete(answer.id)
      clearTimeout(call.timer)
      if (answer.ok) call.resolve(answer.svg)
      else call.reject(new Error(answer.message))
      if (waiting.size === 0) restartIdle()
    }
    thread.onerror = (event) => {
      if (worker === thread) stop(`The covers thread failed: ${event.message}`)
    }
    thread.addEventListener('close', () => {
      if (worker === thread) stop()
    })
    return thread
  }

  const restartIdle = () => {
    clearTimeout(idle)
    idle = setTimeout(() => {
      if (waiting.size === 0) stop()
    }, idleMs)
    idle.unref?.()
  }

  return {
    render(cover) {
      clearTimeout(idle)
      worker ??= start()
      const thread = worker
      const id = nextId++
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (worker === thread) stop(`A cover took longer than ${timeoutMs} ms.`)
        }, timeoutMs)
        timer.unref?.()
        waiting.set(id, { resolve, reject, timer })
        thread.postMessage({ id, cover } satisfies CoverRequest)
      })
    },
    running: () => worker !== undefined,
    stop: () => stop(),
  }
}

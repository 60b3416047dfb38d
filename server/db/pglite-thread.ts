/**
 * The DATA_DIR's PGlite on a Worker, seen from the main thread as the part of
 * PGlite's interface drizzle uses (`query`, `exec`, `transaction`, `close`).
 *
 * Why: PGlite opens a data directory in 0.4–0.5 s of WebAssembly set-up and
 * recovery on the one JavaScript thread, and the server's modules take about
 * as long to load. On a thread of its own the database opens while the
 * modules load, so a restart waits for the longer of the two, not their sum
 * (docs/decisions/0421-pglite-on-a-worker-and-features-loaded-on-first-use.md).
 * PGlite's own worker (`@electric-sql/pglite/worker`) elects a leader with
 * the Web Locks API, which Bun does not have, hence this small protocol.
 *
 * Every statement is one message; its answer comes back by id. Results
 * cross as structured clones (rows, `fields`, `affectedRows`); errors as
 * data, rebuilt here with the same `name`, `message` and fields (`code`,
 * `detail`, `constraint`…), which is what callers read. The worker's
 * failure fails every statement under way and every later one.
 */
import type { Results, Transaction } from '@electric-sql/pglite'

export interface ThreadError {
  name: string
  message: string
  stack?: string
  fields: Record<string, unknown>
}

type Body =
  | { op: 'open'; dataDir: string }
  | {
      op: 'query'
      tx?: number
      sql: string
      params: unknown[]
      rowMode?: 'array' | 'object'
      keepText: number[]
    }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }

export type PgliteRequest = Body & { id: number }

export type PgliteAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError }

interface QueryOptions {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, unknown>
}

/** What drizzle's PGlite session calls on its client and on a transaction. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string): Promise<Array<Results>>
}

export interface PgliteThread extends PgliteQueries {
  transaction<T>(
    callback: (tx: PgliteQueries & Pick<Transaction, 'closed'>) => Promise<T>,
  ): Promise<T>
  close(): Promise<void>
}

function rebuilt(data: ThreadError): Error {
  const error = new Error(data.message)
  error.name = data.name
  Object.assign(error, data.fields)
  if (data.stack) error.stack = data.stack
  return error
}

/**
 * Starts the worker and opens `dataDir` on it. Resolves once the database
 * answers; rejects with PGlite's own error when it cannot be opened (the
 * worker is then stopped).
 */
export async function openPgliteThread(dataDir: string): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url).href)
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  let nextId = 1
  let nextTx = 1
  let broken: Error | undefined

  const failAll = (error: Error) => {
    broken ??= error
    for (const call of waiting.values()) call.reject(error)
    waiting.clear()
  }
  worker.onmessage = (event: MessageEvent<PgliteAnswer>) => {
    const answer = event.data
    const call = waiting.get(answer.id)
    if (!call) return
    waiting.delete(answer.id)
    if (answer.ok) call.resolve(answer.value)
    else call.reject(rebuilt(answer.error))
  }
  worker.onerror = (event) => {
    failAll(new Error(`The database thread stopped: ${event.message}`))
  }
  worker.addEventListener('close', () => failAll(new Error('The database thread stopped.')))

  const ask = <T>(body: Body): Promise<T> => {
    if (broken) return Promise.reject(broken)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...body, id } as PgliteRequest)
    })
  }

  const queriesOn = (tx: number | undefined): PgliteQueries => ({
    query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      ask<Results<T>>({
        op: 'query',
        tx,
        sql,
        params,
        rowMode: options.rowMode,
        keepText: Object.keys(options.parsers ?? {}).map(Number),
      }),
    exec: (sql: string) => ask<Array<Results>>({ op: 'exec', tx, sql }),
  })

  try {
    await ask({ op: 'open', dataDir })
  } catch (error) {
    worker.terminate()
    throw error
  }

  return {
    ...queriesOn(undefined),
    async transaction(callback) {
      const tx = nextTx++
      await ask({ op: 'begin', tx })
      let closed = false
      const queries = queriesOn(tx)
      const handle = {
        query: queries.query,
        exec: queries.exec,
        get closed() {
          return closed
        },
      }
      let result: Awaited<ReturnType<typeof callback>>
      try {
        result = await callback(handle)
      } catch (error) {
        closed = true
        await ask({ op: 'end', tx, commit: false }).catch(() => {})
        throw error
      }
      closed = true
      await ask({ op: 'end', tx, commit: true })
      return result
    },
    async close() {
      try {
        await ask({ op: 'close' })
      } finally {
        failAll(new Error('The database is closed.'))
        worker.terminate()
      }
    },
  }
}

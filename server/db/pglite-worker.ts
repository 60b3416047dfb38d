/**
 * PGlite on a thread of its own (pglite-thread.ts is the other side): it
 * opens the DATA_DIR while the main thread loads the server's modules, and
 * then runs every statement. One message in, one answer out, by `id`.
 *
 * A transaction is PGlite's own (`transaction(callback)`): `begin` enters
 * it and answers once BEGIN ran; the statements tagged with its number run
 * on it; `end` leaves the callback, which commits (or rolls back), and
 * answers with how that went. So PGlite's locking, its savepoints and its
 * aborted-COMMIT error are what they are in one thread.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pgliteStartParams } from './pglite-params'
import type { PgliteAnswer, PgliteRequest, ThreadError } from './pglite-thread'

declare const self: Worker

let client: PGlite | undefined
const open = new Map<
  number,
  { tx: Transaction; finish: (commit: boolean) => void; done: Promise<unknown> }
>()

type Parsers = Record<number, (value: string) => unknown>
const keptText = new Map<string, Parsers>()

/** The parsers drizzle passes are "keep the text" for these type ids: functions do not cross threads. */
function keepText(ids: number[]): Parsers {
  const key = ids.join(',')
  let parsers = keptText.get(key)
  if (!parsers) {
    parsers = Object.fromEntries(ids.map((id) => [id, (value: string) => value]))
    keptText.set(key, parsers)
  }
  return parsers
}

/** An error as data (a Postgres error keeps `code`, `detail`, `constraint`…, what callers read). */
function errorData(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue
    if (
      value === undefined ||
      value === null ||
      ['string', 'number', 'boolean'].includes(typeof value)
    )
      fields[key] = value
    else if (Array.isArray(value)) {
      try {
        fields[key] = structuredClone(value)
      } catch {
        // Not data (a statement's parameters can hold anything): left out.
      }
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields }
}

async function run(request: PgliteRequest): Promise<unknown> {
  if (request.op === 'open') {
    client = await PGlite.create({ dataDir: request.dataDir, startParams: pgliteStartParams })
    return null
  }
  if (!client) throw new Error('The database is not open.')
  switch (request.op) {
    case 'query': {
      const on = request.tx === undefined ? client : open.get(request.tx)?.tx
      if (!on) throw new Error('Transaction is closed')
      return on.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: keepText(request.keepText),
      })
    }
    case 'exec': {
      const on = request.tx === undefined ? client : open.get(request.tx)?.tx
      if (!on) throw new Error('Transaction is closed')
      return on.exec(request.sql)
    }
    case 'begin': {
      const number = request.tx
      const database = client
      const entered = new Promise<void>((resolve, reject) => {
        let finish: (commit: boolean) => void = () => {}
        const ended = new Promise<boolean>((resolveEnd) => {
          finish = resolveEnd
        })
        const done = database.transaction(async (tx) => {
          open.set(number, { tx, finish, done })
          resolve()
          if (!(await ended)) await tx.rollback()
        })
        // BEGIN itself failed: the caller hears it from `begin`.
        done.catch(reject)
      })
      await entered
      return null
    }
    case 'end': {
      const transaction = open.get(request.tx)
      if (!transaction) throw new Error('Transaction is closed')
      open.delete(request.tx)
      transaction.finish(request.commit)
      await transaction.done
      return null
    }
    case 'close':
      await client.close()
      return null
  }
}

self.onmessage = async (event: MessageEvent<PgliteRequest>) => {
  const request = event.data
  let answer: PgliteAnswer
  try {
    answer = { id: request.id, ok: true, value: await run(request) }
  } catch (error) {
    answer = { id: request.id, ok: false, error: errorData(error) }
  }
  try {
    self.postMessage(answer)
  } catch (error) {
    // An answer that cannot be copied to the other thread is still an answer: its error.
    self.postMessage({ id: request.id, ok: false, error: errorData(error) } satisfies PgliteAnswer)
  }
}

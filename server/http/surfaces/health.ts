import type { Database } from '../../db/client'
import { errorDetails, type Logger } from '../../log'

/** How long /healthz waits for the database before it answers 503. */
const PING_TIMEOUT_MS = 2_000

/** GET /healthz: 200 when the database answers a ping in time, else 503 with a readable error. */
export async function healthCheck(database: Database, log: Logger): Promise<Response> {
  const started = performance.now()
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), PING_TIMEOUT_MS)),
    ])
    return Response.json({
      status: 'ok',
      database: { kind: database.kind, status: 'up', ms: Math.round(performance.now() - started) },
    })
  } catch (error) {
    log.warn('health check failed', errorDetails(error))
    return Response.json(
      {
        status: 'unavailable',
        error: 'The database is unreachable.',
        database: { kind: database.kind, status: 'down' },
      },
      { status: 503 },
    )
  }
}

import type { Logger } from '../../log'

/** A method as HTTP defines it (a token of letters): written as it is, else quoted by JSON. */
const plainMethod = /^[A-Z]{1,16}$/
/** Our request ids (random UUIDs, or an incoming one that passed the same check). */
const plainId = /^[0-9a-zA-Z-]{1,64}$/

/**
 * The one log line of every request, whichever way it was answered:
 * `{"time","level":"info","msg":"request","method","path","status","ms","request_id"}`,
 * made by hand (only the path can need escaping) where the logger can take a
 * made line; the same object through `log.info` otherwise.
 */
export function logRequest(
  log: Logger,
  line: { method: string; path: string; status: number; startedAt?: number; requestId?: string },
): void {
  if (log.enabled?.('info') === false) return
  const ms =
    line.startedAt === undefined
      ? undefined
      : Math.round((performance.now() - line.startedAt) * 10) / 10
  const { method, path, status, requestId } = line
  if (log.raw && plainMethod.test(method) && (requestId === undefined || plainId.test(requestId))) {
    const tail =
      `","level":"info","msg":"request","method":"${method}","path":${JSON.stringify(path)},"status":${status}` +
      (ms === undefined ? '' : `,"ms":${ms}`) +
      (requestId === undefined ? '}' : `,"request_id":"${requestId}"}`)
    log.raw('info', (time) => `{"time":"${time}${tail}`)
    return
  }
  log.info('request', { method, path, status, ms, request_id: requestId })
}

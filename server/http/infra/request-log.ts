import type { Logger } from '../../log'

/** The one log line of every request, whichever way it was answered. */
export function logRequest(
  log: Logger,
  line: { method: string; path: string; status: number; startedAt?: number; requestId?: string },
): void {
  if (log.enabled?.('info') === false) return
  log.info('request', {
    method: line.method,
    path: line.path,
    status: line.status,
    ms:
      line.startedAt === undefined
        ? undefined
        : Math.round((performance.now() - line.startedAt) * 10) / 10,
    request_id: line.requestId,
  })
}

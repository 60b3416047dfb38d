/**
 * Each instance's alert worker: takes due alerts from the outbox one at a
 * time (server/services/alerts.ts), sends each, marks it sent or puts it
 * off with a growing back-off. It runs every `pollMs` and right after a
 * message is stored (kick); pending alerts survive restarts in the table.
 */
import type { AlertSettings } from '../config'
import type { Db } from '../db/client'
import type { Logger } from '../log'
import { createPassLoop } from '../pass-loop'
import { alertRecipient, claimDueAlert, markAlertFailed, markAlertSent } from '../services/alerts'
import { type AlertTransports, createAlertTransports } from './transports'

export interface AlertWorker {
  /** Looks for due alerts soon (after a message was stored). */
  kick(): void
  /** Sends every due alert now; resolves when the pass is over. */
  drain(): Promise<void>
  start(): void
  /** Stops polling and waits for the send under way. */
  stop(): Promise<void>
}

export function createAlertWorker(options: {
  db: Db
  settings: AlertSettings
  siteUrl: string
  log: Logger
  transports?: AlertTransports
}): AlertWorker {
  const { db, settings, log } = options
  const transports = options.transports ?? createAlertTransports(settings, options.siteUrl)
  let stopped = false

  async function sendDue(): Promise<void> {
    while (!stopped) {
      const row = await claimDueAlert(db, new Date(), settings.leaseMs)
      if (!row) return
      try {
        await transports.send(row, await alertRecipient(db, settings))
        await markAlertSent(db, row.id, new Date())
        log.info('alert sent', { alert_id: row.alert_id, channel: row.channel })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const next = await markAlertFailed(db, row, new Date(), message, settings)
        if (!next) {
          log.warn('alert attempt failed after its lease ran out; another sender has it', {
            alert_id: row.alert_id,
            channel: row.channel,
            error: message,
          })
          continue
        }
        log.warn('alert not sent, will retry', {
          alert_id: row.alert_id,
          channel: row.channel,
          attempts: row.attempts,
          next_attempt_at: next.toISOString(),
          error: message,
        })
      }
    }
  }

  const loop = createPassLoop({
    run: sendDue,
    everyMs: settings.pollMs,
    log,
    failure: 'alert worker pass failed',
  })

  return {
    kick: loop.kick,
    drain: loop.drain,
    start() {
      stopped = false
      loop.start()
    },
    async stop() {
      stopped = true
      await loop.stop()
      transports.close()
    },
  }
}

/**
 * The alert outbox's job (server/jobs/runner.ts): takes due alerts from the
 * outbox one at a time (server/services/alerts.ts), sends each, marks it
 * sent or puts it off with a growing back-off. It runs every `pollMs`
 * (`NOTIFY_POLL`) on whichever instance claims it, and on this instance
 * right after a message is stored (`kick`). Each alert is claimed in its
 * own row with a lease, so a kicked run here and a run elsewhere never send
 * one alert twice; pending alerts survive restarts in the table.
 */
import type { AlertSettings } from '../config'
import type { Job } from '../jobs/runner'
import { alertRecipient, claimDueAlert, markAlertFailed, markAlertSent } from '../services/alerts'
import { type AlertTransports, createAlertTransports } from './transports'

export const ALERTS_JOB = 'alerts'

export function alertsJob(options: {
  settings: AlertSettings
  siteUrl: string
  transports?: AlertTransports
}): Job {
  const { settings } = options
  const transports = options.transports ?? createAlertTransports(settings, options.siteUrl)
  return {
    name: ALERTS_JOB,
    everyMs: settings.pollMs,
    async run({ db, log, signal }) {
      while (!signal.aborted) {
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
    },
    async atStop() {
      transports.close()
    },
  }
}

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
import type { Db } from '../db/client'
import type { Job } from '../jobs/runner'
import { alertRecipient, claimDueAlert, markAlertFailed, markAlertSent } from '../services/alerts'
import { type AlertTransports, createAlertTransports } from './transports'

export const ALERTS_JOB = 'alerts'

/**
 * An error's text with the channels' secrets taken out: it is logged and
 * shown on the Notifications screen, and a webhook's address (Slack's,
 * Discord's) is its credential; the password never appears in it either.
 */
export function withoutSecrets(message: string, settings: AlertSettings): string {
  let text = message
  const secrets = [
    settings.webhookUrl,
    settings.email?.smtp?.password,
    settings.email?.smtpUrl,
  ].filter((secret): secret is string => Boolean(secret) && (secret?.length ?? 0) >= 4)
  for (const secret of secrets) text = text.split(secret).join('[hidden]')
  return text
}

export function alertsJob(options: {
  /** The timing (and, without `current`, the channels). */
  settings: AlertSettings
  /** The settings in effect, read at each run: the admin's may change at any time. */
  current?: (db: Db) => Promise<AlertSettings>
  siteUrl: string
  transports?: AlertTransports
}): Job {
  const { settings: timing } = options
  // One set of transports per set of channels: a changed mail server gets a new connection.
  let made: { key: string; transports: AlertTransports } | undefined
  function transportsFor(settings: AlertSettings): AlertTransports {
    if (options.transports) return options.transports
    const key = JSON.stringify([settings.email, settings.webhookUrl])
    if (made?.key !== key) {
      made?.transports.close()
      made = { key, transports: createAlertTransports(settings, options.siteUrl) }
    }
    return made.transports
  }
  return {
    name: ALERTS_JOB,
    everyMs: timing.pollMs,
    async run({ db, log, signal }) {
      while (!signal.aborted) {
        const row = await claimDueAlert(db, new Date(), timing.leaseMs)
        if (!row) return
        // Read for each alert, not once per run: a run still sending when the owner saves
        // new settings sends the next alert through the new ones.
        const settings = options.current ? await options.current(db) : timing
        const transports = transportsFor(settings)
        try {
          await transports.send(row, await alertRecipient(db, settings))
          await markAlertSent(db, row.id, new Date())
          log.info('alert sent', { alert_id: row.alert_id, channel: row.channel })
        } catch (error) {
          const message = withoutSecrets(
            error instanceof Error ? error.message : String(error),
            settings,
          )
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
      made?.transports.close()
      options.transports?.close()
    },
  }
}

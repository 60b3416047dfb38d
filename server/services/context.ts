import type { AppConfig } from '../config'
import type { Db } from '../db/client'
import type { Logger } from '../log'
import type { MediaStore } from '../media/store'

/**
 * What a service may know of the request it serves. Both API doors build it
 * (server/trpc/context.ts); tests build it directly.
 */
export interface ServiceContext {
  db: Db
  config: AppConfig
  log: Logger
  /** The raw Authorization header, or null. */
  authorization: string | null
  requestId: string
  /** The client's IP: the socket's, or the proxy's header when TRUST_PROXY says so. */
  ip: string
  now: () => Date
  /** Where uploaded images are kept. */
  mediaStore: MediaStore
  /** The public address, no trailing slash; `http://localhost` when absent. */
  siteUrl?: string
  /** The request's User-Agent (cut to 512 characters), or null: kept with a new session. */
  userAgent?: string | null
  /** Which database `db` is (a backup records it); PGlite when absent. */
  databaseKind?: 'pglite' | 'postgres'
  /** Whether the request came over HTTPS (directly, or as a trusted proxy says): a new device cookie is then Secure. */
  https?: boolean
  /** The device cookie the request carried (a browser that signed in before), if any. */
  deviceToken?: string | null
  /** Tells this instance's alert worker that new alerts are waiting (absent: no worker). */
  kickAlerts?: () => void
  /** Sends the due alerts now and waits for the attempts (the admin's "Send test"). */
  drainAlerts?: () => Promise<void>
  /** Runs this instance's job of that name soon (absent, or no such job here: nothing). */
  kickJob?: (name: string) => void
  /** Tells this instance's GitHub refresh that a project was saved (absent: no refresh here). */
  kickGitHub?: () => void
  /** Tells this instance's newsletter job that an email is waiting (a confirmation). */
  kickNewsletter?: () => void
  /** Writes this instance's page-view counts now (absent: nothing is counted here). */
  flushAnalytics?: () => Promise<void>
  /** Hands a new device token to the door, which sets it as the device cookie. */
  rememberDevice?: (token: string) => void
}

import type { Db } from '../db/client'
import type { Logger } from '../log'

export interface AppConfig {
  sessionTtlMs: number
  sessionIdleMs: number
}

export interface ContextInner {
  db: Db
  config: AppConfig
  log: Logger
  /** The raw Authorization header, or null. */
  authorization: string | null
  requestId: string
  now: () => Date
}

/** Request-free context: tests and the REST adapter build it directly. */
export function createContextInner(options: ContextInner): ContextInner {
  return options
}

export type Context = ContextInner

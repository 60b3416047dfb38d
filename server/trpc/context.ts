import type { Db } from '../db/client'
import type { Logger } from '../log'
import type { ContactLimits } from '../services/contact'
import type { ThrottleLimits } from '../services/login-throttle'

export interface AppConfig {
  sessionTtlMs: number
  sessionIdleMs: number
  /** Reverse proxies in front of the server whose X-Forwarded-For is trusted (0: none). */
  trustProxy?: number
  /** Sign-in throttling; the defaults in services/login-throttle.ts when absent. */
  loginThrottle?: ThrottleLimits
  /** Other origins allowed to call the API from a browser (CORS); none by default. */
  corsOrigins?: string[]
  /** Contact form limits; the defaults in services/contact.ts when absent. */
  contact?: ContactLimits
}

export interface ContextInner {
  db: Db
  config: AppConfig
  log: Logger
  /** The raw Authorization header, or null. */
  authorization: string | null
  requestId: string
  /** The client's IP: the socket's, or the proxy's header when TRUST_PROXY says so. */
  ip: string
  now: () => Date
}

/** Request-free context: tests and the REST adapter build it directly. */
export function createContextInner(options: ContextInner): ContextInner {
  return options
}

export type Context = ContextInner

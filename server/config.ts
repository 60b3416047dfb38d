/**
 * The settings the request handlers work with, in one place. server/env.ts
 * builds them from the environment; tests build them directly.
 */

export interface ThrottleLimits {
  /** Failures in a row for one username before it is locked. */
  userMaxFailures: number
  /** How long each successive lockout of a username lasts. */
  userLockoutStepsMs: number[]
  /** Failures allowed from one client IP per window, whatever the usernames. */
  ipMaxFailures: number
  ipWindowMs: number
}

export const defaultThrottleLimits: ThrottleLimits = {
  userMaxFailures: 5,
  userLockoutStepsMs: [60_000, 15 * 60_000, 60 * 60_000],
  ipMaxFailures: 100,
  ipWindowMs: 60 * 60_000,
}

export interface ContactLimits {
  /** Messages one client IP may send per window. */
  perIp: number
  windowMs: number
  /** Messages stored per rolling 24 hours, from everyone together. */
  dailyCap: number
}

export const defaultContactLimits: ContactLimits = {
  perIp: 5,
  windowMs: 10 * 60_000,
  dailyCap: 500,
}

export interface AppConfig {
  sessionTtlMs: number
  sessionIdleMs: number
  /** Reverse proxies in front of the server whose X-Forwarded-For is trusted (0: none). */
  trustProxy?: number
  /** Sign-in throttling; `defaultThrottleLimits` when absent. */
  loginThrottle?: ThrottleLimits
  /** Other origins allowed to call the API from a browser (CORS); none by default. */
  corsOrigins?: string[]
  /** Contact form limits; `defaultContactLimits` when absent. */
  contact?: ContactLimits
}

/** An S3-compatible bucket holding the uploaded images. */
export interface S3StorageConfig {
  kind: 's3'
  /** `https://s3.eu-west-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, … */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/**
 * Where uploaded images are kept (server/media/store.ts): a folder, by
 * default DATA_DIR/media (with either database), or an S3 bucket.
 */
export type MediaStorageConfig = { kind: 'folder'; dir: string } | S3StorageConfig

import { TRPCError } from '@trpc/server'

/** Marks a 429: how long the client should wait. */
export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited for ${retryAfterSeconds}s`)
    this.name = 'RateLimited'
  }
}

export function tooManyRequests(message: string, retryAfterSeconds: number): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message,
    cause: new RateLimited(Math.max(1, Math.ceil(retryAfterSeconds))),
  })
}

export function retryAfterOf(error: unknown): number | null {
  return error instanceof TRPCError && error.cause instanceof RateLimited
    ? error.cause.retryAfterSeconds
    : null
}

/** "1 minute", "15 minutes", "30 seconds": for the error sentence. */
export function humanDuration(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60)
    return `${minutes} minutes`
  }
  if (seconds > 59) return '1 minute'
  return seconds === 1 ? '1 second' : `${seconds} seconds`
}

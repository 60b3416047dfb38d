/**
 * The failures services throw on purpose. Services know nothing of HTTP or
 * tRPC: each door maps these once (server/trpc/errors.ts for both API doors,
 * which share the procedures). Their messages are written for the person
 * who made the request and are shown as they are.
 */
export abstract class ServiceError extends Error {
  /** The class's own name (`NotFoundError`), as logs and stack traces show it. */
  override get name(): string {
    return this.constructor.name
  }
}

/** The thing asked for does not exist (404). */
export class NotFoundError extends ServiceError {}

/** The request clashes with the current state (409). */
export class ConflictError extends ServiceError {}

/**
 * A save made from a version that is no longer the stored one (409): the
 * answer carries both, `current` (as a read answers it) and `yours` (as
 * sent), so the client can show them and let the person choose.
 */
export class VersionConflictError extends ConflictError {
  readonly current: unknown
  readonly yours: unknown
  constructor(current: unknown, yours: unknown) {
    super(
      'Someone saved a newer version since you opened this. Nothing was changed: reload to see it, or send your version again with its `version` to overwrite it.',
    )
    this.current = current
    this.yours = yours
  }
}

/** The credentials given are wrong (401). */
export class InvalidCredentialsError extends ServiceError {}

/** The request carries no right to do this (403), e.g. a wrong set-up token. */
export class ForbiddenError extends ServiceError {}

/** Too many attempts: try again after `retryAfterSeconds` (429 + Retry-After). */
export class RateLimitedError extends ServiceError {
  readonly retryAfterSeconds: number
  constructor(message: string, retryAfterSeconds: number) {
    super(message)
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds))
  }
}

/** Something the request needs cannot be reached right now (503 + Retry-After). */
export class UnavailableError extends ServiceError {}

/** "1 minute", "15 minutes", "30 seconds": for a sentence about waiting. */
export function humanDuration(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60)
    return `${minutes} minutes`
  }
  if (seconds > 59) return '1 minute'
  return seconds === 1 ? '1 second' : `${seconds} seconds`
}

/** The input cannot be used, for a reason no schema could see (400). */
export class InvalidInputError extends ServiceError {}

/**
 * One field's value cannot be used, for a reason only the database knows
 * (an address another item holds): 400, with the field named in the
 * answer's `fields` as a schema's refusal would name it.
 */
export class InvalidFieldError extends InvalidInputError {
  readonly issues: ReadonlyArray<{ path: string[]; message: string }>
  constructor(field: string, message: string) {
    super(message)
    this.issues = [{ path: [field], message }]
  }
}

/** The input is of a kind that is not accepted, like a file format (415). */
export class UnsupportedTypeError extends ServiceError {}

/** The input is larger than allowed (413). */
export class TooLargeError extends ServiceError {}

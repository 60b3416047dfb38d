/**
 * The most calls one tRPC batch may hold: the server refuses bigger ones
 * (a batch of 300 reads answered 1.8 MB in one request), and the browser's
 * link never sends more.
 */
export const MAX_BATCH_SIZE = 10

/** Procedures that never share a batch (each sign-in attempt, password or code, is its own request). */
export const UNBATCHED_PROCEDURES = ['auth.login', 'auth.verifyTwoFactor'] as const

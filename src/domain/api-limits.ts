/**
 * The most calls one tRPC batch may hold: the server refuses bigger ones
 * (a batch of 300 reads answered 1.8 MB in one request), and the browser's
 * link never sends more.
 */
export const MAX_BATCH_SIZE = 10

/**
 * Procedures that never share a batch: each sign-in attempt (password or
 * code) is its own request, and so is each Markdown preview (up to 10,000
 * characters to render; it never holds up a save sent at the same moment).
 */
export const UNBATCHED_PROCEDURES = [
  'auth.login',
  'auth.verifyTwoFactor',
  'auth.passkeyOptions',
  'auth.passkeyLogin',
  'auth.setup',
  'markdown.preview',
] as const

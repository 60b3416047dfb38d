import { limits, requiredText } from './fields'
import { z } from './zod'

export const loginInput = z.object({
  username: requiredText('Username', limits.username),
  // Passwords are never trimmed: spaces are part of them.
  password: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'Password is required.'
          : 'Password must be text.',
    })
    .min(1, 'Password is required.')
    .max(limits.password, `Password must be at most ${limits.password} characters.`),
})
export type LoginInput = z.input<typeof loginInput>

/** The rule for a password being set (not for one being checked). */
export const newPasswordSchema = z
  .string()
  .min(limits.passwordMin, `The password must be at least ${limits.passwordMin} characters.`)
  .max(limits.password, `The password must be at most ${limits.password} characters.`)

/** A signed-in session: the bearer token and when it expires. */
export const tokenResult = z.object({ token: z.string(), expires_at: z.string() })
export type TokenResult = z.infer<typeof tokenResult>

/** The password was right and the account asks for a second factor: no token yet. */
export const twoFactorRequired = z.object({
  two_factor_required: z.literal(true),
  /** Opaque, single-use, valid five minutes: sent back with the code. */
  challenge: z.string(),
})

/** `POST /api/auth/login`: a token, or (two-factor sign-in on) a challenge for the code. */
export const loginResult = z.union([tokenResult, twoFactorRequired])
export type LoginResult = z.infer<typeof loginResult>

/** An authentication code: six digits from the app, or a recovery code. Never trimmed inside. */
export const codeSchema = z
  .string({ error: 'Authentication code is required.' })
  .trim()
  .min(1, 'Authentication code is required.')
  .max(limits.code, `Authentication code must be at most ${limits.code} characters.`)

export const verifyTwoFactorInput = z.object({
  challenge: z
    .string({ error: 'The sign-in challenge is required.' })
    .min(1, 'The sign-in challenge is required.')
    .max(limits.challenge, 'The sign-in challenge is not valid.'),
  code: codeSchema,
})

export const meResult = z.object({ username: z.string(), expires_at: z.string() })
export type MeResult = z.infer<typeof meResult>

/** `GET /api/setup`: whether the site still waits for its first admin. */
export const setupStatus = z.object({ needed: z.boolean() })
export type SetupStatus = z.infer<typeof setupStatus>

/** `POST /api/setup`: the one-time token the server printed, and the first admin's credentials. */
export const setupInput = z.object({
  // A missing or malformed token is a wrong one (403, counted in the lockout), not a 400.
  token: z
    .unknown()
    .optional()
    .transform((value) =>
      typeof value === 'string' ? value.trim().slice(0, limits.challenge) : '',
    ),
  username: requiredText('Username', limits.username),
  password: newPasswordSchema,
})
export type SetupInput = z.input<typeof setupInput>

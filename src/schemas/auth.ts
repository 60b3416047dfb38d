import { z } from 'zod'
import { limits, requiredText } from './fields'

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

export const loginResult = z.object({ token: z.string(), expires_at: z.string() })
export type LoginResult = z.infer<typeof loginResult>

export const meResult = z.object({ username: z.string(), expires_at: z.string() })
export type MeResult = z.infer<typeof meResult>

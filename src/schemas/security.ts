import { codeSchema } from './auth'
import { idSchema, limits } from './fields'
import { z } from './zod'

/** Settings → Security: whether two-factor sign-in is on. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left (0 when off). */
  recovery_codes_left: z.number().int(),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>

/** Enrolment started: the secret, shown this once (QR code and text), never again. */
export const twoFactorSetup = z.object({
  secret: z.string(),
  /** `otpauth://totp/…`: what the QR code holds. */
  otpauth_url: z.string(),
})
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>

/**
 * Starting enrolment takes the password: a stolen session alone must not be
 * able to turn two-factor sign-in on (and lock the owner out with a secret
 * only the thief holds).
 */
export const setupTwoFactorInput = z.object({
  password: z
    .string({ error: 'Enter your password to turn on two-factor sign-in.' })
    .min(1, 'Enter your password to turn on two-factor sign-in.')
    .max(limits.password, 'The password is too long.'),
})

export const enableTwoFactorInput = z.object({ code: codeSchema })

/** Enrolment confirmed: ten single-use recovery codes, shown once. */
export const twoFactorEnabled = z.object({ recovery_codes: z.array(z.string()) })

/** Turning two-factor sign-in off takes the password or a current code. */
export const disableTwoFactorInput = z
  .object({
    password: z.string().max(limits.password).optional(),
    code: z.string().trim().max(limits.code).optional(),
  })
  .refine((value) => Boolean(value.password) || Boolean(value.code), {
    message: 'Enter your password or an authentication code.',
    path: ['password'],
  })

export const sessionInfo = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  /** "Chrome on Linux", from the User-Agent; "Unknown browser" when there is none. */
  browser: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof sessionInfo>

export const sessionIdInput = z.object({ id: idSchema })

export const revokedSessions = z.object({ revoked: z.number().int() })

/** The kinds of audit entries a list can be narrowed to (a filter, not a stored value). */
export const auditGroups = [
  'sign_in',
  'two_factor',
  'sessions',
  'content',
  'messages',
  'maintenance',
] as const
export type AuditGroup = (typeof auditGroups)[number]

/** A day (UTC) that exists: `2025-01-31`. */
const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2025-01-31.`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, `${name} is not a real date.`)

/**
 * `GET /api/audit?group=sign_in&from=2025-01-01&to=2025-01-31&before=120`:
 * newest first, at most `limit` entries before the id `before` (the next page).
 * `from` and `to` are days (UTC), both included.
 */
export const auditListInput = z
  .object({
    group: z.enum(auditGroups, { error: `group must be one of ${auditGroups.join(', ')}.` }),
    from: day('from'),
    to: day('to'),
    before: z.coerce.number().int().min(1).max(2_147_483_647),
    limit: z.coerce.number().int().min(1).max(100),
  })
  .partial()

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.string(),
  ip: z.string().nullable(),
  actor: z.string().nullable(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** The `before` of the next (older) page, or null on the last one. */
  next_before: z.number().int().nullable(),
})
export type AuditPage = z.infer<typeof auditPage>

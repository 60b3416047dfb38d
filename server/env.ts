import { z } from 'zod'
import { isSafeUrl } from '../src/domain/safe-url'

const durationPattern = /^(\d+)\s*(ms|s|m|h|d)?$/

/** Parses `7d`, `12h`, `30m`, `45s`, `500ms` or a bare number of seconds. */
export function parseDuration(value: string): number | null {
  const match = durationPattern.exec(value.trim())
  if (!match) return null
  const amount = Number(match[1])
  const unit = match[2] ?? 's'
  const factor = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit] ?? 1_000
  return amount * factor
}

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const ms = parseDuration(value)
      if (ms === null || ms <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: `"${value}" is not a duration like 7d, 12h or 30m`,
        })
        return z.NEVER
      }
      return ms
    })

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const optionalString = z.preprocess(blankAsUndefined, z.string().optional())

const linkUrl = (fallback: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .string()
      .default(fallback)
      .refine(isSafeUrl, 'must be an http(s) URL or a path starting with /'),
  )

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blankAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(blankAsUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: z.preprocess(blankAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SESSION_TTL: z.preprocess(blankAsUndefined, duration('7d')),
  SESSION_IDLE_TTL: z.preprocess(blankAsUndefined, duration('1d')),
  TRUST_PROXY: z.preprocess(
    (value) => (value === 'true' ? '1' : value === 'false' ? '0' : blankAsUndefined(value)),
    z.coerce.number().int().min(0).max(10).default(0),
  ),
  CORS_ORIGINS: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .refine(
        (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
        'must be a comma-separated list of origins like https://example.com',
      ),
  ),
  CONTACT_MAX_PER_IP: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).default(5)),
  CONTACT_WINDOW: z.preprocess(blankAsUndefined, duration('10m')),
  CONTACT_DAILY_CAP: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).default(500)),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  OWNER_NAME: z.preprocess(blankAsUndefined, z.string().default('Your Name')),
  OWNER_BIRTH_YEAR: z.preprocess(
    blankAsUndefined,
    z.coerce.number().int().min(1900).max(2100).default(2004),
  ),
  OWNER_EMAIL: z.preprocess(blankAsUndefined, z.email().default('you@example.com')),
  OWNER_UNIVERSITY: z.preprocess(blankAsUndefined, z.string().default('Your University')),
  OWNER_LINKEDIN_URL: linkUrl('https://www.linkedin.com/'),
  OWNER_GITHUB_URL: linkUrl('https://github.com/'),
  OWNER_PHOTO_URL: linkUrl('/profile.svg'),
  LOG_LEVEL: z.preprocess(
    blankAsUndefined,
    z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  ),
  SITE_URL: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .transform((value) => value.trim().replace(/\/+$/, ''))
      .refine(
        (value) => /^https?:\/\/[^/\s?#]+$/.test(value),
        "must be the site's public origin, like https://example.com (no path)",
      )
      .optional(),
  ),
})

export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL'> & {
  /** The public origin; this server's own address when not set. */
  SITE_URL: string
}

/** Parses the environment once; a bad value stops start-up with a readable line. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    )
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  return { ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` }
}
